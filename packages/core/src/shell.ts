// Rules of the shell: spec platform §2. Every function takes a URL pathname (no query or hash).

import { KIDS_PATH } from './constants.ts';
import { isSupportedLanguage } from './language.ts';

/** Cookie that turns kids mode on when it equals 'True' (platform §2). */
export const FOR_KIDS_COOKIE = 'FOR_KIDS';

const KIDS_SEGMENT = KIDS_PATH.slice(1); // 'kids'

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter(Boolean);
}

/** Whether the pathname is the route or lies under it, segment-wise: '/search' matches '/search/' and '/search/x', not '/searching'. */
export function isUnderRoute(pathname: string, route: string): boolean {
  const path = segmentsOf(pathname);
  const base = segmentsOf(route);
  return base.every((segment, i) => path[i] === segment);
}

// spec platform §2: "Kids mode is on when the cookie FOR_KIDS equals True or the path contains
// /kids." We match /kids as a whole segment, so '/kids', '/kids/x' and '/en/kids' are kids mode
// but an alias like '/watch/kidsfilm' is not.
/** Whether kids mode is on: cookie FOR_KIDS equals 'True' or a path segment is 'kids' (platform §2). */
export function isKidsMode({ forKidsCookie, path }: { forKidsCookie: string | null | undefined; path: string }): boolean {
  return forKidsCookie === 'True' || segmentsOf(path).includes(KIDS_SEGMENT);
}

// spec platform §2: "An uppercase locale in the URL is redirected to lowercase." Only the locale
// segment is lowercased; the rest of the path may hold case-sensitive aliases and is kept.
/** The path with its locale segment lowercased when that segment is a supported language in another case, else null (platform §2). */
export function lowercaseLocaleRedirect(pathname: string): string | null {
  const match = /^\/([^/]+)(.*)$/s.exec(pathname);
  if (!match) return null;
  const [, locale = '', rest = ''] = match;
  const lower = locale.toLowerCase();
  return lower !== locale && isSupportedLanguage(lower) ? `/${lower}${rest}` : null;
}

/** Routes that show an error screen when opened without their parameter (platform §2). */
export const ROUTES_REQUIRING_PARAM = ['/collection', '/watch', '/rules'] as const;

/** Whether the path is exactly /collection, /watch or /rules (trailing slash allowed), which shows an error screen (platform §2). */
export function isMissingRequiredParam(pathname: string): boolean {
  const bare = pathname.replace(/\/+$/, '');
  return (ROUTES_REQUIRING_PARAM as readonly string[]).includes(bare);
}

/** Whether the path is an archive list page (/archive with filters), not an archive watch page (catalogue §2). */
export function isArchiveListPath(pathname: string): boolean {
  return isUnderRoute(pathname, '/archive') && !isUnderRoute(pathname, '/archive/watch');
}

// spec platform §2: "The page scrolls to top on route change except on certain routes." The
// routes are not listed. Our choice: archive list pages, which store and restore their own scroll
// position (catalogue §4) and rebuild the route on every filter change.
/** Whether a route change to this path scrolls the page to the top (platform §2). */
export function shouldScrollToTop(pathname: string): boolean {
  return !isArchiveListPath(pathname);
}

/** Whether the navigation progress bar shows for this path: not for search (platform §2). */
export function showsProgressBar(pathname: string): boolean {
  return !isUnderRoute(pathname, '/search');
}

// spec platform §2, catalogue §4: "A route change clears the search value and the selected TV
// category, unless the path contains /channel." Matched as a whole segment, like /kids.
/** Whether a route change to this path clears the search value and the selected TV category (platform §2). */
export function clearsSearchOnRouteChange(pathname: string): boolean {
  return !segmentsOf(pathname).includes('channel');
}

// spec platform §2: "Screen-view events are not sent on /logout, /selections, /megafon_connect,
// auth routes and archive routes." Auth routes are the sign-in and sign-up rows of the route
// table, operator sign-in and sign-up included (/signin/mf, /signup/mf, /signin/megafon).
/** Routes, with everything under them, that send no screen-view event (platform §2). */
export const SCREENVIEW_EXCLUDED = [
  '/logout',
  '/selections',
  '/megafon_connect',
  '/auth',
  '/signin',
  '/signup',
  '/signup_confirm',
  '/token/yandex',
  '/archive',
] as const;

/** Whether a screen-view event is sent for this path (platform §2). */
export function sendsScreenView(pathname: string): boolean {
  return !SCREENVIEW_EXCLUDED.some((route) => isUnderRoute(pathname, route));
}

/** Page kind for catalogue-driven popups: main (/ and /kids) or product (/watch/...) (platform §2, §3 show_pages). */
export type PopupPage = 'main' | 'product';

// spec platform §2: "Catalogue-driven popups show only on /, /kids (main pages) and /watch
// (product pages)."
/** Where catalogue-driven popups may show: 'main' on / and /kids, 'product' under /watch, else null (platform §2). */
export function popupPageOf(pathname: string): PopupPage | null {
  const segments = segmentsOf(pathname);
  if (segments.length === 0 || (segments.length === 1 && segments[0] === KIDS_SEGMENT)) return 'main';
  return segments[0] === 'watch' && segments.length > 1 ? 'product' : null;
}
