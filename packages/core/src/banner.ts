// Banners: spec platform §3 (Banner), §4 (Banner click), §7 (posters by location), §9 (banner view, image size).

import { profileHome } from './profiles.ts';

/** Banner types (platform §3). */
export const BANNER_TYPES = ['product', 'collection', 'playlist', 'channel', 'tv_selection', 'link', 'mainselection', 'profile'] as const;
/** A banner type. */
export type BannerType = (typeof BANNER_TYPES)[number];

/** Banner action types (platform §3). */
export const BANNER_ACTION_TYPES = ['play', 'open', 'add_to_favorites', 'catchup', 'play_trailer'] as const;
/** A banner action type. */
export type BannerActionType = (typeof BANNER_ACTION_TYPES)[number];

/** Where banners show (platform §7 "posters by location"; catalogue §7 names catchups). */
export const BANNER_LOCATIONS = ['home', 'kids', 'promos', 'catchups'] as const;
/** A banner location. */
export type BannerLocation = (typeof BANNER_LOCATIONS)[number];

/** A banner action (platform §3: type, alias, url, target_id, trailer_id, child). */
export interface BannerAction {
  type: BannerActionType;
  alias?: string | null;
  url?: string | null;
  target_id?: string | null;
  trailer_id?: string | null;
  child?: boolean | null;
}

/** What the click rule reads of a banner. */
export interface ClickableBanner {
  type: BannerType;
  actions: readonly BannerAction[];
}

/** What the click rule needs to know about the visitor. */
export interface BannerVisitor {
  /** An anonymous (virtual) visitor: profiles need an account. */
  isVirtual: boolean;
  /** The current profile is a child profile. */
  isChild: boolean;
  /** The account has at least one child profile. */
  hasChildProfile: boolean;
}

/** What a banner click does (platform §4 Banner click). */
export type BannerClickOutcome =
  /** Step 1: a playlist goes to the playlist loader. */
  | { kind: 'play-playlist'; alias: string }
  /** Step 1: anything else to the product loader. */
  | { kind: 'play-product'; alias: string }
  /** Step 2: play the trailer (an extra's uid); a trailer that turns out missing only logs an error. */
  | { kind: 'play-trailer'; trailerId: string; alias: string | null }
  /** Step 3: go to a page of the site. */
  | { kind: 'navigate'; url: string }
  /** Step 3, link: a /child_profile link without a child profile opens the child-profile creation prompt. */
  | { kind: 'child-profile-prompt' }
  /** Step 4: switch to the child profile (platform §4 Child profile switch). */
  | { kind: 'switch-to-child' }
  /** No rule applies (a banner without a usable action): the click does nothing. */
  | { kind: 'none' };

/** The child-profile deeplink (platform §2). */
export const CHILD_PROFILE_PATH = '/child_profile';

/**
 * Whether a link target is an internal URL of the site: a path from the root, not a protocol-relative
 * `//host` nor a `/\host` that browsers read as one.
 */
export function isInternalUrl(url: string | null | undefined): url is string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a link must not hold
  return typeof url === 'string' && /^\/(?![/\\])/.test(url) && !/[\s\u0000-\u001f]/.test(url);
}

const enc = encodeURIComponent;

/** Where an open action of each type leads (platform §4 Banner click, step 3), for the types that have an alias. */
export const BANNER_OPEN_PATHS: Readonly<Record<Exclude<BannerType, 'link' | 'profile'>, (alias: string) => string>> = {
  product: (alias) => `/watch/${enc(alias)}`,
  collection: (alias) => `/collection/${enc(alias)}`,
  playlist: (alias) => `/playlist/${enc(alias)}`,
  channel: (alias) => `/tvchannels/watch/${enc(alias)}`,
  tv_selection: (alias) => `/channel/?category=${enc(alias)}`,
  mainselection: (alias) => `/main/${enc(alias)}`,
};

/** Where a virtual visitor goes to use profiles: sign in, then come back to the child-profile deeplink. */
const signInForChildProfile = () => `/auth?back=${enc(CHILD_PROFILE_PATH)}`;

const hasText = (value: string | null | undefined): value is string => typeof value === 'string' && value.length > 0;

/**
 * spec platform §4 Banner click, in its order:
 * 1. "If a play action exists, play it (a playlist goes to the playlist loader, otherwise the product loader)."
 * 2. "Else if a play_trailer action with trailer_id exists, play that trailer. A missing trailer only logs an
 *    error." (The trailer is looked up when it plays; that is where a missing one logs.)
 * 3. "Else if an open action exists, navigate by type: product /watch/{alias}; collection /collection/{alias};
 *    playlist /playlist/{alias}; channel /tvchannels/watch/{alias}; tv_selection /channel/?category={alias};
 *    mainselection /main/{alias}; profile /auth, /kids or / as appropriate; link goes to the given internal URL
 *    (a link containing /child_profile opens the child-profile creation prompt if no child profile exists)."
 * 4. "A profile banner with a child action switches to the child profile."
 *
 * Our readings where the spec leaves room: an action's alias falls back to the banner's first aliased action;
 * "profile … as appropriate" is /auth for a virtual visitor (profiles need an account), the child switch when
 * the open action is a child action (rule 4), else the current profile's home (/kids in a child profile, /).
 * A virtual visitor cannot have a child profile, so a child link or switch sends them to sign in and back to
 * /child_profile, which runs the switch. A link that is not internal does nothing.
 */
export function bannerClickOutcome(banner: ClickableBanner, visitor: BannerVisitor): BannerClickOutcome {
  const { actions } = banner;
  const first = (type: BannerActionType) => actions.find((a) => a.type === type);
  const fallbackAlias = actions.find((a) => hasText(a.alias))?.alias ?? null;
  const aliasOf = (action: BannerAction) => (hasText(action.alias) ? action.alias : fallbackAlias);
  const childSwitch = (): BannerClickOutcome =>
    visitor.isVirtual ? { kind: 'navigate', url: signInForChildProfile() } : { kind: 'switch-to-child' };

  // 1. play
  const play = first('play');
  if (play) {
    const alias = aliasOf(play);
    if (alias) return banner.type === 'playlist' ? { kind: 'play-playlist', alias } : { kind: 'play-product', alias };
  }

  // 2. play_trailer with trailer_id
  const trailer = actions.find((a) => a.type === 'play_trailer' && hasText(a.trailer_id));
  if (trailer?.trailer_id) return { kind: 'play-trailer', trailerId: trailer.trailer_id, alias: aliasOf(trailer) };

  // 3. open, by type
  const open = first('open');
  if (open) {
    switch (banner.type) {
      case 'link': {
        const url = open.url ?? null;
        if (!isInternalUrl(url)) return { kind: 'none' };
        // "a link containing /child_profile": the path contains it (a query naming it does not count).
        const pathname = url.split(/[?#]/)[0] ?? url;
        if (pathname.includes(CHILD_PROFILE_PATH)) {
          if (visitor.isVirtual) return { kind: 'navigate', url: signInForChildProfile() };
          if (!visitor.hasChildProfile) return { kind: 'child-profile-prompt' };
        }
        return { kind: 'navigate', url };
      }
      case 'profile':
        if (open.child) return childSwitch();
        if (visitor.isVirtual) return { kind: 'navigate', url: '/auth' };
        return { kind: 'navigate', url: profileHome(visitor.isChild) };
      default: {
        const alias = aliasOf(open);
        if (alias) return { kind: 'navigate', url: BANNER_OPEN_PATHS[banner.type](alias) };
      }
    }
  }

  // 4. a profile banner with a child action
  if (banner.type === 'profile' && actions.some((a) => a.child === true)) return childSwitch();

  return { kind: 'none' };
}

/** A button a banner shows beside its main click: add to favorites, or its TV recording. */
export type BannerExtraAction = { kind: 'add-to-favorites'; alias: string } | { kind: 'catchup'; url: string };

/**
 * The banner's other actions, shown as their own buttons: add_to_favorites (by the title's alias) and
 * catchup (the recording's page /archive/watch/{id}, catalogue §2). The click rule of §4 does not use them.
 */
export function bannerExtraActions(banner: ClickableBanner): BannerExtraAction[] {
  const out: BannerExtraAction[] = [];
  const fallbackAlias = banner.actions.find((a) => hasText(a.alias))?.alias ?? null;
  for (const action of banner.actions) {
    if (action.type === 'add_to_favorites') {
      const alias = hasText(action.alias) ? action.alias : fallbackAlias;
      if (alias && !out.some((o) => o.kind === 'add-to-favorites')) out.push({ kind: 'add-to-favorites', alias });
    } else if (action.type === 'catchup' && hasText(action.target_id) && !out.some((o) => o.kind === 'catchup')) {
      out.push({ kind: 'catchup', url: `/archive/watch/${enc(action.target_id)}` });
    }
  }
  return out;
}
