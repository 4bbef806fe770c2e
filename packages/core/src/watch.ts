// Title pages and how visitors arrive at them: spec platform §2 (Watching routes, rules of the shell), §4
// (Traffic source), §9 (durations in hours and minutes).

import { durationParts } from './plural.ts';
import { isUnderRoute } from './shell.ts';

// ---------------------------------------------------------------- durations

// spec platform §9: "durations shown as hours and minutes". The abbreviations ч and мин do not decline, so the
// short form needs no plural rules; the full form (formatDuration) is for places with room for words.
/** A duration in minutes in the short Russian form of cards and fact lines: '1 ч 52 мин', '2 ч', '45 мин'. */
export function formatDurationShort(minutes: number): string {
  return durationParts(minutes, (value, unit) => `${value} ${unit === 'hour' ? 'ч' : 'мин'}`);
}

// ---------------------------------------------------------------- sub-pages of /watch/{watchAlias}/{page}/{pageId}

/** The named sub-pages of a title page besides season-{n} (platform §2 Watching), in the order of its tabs. */
export const WATCH_SUB_PAGES = ['trailers', 'characters', 'extras', 'collections', 'selections', 'person', 'articles'] as const;
/** A named sub-page. */
export type WatchNamedSubPage = (typeof WATCH_SUB_PAGES)[number];

/** A sub-page of a title page: a season by its number, a named page, or a person of the title (person/{alias}). */
export type WatchSubPage =
  | { kind: 'season'; number: number }
  | { kind: WatchNamedSubPage }
  | { kind: 'person-of-title'; alias: string };

const SEASON = /^season-([1-9][0-9]{0,2})$/;
const PERSON_ALIAS = /^[a-z0-9]+(-[a-z0-9]+)*$/;

// spec platform §2: /watch/{watchAlias?}/{page?}/{pageId?}. Only person takes a pageId (a person of the
// title); anything else with a pageId, an unknown page or a malformed season is no page (404). Whether season n
// exists is the title's business, checked where the title is loaded.
/** The sub-page a {page}/{pageId} pair names, or null when it names none (platform §2 Watching). */
export function parseWatchSubPage(page: string, pageId?: string | null): WatchSubPage | null {
  if (page === 'person' && pageId) return PERSON_ALIAS.test(pageId) ? { kind: 'person-of-title', alias: pageId } : null;
  if (pageId) return null;
  const season = SEASON.exec(page);
  if (season) return { kind: 'season', number: Number(season[1]) };
  return (WATCH_SUB_PAGES as readonly string[]).includes(page) ? { kind: page as WatchNamedSubPage } : null;
}

/** The path of a title page or one of its sub-pages. */
export function watchPath(alias: string, sub?: WatchSubPage | null): string {
  const base = `/watch/${alias}`;
  if (!sub) return base;
  if (sub.kind === 'season') return `${base}/season-${sub.number}`;
  if (sub.kind === 'person-of-title') return `${base}/person/${sub.alias}`;
  return `${base}/${sub.kind}`;
}

// ---------------------------------------------------------------- traffic source and the mini-app parameter

/** The traffic-source value of the messaging-app mini-app (platform §4 Traffic source). */
export const TAPP_TRAFFIC_SOURCE = 'tapp';

// A title is named by its alias or its id (uuid); anything else is not followed, so a crafted parameter cannot
// steer the redirect anywhere but a title page of this site.
const PRODUCT_REF = /^[A-Za-z0-9-]{1,160}$/;

// spec platform §4 Traffic source: "Value tapp selects a special API key and, when watch is given and the route
// is not /watch, redirects to /watch/{watch} keeping s, watch and ap." spec platform §2: "A {product} parameter
// opens /watch/{product_param}?ap=true." Only the named parameters travel; the others stay behind. A visitor
// already on a title page is where the parameters point, so nothing happens there.
/**
 * Where a visitor arriving with the mini-app parameters goes (platform §4 Traffic source, §2 mini-app): s=tapp
 * with watch, or product, on a route other than /watch lead to the title page; null when nothing applies.
 */
export function trafficRedirect(pathname: string, search: URLSearchParams): string | null {
  if (isUnderRoute(pathname, '/watch')) return null;
  const s = search.get('s');
  const watch = search.get('watch');
  if (s === TAPP_TRAFFIC_SOURCE && watch && PRODUCT_REF.test(watch)) {
    const kept = new URLSearchParams({ s, watch });
    const ap = search.get('ap');
    if (ap !== null) kept.set('ap', ap);
    return `/watch/${watch}?${kept.toString()}`;
  }
  const product = search.get('product');
  if (product && PRODUCT_REF.test(product)) {
    const kept = new URLSearchParams();
    if (s) kept.set('s', s);
    kept.set('ap', 'true');
    return `/watch/${product}?${kept.toString()}`;
  }
  return null;
}

/**
 * Where closing the player leads (spec platform §2 /close_film): a viewer who came from outside the site (the
 * mini-app's s=tapp, or the autoplay link ap=true that a {product} parameter makes) goes on to «what to watch next»
 * for the title closed; anyone else stays on the title page (null).
 */
export function playerCloseDestination(alias: string, search: URLSearchParams): string | null {
  const fromOutside = search.get('s') === TAPP_TRAFFIC_SOURCE || search.get('ap') === 'true';
  return fromOutside ? `/close_film?${new URLSearchParams({ title: alias }).toString()}` : null;
}

/** A catalogue alias as the site writes them (titles, channels): lowercase Latin letters and digits, single dashes. */
export const ALIAS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isAlias = (value: string): boolean => ALIAS_PATTERN.test(value);
