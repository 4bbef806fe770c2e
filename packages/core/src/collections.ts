// Collections, hashtags, selections, playlists and people: spec platform §2 (Browsing, Collections), §3 (Title:
// cast and crew, Playlist response), catalogue §2, §5, §9. Decision 010 explains the readings.

import { COLLECTION_PAGE_SIZE, CATALOG_PAGE_SIZE } from './constants.ts';
import { pageSuffix, parsePageSuffix } from './paging.ts';

// ---------------------------------------------------------------- people

// spec platform §3 Title: cast, directors, operators, producers, writers, composers. The person page lists the
// filmography in this order (Актёр, Режиссёр, Сценарист, Продюсер, Композитор, Оператор).
/** Credit roles in the order a person's filmography shows them (platform §3). */
export const PERSON_ROLES = ['actor', 'director', 'writer', 'producer', 'composer', 'operator'] as const;

/** A credit role of a person. */
export type PersonRole = (typeof PERSON_ROLES)[number];

// spec platform §3 and catalogue §5: "Person lists count only entries with both name and alias". Our
// reading: a name or an alias that is empty once trimmed counts as missing; such an entry is neither shown nor
// counted, and it has no person page (an alias-less entry could not link to one anyway).
/** Whether a person entry counts in a person list: it has both a name and an alias (platform §3, catalogue §5). */
export function hasNameAndAlias(person: { name?: string | null; alias?: string | null }): boolean {
  return Boolean(person.name?.trim()) && Boolean(person.alias?.trim());
}

/** The entries of a person list that count: those with both a name and an alias (platform §3, catalogue §5). */
export function countedPeople<T extends { name?: string | null; alias?: string | null }>(list: readonly T[]): T[] {
  return list.filter(hasNameAndAlias);
}

/** A person's age in full years on a day (UTC) from a YYYY-MM-DD birth date; null without a valid date. */
export function ageOn(birthDate: string | null, today: Date): number | null {
  const m = birthDate ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const beforeBirthday = today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d);
  return today.getUTCFullYear() - y - (beforeBirthday ? 1 : 0);
}

// ---------------------------------------------------------------- hashtags

const TRANSLIT: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

// Hashtags are Russian words joined by "_" ("неожиданный_финал"). As a collection alias (/collections/{alias})
// a hashtag is written the way every other alias of the site is: Latin, lowercase, words joined by "-"
// ("neozhidannyy-final"), so links stay readable when copied and never need percent-encoding.
/** The collection alias of a hashtag: transliterated, lowercase, kebab-case; '' when nothing is left. */
export function hashtagAlias(tag: string): string {
  let latin = '';
  for (const ch of tag.replace(/^#/, '').toLowerCase()) latin += TRANSLIT[ch] ?? ch;
  return latin
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** How a hashtag reads on a page: "#неожиданный_финал" becomes "неожиданный финал". */
export function hashtagLabel(tag: string): string {
  return tag.replace(/^#/, '').replace(/_+/g, ' ').trim();
}

// ---------------------------------------------------------------- selections

/** Where a selection shows: the adult home, the kids home, or both. */
export const SELECTION_LOCATIONS = ['home', 'kids', 'both'] as const;
export type SelectionLocation = (typeof SELECTION_LOCATIONS)[number];

/** Whether a selection of this location shows for the adult (home) or the kids audience. */
export function selectionShownTo(location: SelectionLocation, audience: 'adult' | 'kids'): boolean {
  return location === 'both' || location === (audience === 'kids' ? 'kids' : 'home');
}

/**
 * A rule-based selection: which titles and in what order. Every field narrows the list; an empty rule
 * is the whole catalogue by popularity. `max_items` caps the list ("top 100"). Validated by
 * `SelectionRuleSchema` of @ekran/contracts wherever a rule is read.
 */
export interface SelectionRule {
  sort?: '-popularity' | 'popularity' | '-ekran_release_date' | '-rating_ekran' | '-year' | 'year' | 'title';
  category?: 'movies' | 'series' | 'animation';
  kind?: 'movie' | 'series';
  genres?: string[];
  country?: string;
  for_kids?: boolean;
  free?: boolean;
  year_from?: number;
  year_to?: number;
  rating_min?: number;
  hashtag?: string;
  max_items?: number;
}

/** Where a selection's titles come from: its rule, its hand-picked titles, or an editorial collection. */
export type SelectionSource = 'rule' | 'items' | 'collection';

// One canonical page per list (decision 010): a rule-based selection lives at /main/{alias} (the mainselection
// banner target), a hand-picked one at /selections/{alias}, and one made of a collection at that collection's page.
/** The canonical page of a selection (/main/{rules}, /selections/{alias}, /collections/{alias}). */
export function selectionUrl(selection: { alias: string; source: SelectionSource; collectionAlias?: string | null }): string {
  if (selection.source === 'rule') return `/main/${selection.alias}`;
  if (selection.source === 'collection' && selection.collectionAlias) return `/collections/${selection.collectionAlias}`;
  return `/selections/${selection.alias}`;
}

// ---------------------------------------------------------------- paging of list pages

// spec catalogue §9: "Catalogue page sizes: 30 (collections and hashtags), 40 (other)".
/** Page sizes of the list pages (catalogue §9): 30 for collections and hashtags, 40 for the others. */
export const LIST_PAGE_SIZE = {
  collections: COLLECTION_PAGE_SIZE,
  collection: COLLECTION_PAGE_SIZE,
  selection: CATALOG_PAGE_SIZE,
  playlist: CATALOG_PAGE_SIZE,
} as const;

/**
 * The page of an optional /page{N} path segment (catalogue §5): 1 when absent, null when the segment is not a
 * valid page suffix (the page does not exist).
 */
export function pageOfSegment(segment: string | undefined): number | null {
  if (segment === undefined || segment === '') return 1;
  return parsePageSuffix(segment);
}

/** A list path with the /page{N} suffix for pages after the first (catalogue §2): ('/playlist/x', 2) → '/playlist/x/page2'. */
export function pagedPath(base: string, page: number): string {
  return page > 1 ? `${base.replace(/\/$/, '')}/${pageSuffix(page)}` : base;
}

/** The number of pages of a list (at least one, so an empty list still has its page). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
