// The TV catch-up archive: spec catalogue §1, §2, §4, §5.

import { ARCHIVE_AVAILABILITY_DAYS, BADGE_SHORT_BELOW, MINUTES_PER_DAY } from './constants.ts';
import { countRu, DAY_FORMS, HOUR_FORMS, MINUTE_FORMS } from './plural.ts';
import { SUBSCRIBE_BUTTON_TEXT, trialButtonText } from './trial.ts';
import { DAY_MS } from './time.ts';

/** Archive menu label and breadcrumb root; the A/B variant says 'Записи с ТВ' (catalogue §1, §2). */
export const ARCHIVE_TITLE = { default: 'Кино на ТВ', variant: 'Записи с ТВ' } as const;

// spec catalogue §1, §2, §4: the labels of the archive in "an A/B variant", the New_text_and_button_for_catchup
// experiment of the auth data's ab (platform §6). Its groups are not given: as Mobile_web_app, B is the group with
// the feature on (A control, core experiment-assignment.ts).
/** The New_text_and_button_for_catchup group that shows the variant texts («Записи с ТВ», « в записи»). */
export const CATCHUP_VARIANT_GROUP = 'B';

/** Whether a visitor's New_text_and_button_for_catchup group (from the auth data's ab) shows the variant texts. */
export function isCatchupVariantOn(group: string | null | undefined): boolean {
  return group === CATCHUP_VARIANT_GROUP;
}

/** The archive's menu label and breadcrumb root for the variant or not (catalogue §1, §2). */
export function archiveTitle(variant: boolean): string {
  return variant ? ARCHIVE_TITLE.variant : ARCHIVE_TITLE.default;
}

/** Archive category word in the route. */
export type ArchiveCategory = 'movies' | 'series';

/** Archive categories, in filter order (catalogue §2). */
export const ARCHIVE_CATEGORIES: readonly ArchiveCategory[] = ['movies', 'series'];

// spec catalogue §2: "Фильмы на ТВ" or "Сериалы на ТВ" (with " в записи" in the variant).
/** Breadcrumb title of an archive category, with ' в записи' in the A/B variant (catalogue §2). */
export function archiveCategoryTitle(category: ArchiveCategory, variant: boolean): string {
  const title = category === 'movies' ? 'Фильмы на ТВ' : 'Сериалы на ТВ';
  return variant ? `${title} в записи` : title;
}

/** Empty archive view texts (catalogue §4). */
export const ARCHIVE_EMPTY = { title: 'Ничего не нашлось', text: 'Попробуйте изменить фильтры' } as const;

/** An archive route parameter classified (catalogue §5). */
export type ArchiveParam =
  | { kind: 'year'; year: number }
  | { kind: 'category'; category: ArchiveCategory }
  | { kind: 'genre'; genre: string };

// spec catalogue §5: "numeric is a year, a category word is a category, otherwise a genre".
// Numeric means decimal digits only; an empty parameter is no filter and gives null.
/** Classifies an archive route parameter: digits are a year, 'movies' or 'series' a category, anything else a genre (catalogue §5). */
export function classifyArchiveParam(param: string): ArchiveParam | null {
  if (param === '') return null;
  if (/^\d+$/.test(param)) return { kind: 'year', year: Number(param) };
  if (param === 'movies' || param === 'series') return { kind: 'category', category: param };
  return { kind: 'genre', genre: param };
}

/** Archive filters: one category, several genres and years. */
export interface ArchiveFilters {
  readonly category: ArchiveCategory | null;
  readonly genres: readonly string[];
  readonly years: readonly number[];
}

/** Archive filters with nothing selected. */
export const NO_ARCHIVE_FILTERS: ArchiveFilters = Object.freeze({ category: null, genres: [], years: [] });

// spec catalogue §2: "The route params param1, param2, param3, genres and year are read and each
// is classified"; the query holds comma lists (genres=a,b, year=x,y). Repeats are dropped and the
// first category wins.
/** Archive filters from the route params and the genres and year query values (catalogue §2, §5). */
export function parseArchiveFilters(source: {
  param1?: string | undefined;
  param2?: string | undefined;
  param3?: string | undefined;
  genres?: string | null | undefined;
  year?: string | null | undefined;
}): ArchiveFilters {
  const values = [source.param1, source.param2, source.param3, source.genres, source.year]
    .flatMap((value) => (value ? value.split(',') : []))
    .map((value) => value.trim());
  let category: ArchiveCategory | null = null;
  const genres: string[] = [];
  const years: number[] = [];
  for (const param of values.map(classifyArchiveParam)) {
    if (param?.kind === 'category') category ??= param.category;
    if (param?.kind === 'genre' && !genres.includes(param.genre)) genres.push(param.genre);
    if (param?.kind === 'year' && !years.includes(param.year)) years.push(param.year);
  }
  return { category, genres, years };
}

// spec catalogue §2: "/archive/{movies or series}, /archive/{genre}, /archive/{genre}/{year}. With
// several genres or years, the filters go in the query as genres=a,b and year=x,y." A single
// category, genre and year each take a path segment in that order; commas stay unescaped.
/** The archive URL for the filters: single values in the path, several genres or years in the query (catalogue §2). */
export function archiveUrl(filters: ArchiveFilters): string {
  const { category, genres, years } = filters;
  const segments: string[] = [];
  const query: string[] = [];
  if (category) segments.push(category);
  if (genres.length === 1) segments.push(encodeURIComponent(genres[0] ?? ''));
  if (years.length === 1) segments.push(String(years[0]));
  if (genres.length > 1) query.push(`genres=${genres.map(encodeURIComponent).join(',')}`);
  if (years.length > 1) query.push(`year=${years.join(',')}`);
  const path = ['/archive', ...segments].join('/');
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

/** A filter choice in the archive. */
export type ArchiveFilterChoice =
  | { type: 'category'; category: ArchiveCategory }
  | { type: 'genre'; genre: string }
  | { type: 'year'; year: number };

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

// spec catalogue §4: "a category choice replaces the single category; genre and year toggle as
// multi-select."
/** Filters after a choice: a category replaces the category, a genre or year toggles (catalogue §4). */
export function applyArchiveFilter(filters: ArchiveFilters, choice: ArchiveFilterChoice): ArchiveFilters {
  switch (choice.type) {
    case 'category':
      return { ...filters, category: choice.category };
    case 'genre':
      return { ...filters, genres: toggle(filters.genres, choice.genre) };
    case 'year':
      return { ...filters, years: toggle(filters.years, choice.year) };
  }
}

/** Whether any archive filter is selected, which shows the reset button (catalogue §4). */
export function hasArchiveFilters(filters: ArchiveFilters): boolean {
  return filters.category !== null || filters.genres.length > 0 || filters.years.length > 0;
}

// spec catalogue §4: "Card badge shows time left before expiry: "Ещё" below width 405, otherwise
// "Доступно ещё"."
/** Lead text of the expiry badge: 'Ещё' below 405 px, else 'Доступно ещё' (catalogue §4). */
export function expiryBadge(width: number): string {
  return width < BADGE_SHORT_BELOW ? 'Ещё' : 'Доступно ещё';
}

// The badge's time format is not shown in the spec. Our choice: the largest whole unit, rounded
// down so the badge never promises more than is left: whole days from 1440 minutes on, then
// whole hours, then minutes; nothing once expired.
/** Time left on an archive recording for the badge, e.g. '13 дней', '5 часов', '20 минут'; null when expired. */
export function expiryTimeLeft(minutesLeft: number): string | null {
  if (!(minutesLeft >= 1)) return null;
  if (minutesLeft >= MINUTES_PER_DAY) return countRu(Math.floor(minutesLeft / MINUTES_PER_DAY), DAY_FORMS);
  if (minutesLeft >= 60) return countRu(Math.floor(minutesLeft / 60), HOUR_FORMS);
  return countRu(Math.floor(minutesLeft), MINUTE_FORMS);
}

/** The archive subscribe button: its text and where it leads. */
export interface SubscribeButton {
  text: string;
  action: 'signup' | 'subscribe';
}

// spec catalogue §4, §6: "a virtual user or a user with zero subscriptions sees it. A virtual
// user is sent to /signup; others open the subscription dialog. Text: "Смотреть {N}
// день/дня/дней бесплатно" (N from the trial tariff of weight 0, default 7) when virtual or
// trial_is_available; otherwise "Оформить подписку"."
/** The archive subscribe button for a user, or null for a subscriber (catalogue §4). */
export function archiveSubscribeButton(user: {
  virtual: boolean;
  subscriptionCount: number;
  trialIsAvailable: boolean;
  trialDays?: number | undefined;
}): SubscribeButton | null {
  if (!user.virtual && user.subscriptionCount > 0) return null;
  const text = user.virtual || user.trialIsAvailable ? trialButtonText(user.trialDays) : SUBSCRIBE_BUTTON_TEXT;
  return { text, action: user.virtual ? 'signup' : 'subscribe' };
}

// ---- Recordings, catch-up items and paging of the archive API

/** The word of a catch-up item's category (catalogue §3: alias movie or series) for a route category. */
export const CATCHUP_CATEGORY_ALIAS: Readonly<Record<ArchiveCategory, 'movie' | 'series'>> = { movies: 'movie', series: 'series' };

/** Titles of the archive categories in the filters and on the items (catalogue §3 Filter group, Catch-up item). */
export const ARCHIVE_CATEGORY_TITLES: Readonly<Record<ArchiveCategory, string>> = { movies: 'Фильмы', series: 'Сериалы' };

/** A route category from either word: 'movies' or 'movie', 'series'; null for anything else. */
export function archiveCategoryOf(word: string): ArchiveCategory | null {
  if (word === 'movies' || word === 'movie') return 'movies';
  if (word === 'series') return 'series';
  return null;
}

/** Page size of the archive API without a limit: the desktop page (catalogue §9). */
export const CATCHUP_DEFAULT_LIMIT = 25;
// Ours: no device asks for more than 25 (catalogue §9), so a larger limit is capped rather than refused.
/** The most catch-up items one call answers; a larger limit is capped to it. */
export const CATCHUP_LIMIT_MAX = 100;

// spec catalogue §3: "rating_age (default 18+)".
/** A catch-up item's age rating when the title has none (catalogue §3). */
export const CATCHUP_DEFAULT_RATING_AGE = '18+';

/** A catch-up item's age rating: the given one, or 18+ when missing or blank (catalogue §3). */
export function catchupRatingAge(value: string | null | undefined): string {
  const v = value?.trim();
  return v ? v : CATCHUP_DEFAULT_RATING_AGE;
}

// spec catalogue §3: "genres (list of titles, or a string that may be JSON-like)". A string is read as a JSON
// array when it is one (also with single quotes, as Python prints lists), otherwise split on commas.
/** The genre titles of a catch-up item, whether they came as a list or as a (JSON-like) string. */
export function catchupGenreTitles(genres: readonly string[] | string | null | undefined): string[] {
  if (genres == null) return [];
  if (typeof genres !== 'string') return genres.map((g) => g.trim()).filter(Boolean);
  const text = genres.trim();
  if (text.startsWith('[') && text.endsWith(']')) {
    for (const candidate of [text, text.replace(/'/g, '"')]) {
      try {
        const parsed: unknown = JSON.parse(candidate);
        if (Array.isArray(parsed)) return parsed.filter((g): g is string => typeof g === 'string').map((g) => g.trim()).filter(Boolean);
      } catch {
        // not JSON: try the next reading
      }
    }
    return catchupGenreTitles(text.slice(1, -1).replace(/["']/g, ''));
  }
  return text.split(',').map((g) => g.trim()).filter(Boolean);
}

// spec catalogue §1, §9: "Recordings stay available for up to 14 days".
/** When the recording of a programme that ends at `endsAt` stops being offered: 14 days later (catalogue §9). */
export function recordingExpiresAt(endsAt: Date, days: number = ARCHIVE_AVAILABILITY_DAYS): Date {
  return new Date(endsAt.getTime() + days * DAY_MS);
}

/** Whether a recording is offered at `now`: its programme has ended and it has not expired (expiry is exclusive). */
export function isRecordingAvailable(programme: { endsAt: Date; expiredAt: Date | null }, now: Date): boolean {
  return programme.expiredAt !== null && programme.endsAt.getTime() <= now.getTime() && now.getTime() < programme.expiredAt.getTime();
}

// spec catalogue §7: "GET /v2/multiplex/catchups: query category, genre, year, paging (limit, skip), for_kids".
/** The catch-up API's filter query for archive filters (several genres or years comma-separated); empty ones left out. */
export function catchupQuery(filters: ArchiveFilters): { category?: ArchiveCategory; genre?: string; year?: string } {
  return {
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.genres.length ? { genre: filters.genres.join(',') } : {}),
    ...(filters.years.length ? { year: filters.years.join(',') } : {}),
  };
}
