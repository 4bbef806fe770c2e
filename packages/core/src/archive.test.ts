import { describe, expect, it } from 'vitest';
import { ARCHIVE_AVAILABILITY_DAYS } from './constants.ts';
import {
  applyArchiveFilter,
  archiveCategoryOf,
  catchupGenreTitles,
  catchupQuery,
  catchupRatingAge,
  isRecordingAvailable,
  recordingExpiresAt,
  ARCHIVE_EMPTY,
  ARCHIVE_TITLE,
  archiveCategoryTitle,
  archiveTitle,
  isCatchupVariantOn,
  type ArchiveFilters,
  archiveSubscribeButton,
  archiveUrl,
  classifyArchiveParam,
  expiryBadge,
  expiryTimeLeft,
  hasArchiveFilters,
  NO_ARCHIVE_FILTERS,
  parseArchiveFilters,
} from './archive.ts';

describe('archive texts (catalogue §1, §2, §4)', () => {
  it('labels are Кино на ТВ, or Записи с ТВ in the variant', () => {
    expect(ARCHIVE_TITLE).toEqual({ default: 'Кино на ТВ', variant: 'Записи с ТВ' });
  });

  it.each([
    ['movies', false, 'Фильмы на ТВ'],
    ['series', false, 'Сериалы на ТВ'],
    ['movies', true, 'Фильмы на ТВ в записи'],
    ['series', true, 'Сериалы на ТВ в записи'],
  ] as const)('%s, variant %s: %j', (category, variant, title) => {
    expect(archiveCategoryTitle(category, variant)).toBe(title);
  });

  it.each([
    ['B', true, 'Записи с ТВ'],
    ['A', false, 'Кино на ТВ'],
    [null, false, 'Кино на ТВ'],
    [undefined, false, 'Кино на ТВ'],
  ])('New_text_and_button_for_catchup group %s: variant %s, label %s', (group, variant, label) => {
    expect(isCatchupVariantOn(group)).toBe(variant);
    expect(archiveTitle(isCatchupVariantOn(group))).toBe(label);
  });

  it('empty view says Ничего не нашлось / Попробуйте изменить фильтры', () => {
    expect(ARCHIVE_EMPTY).toEqual({ title: 'Ничего не нашлось', text: 'Попробуйте изменить фильтры' });
  });
});

describe('classifyArchiveParam (catalogue §5: numeric is a year, a category word is a category, otherwise a genre)', () => {
  it.each([
    ['2020', { kind: 'year', year: 2020 }],
    ['1999', { kind: 'year', year: 1999 }],
    ['movies', { kind: 'category', category: 'movies' }],
    ['series', { kind: 'category', category: 'series' }],
    ['drama', { kind: 'genre', genre: 'drama' }],
    ['movie', { kind: 'genre', genre: 'movie' }],
    ['Movies', { kind: 'genre', genre: 'Movies' }],
    ['2020s', { kind: 'genre', genre: '2020s' }],
    ['-2020', { kind: 'genre', genre: '-2020' }],
    ['', null],
  ])('%j is %j', (param, expected) => {
    expect(classifyArchiveParam(param)).toEqual(expected);
  });
});

describe('parseArchiveFilters and archiveUrl (catalogue §2)', () => {
  it.each([
    [{}, { category: null, genres: [], years: [] }, '/archive'],
    [{ param1: 'movies' }, { category: 'movies', genres: [], years: [] }, '/archive/movies'],
    [{ param1: 'drama' }, { category: null, genres: ['drama'], years: [] }, '/archive/drama'],
    [{ param1: 'drama', param2: '2020' }, { category: null, genres: ['drama'], years: [2020] }, '/archive/drama/2020'],
    [{ param1: 'series', param2: 'drama', param3: '2020' }, { category: 'series', genres: ['drama'], years: [2020] }, '/archive/series/drama/2020'],
    [{ genres: 'drama,comedy', year: '2020,2021' }, { category: null, genres: ['drama', 'comedy'], years: [2020, 2021] }, '/archive?genres=drama,comedy&year=2020,2021'],
    [{ param1: 'movies', genres: 'drama,comedy', year: '2020' }, { category: 'movies', genres: ['drama', 'comedy'], years: [2020] }, '/archive/movies/2020?genres=drama,comedy'],
    [{ param1: 'drama', year: '2020,2021' }, { category: null, genres: ['drama'], years: [2020, 2021] }, '/archive/drama?year=2020,2021'],
  ])('%j parses to %j and builds %j', (source, filters, url) => {
    expect(parseArchiveFilters(source)).toEqual(filters);
    expect(archiveUrl(filters as ArchiveFilters)).toBe(url);
  });

  it.each([
    [{ param1: '2020', param2: 'drama' }, { category: null, genres: ['drama'], years: [2020] }],
    [{ param1: 'drama', genres: 'drama,comedy' }, { category: null, genres: ['drama', 'comedy'], years: [] }],
    [{ param1: 'movies', param2: 'series' }, { category: 'movies', genres: [], years: [] }],
    [{ genres: 'drama,,comedy,', year: '' }, { category: null, genres: ['drama', 'comedy'], years: [] }],
    [{ param1: undefined, genres: null, year: null }, { category: null, genres: [], years: [] }],
  ])('%j parses to %j (order-free, repeats dropped, first category wins)', (source, filters) => {
    expect(parseArchiveFilters(source)).toEqual(filters);
  });

  it('round-trips any filters through the URL', () => {
    const filters: ArchiveFilters = { category: 'series', genres: ['horror', 'scifi'], years: [2019, 2022] };
    const url = new URL(archiveUrl(filters), 'https://ekran.test');
    const [param1, param2, param3] = url.pathname.split('/').slice(2);
    const parsed = parseArchiveFilters({ param1, param2, param3, genres: url.searchParams.get('genres'), year: url.searchParams.get('year') });
    expect(parsed).toEqual(filters);
  });

  it('escapes a genre alias that is not URL-safe', () => {
    expect(archiveUrl({ category: null, genres: ['a/b'], years: [] })).toBe('/archive/a%2Fb');
  });
});

describe('applyArchiveFilter and hasArchiveFilters (catalogue §4)', () => {
  const start: ArchiveFilters = { category: 'movies', genres: ['drama'], years: [2020] };
  it.each([
    ['a category replaces the category', { type: 'category', category: 'series' }, { category: 'series', genres: ['drama'], years: [2020] }],
    ['the same category stays', { type: 'category', category: 'movies' }, start],
    ['a new genre is added', { type: 'genre', genre: 'comedy' }, { category: 'movies', genres: ['drama', 'comedy'], years: [2020] }],
    ['a chosen genre is removed', { type: 'genre', genre: 'drama' }, { category: 'movies', genres: [], years: [2020] }],
    ['a new year is added', { type: 'year', year: 2021 }, { category: 'movies', genres: ['drama'], years: [2020, 2021] }],
    ['a chosen year is removed', { type: 'year', year: 2020 }, { category: 'movies', genres: ['drama'], years: [] }],
  ] as const)('%s', (_name, choice, expected) => {
    expect(applyArchiveFilter(start, choice)).toEqual(expected);
    expect(start).toEqual({ category: 'movies', genres: ['drama'], years: [2020] });
  });

  it.each([
    [NO_ARCHIVE_FILTERS, false],
    [{ category: 'movies', genres: [], years: [] }, true],
    [{ category: null, genres: ['drama'], years: [] }, true],
    [{ category: null, genres: [], years: [2020] }, true],
  ] as const)('%j: reset button %s', (filters, expected) => {
    expect(hasArchiveFilters(filters)).toBe(expected);
  });

  it('reset goes to /archive', () => {
    expect(archiveUrl(NO_ARCHIVE_FILTERS)).toBe('/archive');
  });
});

describe('expiry badge (catalogue §4: "Ещё" below width 405, otherwise "Доступно ещё")', () => {
  it.each([
    [320, 'Ещё'],
    [404, 'Ещё'],
    [404.5, 'Ещё'],
    [405, 'Доступно ещё'],
    [1440, 'Доступно ещё'],
  ])('%s px: %j', (width, expected) => {
    expect(expiryBadge(width)).toBe(expected);
  });

  it.each([
    [14 * 1440, '14 дней'],
    [13 * 1440 + 1439, '13 дней'],
    [1440, '1 день'],
    [2 * 1440, '2 дня'],
    [1439, '23 часа'],
    [300, '5 часов'],
    [60, '1 час'],
    [59, '59 минут'],
    [21, '21 минута'],
    [1.9, '1 минута'],
    [0.5, null],
    [0, null],
    [-10, null],
    [NaN, null],
  ])('%s minutes left: %j', (minutes, expected) => {
    expect(expiryTimeLeft(minutes)).toBe(expected);
  });
});

describe('archiveSubscribeButton (catalogue §4)', () => {
  it.each([
    ['virtual: trial text, to /signup', { virtual: true, subscriptionCount: 0, trialIsAvailable: false }, { text: 'Смотреть 7 дней бесплатно', action: 'signup' }],
    ['virtual with a 14-day trial tariff', { virtual: true, subscriptionCount: 0, trialIsAvailable: true, trialDays: 14 }, { text: 'Смотреть 14 дней бесплатно', action: 'signup' }],
    ['registered, trial available: subscription dialog', { virtual: false, subscriptionCount: 0, trialIsAvailable: true, trialDays: 3 }, { text: 'Смотреть 3 дня бесплатно', action: 'subscribe' }],
    ['registered, no trial: Оформить подписку', { virtual: false, subscriptionCount: 0, trialIsAvailable: false }, { text: 'Оформить подписку', action: 'subscribe' }],
    ['subscriber: no button', { virtual: false, subscriptionCount: 1, trialIsAvailable: false }, null],
  ])('%s', (_name, user, expected) => {
    expect(archiveSubscribeButton(user)).toEqual(expected);
  });
});

describe('catch-up items and recordings (issue 7: catalogue §1, §3, §9)', () => {
  it.each([
    [['Драма', 'Комедия'], ['Драма', 'Комедия']],
    ['["Драма", "Комедия"]', ['Драма', 'Комедия']],
    ["['Драма', 'Комедия']", ['Драма', 'Комедия']],
    ['[Драма, Комедия]', ['Драма', 'Комедия']],
    ['Драма, Комедия', ['Драма', 'Комедия']],
    ['Драма', ['Драма']],
    ['', []],
    [null, []],
  ])('genres %j read as %j (a list or a JSON-like string)', (genres, titles) => {
    expect(catchupGenreTitles(genres)).toEqual(titles);
  });

  it.each([[null, '18+'], [undefined, '18+'], ['', '18+'], [' ', '18+'], ['6+', '6+']])('rating_age %j is %j (default 18+)', (value, rating) => {
    expect(catchupRatingAge(value)).toBe(rating);
  });

  it('keeps a recording 14 days after its programme ends', () => {
    const end = new Date('2026-11-21T20:00:00Z');
    expect(ARCHIVE_AVAILABILITY_DAYS).toBe(14);
    expect(recordingExpiresAt(end)).toEqual(new Date('2026-12-05T20:00:00Z'));
  });

  it.each([
    ['2026-11-21T19:59:59Z', false],
    ['2026-11-21T20:00:00Z', true],
    ['2026-12-05T19:59:59Z', true],
    ['2026-12-05T20:00:00Z', false],
  ])('at %s the recording is offered: %s (after the end, until expired_at)', (now, offered) => {
    const programme = { endsAt: new Date('2026-11-21T20:00:00Z'), expiredAt: new Date('2026-12-05T20:00:00Z') };
    expect(isRecordingAvailable(programme, new Date(now))).toBe(offered);
  });

  it('offers nothing of a programme that is not recorded', () => {
    expect(isRecordingAvailable({ endsAt: new Date('2026-11-21T20:00:00Z'), expiredAt: null }, new Date('2026-11-22T00:00:00Z'))).toBe(false);
  });

  it.each([['movies', 'movies'], ['movie', 'movies'], ['series', 'series'], ['animation', null]])('category word %s is %s', (word, category) => {
    expect(archiveCategoryOf(word)).toBe(category);
  });
});

describe('catchupQuery (catalogue §7: category, genre, year)', () => {
  it.each([
    [NO_ARCHIVE_FILTERS, {}],
    [{ category: 'series', genres: [], years: [] }, { category: 'series' }],
    [{ category: null, genres: ['drama', 'comedy'], years: [2020, 2021] }, { genre: 'drama,comedy', year: '2020,2021' }],
  ] as const)('%j asks %j', (filters, query) => {
    expect(catchupQuery(filters)).toEqual(query);
  });
});
