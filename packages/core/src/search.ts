// Search: the rules shared by the API, the database and the site (spec platform §2, §5,
// catalogue §5, §7, §9).

import { isUnderRoute } from './shell.ts';

/** Longest query the search accepts, in characters; a longer one is a bad request. */
export const SEARCH_QUERY_MAX = 100;
/** Results per group on the search page (catalogue §9: the catch-up search limit is 40; we use it for every group). */
export const SEARCH_LIMIT = 40;
/** Suggestions under the header input, all groups together. */
export const SEARCH_SUGGEST_LIMIT = 8;
/** The header input asks for suggestions once typing pauses this long. */
export const SEARCH_SUGGEST_DEBOUNCE_MS = 250;
/** Suggestions start from this many characters of normalised query (one letter matches too much to help). */
export const SEARCH_SUGGEST_MIN_CHARS = 2;

// Characters that may carry meaning before accents are folded: ASCII letters and digits, Latin-1 and Latin
// Extended-A/B letters (accented), Cyrillic, kana, CJK and Hangul. Everything else separates words.
const BEFORE_FOLD_SEPARATORS = /[^0-9A-Za-z\u00C0-\u024F\u0400-\u04FF\u3040-\u30FF\u4E00-\u9FFF\uAC00-\uD7AF]+/g;
// What a normalised text is made of: lower-case Latin and Russian letters (ё folded into е), the
// Ukrainian and Belarusian extra letters, digits, kana, CJK and Hangul, separated by single spaces.
const AFTER_FOLD_SEPARATORS = /[^0-9a-zа-яіїєўґ\u3040-\u30FF\u4E00-\u9FFF\uAC00-\uD7AF]+/g;

// Where PostgreSQL's unaccent differs from "decompose and drop the marks" in the Latin ranges: ligatures,
// stroked letters and letters it leaves alone. Pairs of "letter replacement", generated from unaccent.rules
// and checked by packages/db/src/search-normalize.test.ts against the database.
const UNACCENT_SPECIAL = new Map(
  (
    'ÆAE ÐD ×* ØO ÞTH ßss æae ðd ÷/ øo þth ĐD đd ĦH ħh ıi ĸq ĿL ŀl ŁL łl ŉ\'n ŊN ŋn ŒOE œoe ŦT ŧt ƀb ƁB ƂB ƃb ' +
    'ƇC ƈc ƉD ƊD ƋD ƌd ƐE ƑF ƒf ƓG ƕhv ƖI ƗI ƘK ƙk ƚl ƝN ƞn ƢOI ƣoi ƤP ƥp ƫt ƬT ƭt ƮT ƲV ƳY ƴy ƵZ ƶz ǢǢ ǣǣ ǤG ǥg ' +
    'ǮǮ ǯǯ ǼǼ ǽǽ ǾǾ ǿǿ ȡd ȤZ ȥz ȴl ȵn ȶt ȷj ȸdb ȹqp ȺA ȻC ȼc ȽL ȾT ȿs ɀz ɃB ɄU ɆE ɇe ɈJ ɉj ɌR ɍr ɎY ɏy'
  )
    .split(' ')
    .map((pair) => [pair.slice(0, 1), pair.slice(1)] as const),
);

function unaccentChar(ch: string): string {
  if (ch === 'ё') return 'е';
  if (ch === 'Ё') return 'Е';
  return UNACCENT_SPECIAL.get(ch) ?? ch.normalize('NFKD').replace(/\p{M}/gu, '');
}

/**
 * The search form of a text: composed (NFC), accents folded (ё → е, é → e, æ → ae), lower case, hyphens and punctuation
 * turned into spaces, spaces collapsed and trimmed. The database has the same function,
 * ekran_search_normalize() (packages/db/drizzle), over the columns it searches.
 */
export function normalizeSearchText(value: string): string {
  return value
    .normalize('NFC')
    .replace(BEFORE_FOLD_SEPARATORS, ' ')
    .replace(/[\u00C0-\u024FЁё]/g, unaccentChar)
    .toLowerCase()
    .replace(AFTER_FOLD_SEPARATORS, ' ')
    .trim();
}

/** The words of a query in search form (none for an empty or punctuation-only query). */
export function searchWords(value: string): string[] {
  const normalized = normalizeSearchText(value);
  return normalized ? normalized.split(' ') : [];
}

/** Whether a query is empty for search: nothing but spaces and punctuation (catalogue §5: empty items). */
export function isBlankSearchQuery(value: string | null | undefined): boolean {
  return !value || normalizeSearchText(value) === '';
}

/** The search page's address for a query: /search?q=… (platform §2: /search with query q). */
export function searchPath(query: string): string {
  const q = query.trim();
  return q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search';
}

// spec platform §2: "The search input shows in the header except on a listed set of routes." The list is
// not shown. Ours: the pages where a viewer is in the middle of something else (signing in or up, codes
// and confirmations, payment results, the account) and the search page itself, which has its own field.
/** Routes, with everything under them, where the header has no search input (platform §2). */
export const SEARCH_HIDDEN_ROUTES = [
  '/search',
  // signing in and up, social and operator flows, passwords, sign-out
  '/auth',
  '/signin',
  '/signup',
  '/signup_confirm',
  '/token',
  '/megafon_connect',
  '/landingSignup',
  '/password',
  '/logout',
  // codes, confirmations and coupons
  '/code',
  '/premium_code',
  '/coupon',
  '/email-confirm',
  '/email_confirm',
  '/doi-confirm',
  '/doi_confirm',
  '/pin_remove',
  '/child_profile',
  // the account and payments
  '/account',
  '/payment_history',
  '/web/success',
  '/web/fail',
  '/mobile/success',
  '/mobile/fail',
  '/paymentSuccess',
  '/paymentFail',
  '/pages/subscription/already',
  '/confirmed',
  '/denied',
  // development tools
  '/dev',
] as const;

/** Whether the header shows the search input on this path (platform §2). */
export function showsHeaderSearch(pathname: string): boolean {
  return !SEARCH_HIDDEN_ROUTES.some((route) => isUnderRoute(pathname, route));
}
