// Category pages against the demo seed: faceted filter counts checked against the seed's own
// data, sorting (including both Catalog_sorting groups), keyset and offset paging and the skip cap.
import { CatalogFiltersSchema, TitleListSchema, type CatalogFilters, type FilterGroup } from '@ekran/contracts';
import { assignExperiments, EXPERIMENTS, experimentGroup, ratingsAllowedUnder } from '@ekran/core';
import { generateCatalogue, seedDatabase, type SeedCatalogue } from '@ekran/db/seed';
import { titles } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMediaManifest } from '../../lib/paths.ts';
import { createTestApp, loginDevice, TEST_API_KEY, type TestApp } from '../../test/harness.ts';
import { childSession } from '../profiles/profiles.test-helpers.ts';

type SeedTitle = SeedCatalogue['titles'][number];

let t: TestApp;
let seed: SeedCatalogue;

beforeAll(async () => {
  t = await createTestApp();
  seed = generateCatalogue();
  await seedDatabase(t.db, { media: readMediaManifest(t.env.MEDIA_DIR), apiClients: [{ key: TEST_API_KEY, name: 'test web', platform: 'web' }], catalogue: seed });
}, 120_000);
afterAll(() => t.close());

const categoryOf = (s: SeedTitle) => (s.isAnimation ? 'animation' : s.kind === 'movie' ? 'movies' : 'series');
const get = async (url: string, headers: Record<string, string> = t.headers) => t.app.inject({ url, headers });
const filtersOf = async (query: string, headers?: Record<string, string>): Promise<CatalogFilters> => {
  const res = await get(`/api/v1/catalog/filters?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return CatalogFiltersSchema.parse(res.json());
};
const listOf = async (query: string, headers?: Record<string, string>) => {
  const res = await get(`/api/v1/titles?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return TitleListSchema.parse(res.json());
};
const group = (filters: CatalogFilters, alias: FilterGroup['alias']) => filters.items.find((g) => g.alias === alias)!;
const totals = (g: FilterGroup) => Object.fromEntries(g.items.map((i) => [i.alias, i.total]));

/** What the seed says a category page with these filters lists, counted here from the generator's data. */
function seedCount(category: string, f: { genre?: string; year?: number; country?: string } = {}, keep: (s: SeedTitle) => boolean = () => true) {
  return seed.titles.filter(
    (s) =>
      categoryOf(s) === category &&
      keep(s) &&
      (!f.genre || s.genres.includes(f.genre)) &&
      (!f.year || s.year === f.year) &&
      (!f.country || s.countries.includes(f.country)),
  ).length;
}

/** The genre, year and country most movies share, so the filtered lists are not tiny. */
function commonest<T>(values: T[]): T {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

describe('GET /api/v1/catalog/filters (catalogue §3, §4, §7)', () => {
  it('counts every genre, year and country of /movies as the seed has them, with «Все» first', async () => {
    const filters = await filtersOf('category=movies&device_type=web&locale=ru&for_kids=false');
    expect(filters.items.map((g) => [g.alias, g.title, g.selected])).toEqual([
      ['genre', 'Жанры', 'all'],
      ['year', 'Годы', 'all'],
      ['country', 'Страны', 'all'],
    ]);
    const movies = seedCount('movies');
    for (const g of filters.items) expect(g.items[0]).toEqual({ alias: 'all', title: 'Все', total: movies });

    const genres = totals(group(filters, 'genre'));
    const seedGenres = new Set(seed.titles.filter((s) => categoryOf(s) === 'movies').flatMap((s) => s.genres));
    expect(Object.keys(genres).filter((a) => a !== 'all').sort()).toEqual([...seedGenres].sort());
    for (const alias of seedGenres) expect(genres[alias], alias).toBe(seedCount('movies', { genre: alias }));

    const years = group(filters, 'year').items.slice(1);
    expect(years.map((y) => Number(y.alias))).toEqual([...years.map((y) => Number(y.alias))].sort((a, b) => b - a));
    for (const y of years) expect(y.total, y.alias).toBe(seedCount('movies', { year: Number(y.alias) }));

    const countryItems = group(filters, 'country').items.slice(1);
    expect(countryItems.map((c) => c.title)).toEqual([...countryItems.map((c) => c.title)].sort((a, b) => a.localeCompare(b, 'ru')));
    for (const c of countryItems) expect(c.total, c.alias).toBe(seedCount('movies', { country: c.alias }));
    expect(countryItems.find((c) => c.alias === 'ru')?.title).toBe('Россия');
  });

  it('counts each group against the OTHER selected filters (faceted), zero-count items last', async () => {
    const movies = seed.titles.filter((s) => categoryOf(s) === 'movies');
    const genre = commonest(movies.flatMap((s) => s.genres));
    const year = commonest(movies.filter((s) => s.genres.includes(genre)).map((s) => s.year));
    const country = commonest(movies.filter((s) => s.genres.includes(genre) && s.year === year).flatMap((s) => s.countries));
    // The call of spec catalogue §7 sends the country uppercase.
    const filters = await filtersOf(`category=movies&genre=${genre}&year=${year}&country=${country.toUpperCase()}`);
    expect(filters.items.map((g) => g.selected)).toEqual([genre, String(year), country]);

    const genres = group(filters, 'genre');
    expect(genres.items[0]!.total).toBe(seedCount('movies', { year, country }));
    for (const item of genres.items.slice(1)) expect(item.total, item.alias).toBe(seedCount('movies', { genre: item.alias, year, country }));
    const years = group(filters, 'year');
    expect(years.items[0]!.total).toBe(seedCount('movies', { genre, country }));
    for (const item of years.items.slice(1)) expect(item.total, item.alias).toBe(seedCount('movies', { genre, year: Number(item.alias), country }));
    const countries = group(filters, 'country');
    expect(countries.items[0]!.total).toBe(seedCount('movies', { genre, year }));
    for (const item of countries.items.slice(1)) expect(item.total, item.alias).toBe(seedCount('movies', { genre, year, country: item.alias }));

    // With three filters some items have none: they come after every item that has titles.
    for (const g of filters.items) {
      const rest = g.items.slice(1).map((i) => i.total);
      const firstZero = rest.indexOf(0);
      if (firstZero >= 0) expect(rest.slice(firstZero).every((n) => n === 0), g.alias).toBe(true);
    }
    expect(filters.items.some((g) => g.items.some((i) => i.total === 0))).toBe(true);

    // And the listing agrees with the counts.
    const list = await listOf(`category=movies&genre=${genre}&year=${year}&country=${country}&limit=100`);
    expect(list.items_total).toBe(seedCount('movies', { genre, year, country }));
  });

  it('answers in English for locale=en', async () => {
    const filters = await filtersOf('category=series&locale=en');
    expect(filters.items.map((g) => g.title)).toEqual(['Genres', 'Years', 'Countries']);
    expect(group(filters, 'genre').items[0]!.title).toBe('All');
    expect(group(filters, 'country').items.find((c) => c.alias === 'ru')?.title).toBe('Russia');
    expect(filters.sort_options[0]).toEqual({ alias: '-popularity', title: 'Most popular' });
  });

  it('gives a child session only its kids titles, whatever for_kids says', async () => {
    const kid = await childSession(t, { age_cap: '6+' });
    const allowed = new Set<string>(ratingsAllowedUnder('6+'));
    const kidsOnly = (s: SeedTitle) => s.forKids && allowed.has(s.ratingAge);
    const filters = await filtersOf('category=animation&for_kids=false', kid.auth);
    expect(group(filters, 'genre').items[0]!.total).toBe(seedCount('animation', {}, kidsOnly));
    for (const item of group(filters, 'genre').items.slice(1)) expect(item.total, item.alias).toBe(seedCount('animation', { genre: item.alias }, kidsOnly));
    expect(seedCount('animation', {}, kidsOnly)).toBeLessThan(seedCount('animation'));
    const list = await listOf('category=animation&for_kids=false&limit=100', kid.auth);
    expect(list.items.every((i) => i.for_kids && allowed.has(i.rating_age))).toBe(true);
  });

  it.each(['', 'category=cartoons', 'category=movies&country=rus', 'category=movies&year=20x1', 'category=movies&genre=Drama', 'category=movies&for_kids=maybe'])(
    'answers 400 for %j',
    async (query) => {
      const res = await get(`/api/v1/catalog/filters?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
    },
  );

  it('answers 401 without an API key', async () => {
    expect((await t.app.inject({ url: '/api/v1/catalog/filters?category=movies' })).statusCode).toBe(401);
  });
});

describe('sorting (catalogue §3, §4)', () => {
  const sorted = (values: (number | string)[], descending: boolean) =>
    [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0) * (descending ? -1 : 1));

  it('without a session the default is -popularity', async () => {
    const list = await listOf('category=series&limit=100');
    expect(list.sort).toBe('-popularity');
    const aliases = list.items.map((i) => i.alias);
    const pop = new Map(seed.titles.map((s) => [s.alias, s.popularity]));
    const values = aliases.map((a) => pop.get(a)!);
    expect(values).toEqual(sorted(values, true));
    expect((await filtersOf('category=series')).default_sort).toBe('-popularity');
  });

  it.each([
    ['-ekran_release_date', (c: { ekran_release_date: string }) => c.ekran_release_date, true],
    ['-rating_ekran', (c: { rating_ekran: number }) => c.rating_ekran, true],
    ['-year', (c: { year: number }) => c.year, true],
    ['year', (c: { year: number }) => c.year, false],
    ['title', (c: { title: string }) => c.title, false],
  ] as const)('sorts by %s when asked', async (sort, value, descending) => {
    const list = await listOf(`category=movies&sort=${sort}&limit=100`);
    expect(list.sort).toBe(sort);
    const values = list.items.map((i) => value(i as never));
    if (sort === 'title') expect(values).toEqual([...values].sort((a, b) => String(a).localeCompare(String(b), 'ru')));
    else expect(values).toEqual(sorted(values, descending));
  });

  // spec catalogue §4: "In the Catalog_sorting experiment, group A sorts by {product} release date descending
  // and group B by {product} rating descending."
  it('sorts by the session’s Catalog_sorting group when no sort is asked: A by release date on the service, B by its rating', async () => {
    const seen = new Map<string, string>();
    for (let i = 0; i < 40 && seen.size < 2; i++) {
      const visitor = await loginDevice(t);
      const groupName = experimentGroup(assignExperiments(visitor._id), EXPERIMENTS.catalogSorting)!;
      if (seen.has(groupName)) continue;
      const list = await listOf('category=movies&limit=40', visitor.auth);
      const expected = groupName === 'A' ? '-ekran_release_date' : '-rating_ekran';
      expect(list.sort, `group ${groupName}`).toBe(expected);
      const values = list.items.map((c) => (groupName === 'A' ? c.ekran_release_date : c.rating_ekran));
      expect(values).toEqual(sorted(values, true));
      expect((await filtersOf('category=movies', visitor.auth)).default_sort).toBe(expected);
      // An explicit sort still wins.
      expect((await listOf('category=movies&sort=-popularity', visitor.auth)).sort).toBe('-popularity');
      seen.set(groupName, expected);
    }
    expect([...seen.keys()].sort()).toEqual(['A', 'B']);
  });
});

describe('paging (platform §4 Lists, catalogue §4 Infinite scroll)', () => {
  it.each(['-popularity', '-ekran_release_date', '-rating_ekran', '-year', 'year', 'title'])('walks the whole of /movies by %s through next_cursor, in the order of skip pages, ending with null', async (sort) => {
    const total = seedCount('movies');
    const byCursor: string[] = [];
    let cursor: string | null | undefined;
    let expectedSkip = 0;
    do {
      const list = await listOf(`category=movies&sort=${sort}&limit=40${cursor ? `&after=${cursor}` : ''}`);
      expect(list.items_total).toBe(total);
      expect(list.skip).toBe(expectedSkip);
      byCursor.push(...list.items.map((i) => i.alias));
      expectedSkip = Math.min(expectedSkip + 40, total);
      cursor = list.next_cursor;
    } while (cursor);
    expect(byCursor).toHaveLength(total);
    expect(new Set(byCursor).size).toBe(total);

    const bySkip: string[] = [];
    for (let skip = 0; skip < total; skip += 40) bySkip.push(...(await listOf(`category=movies&sort=${sort}&limit=40&skip=${skip}`)).items.map((i) => i.alias));
    expect(bySkip).toEqual(byCursor);
  });

  it('caps skip at items_total and gives no cursor past the end', async () => {
    const total = seedCount('series');
    const past = await listOf('category=series&skip=5000');
    expect(past).toMatchObject({ items: [], items_total: total, skip: total, next_cursor: null });
    const last = await listOf(`category=series&skip=${total - 3}&limit=40`);
    expect(last.items).toHaveLength(3);
    expect(last.next_cursor).toBeNull();
  });

  it('keeps a deep keyset page right when titles share the sort value (ties broken by alias)', async () => {
    // Give every movie the same popularity: only the tie-breaker orders them.
    await t.db.update(titles).set({ popularity: 777 }).where(eq(titles.category, 'movies'));
    try {
      const all = await listOf('category=movies&sort=-popularity&limit=100');
      const aliases = all.items.map((i) => i.alias);
      expect(aliases).toEqual([...aliases].sort().reverse());
      const first = await listOf('category=movies&sort=-popularity&limit=30');
      const next = await listOf(`category=movies&sort=-popularity&limit=30&after=${first.next_cursor}`);
      expect([...first.items, ...next.items].map((i) => i.alias)).toEqual(aliases.slice(0, 60));
    } finally {
      for (const s of seed.titles.filter((x) => categoryOf(x) === 'movies')) await t.db.update(titles).set({ popularity: s.popularity }).where(eq(titles.alias, s.alias));
    }
  });

  it.each([
    ['a cursor of another sort', async () => (await listOf('category=movies&sort=-year')).next_cursor!],
    ['garbage', async () => 'bm90LWEtY3Vyc29y'],
    ['a forged value', async () => Buffer.from(JSON.stringify(['-popularity', 'DROP', 'x', 1])).toString('base64url')],
  ])('answers 400 for %s', async (_name, make) => {
    const res = await get(`/api/v1/titles?category=movies&sort=-popularity&after=${await make()}`);
    expect(res.statusCode).toBe(400);
  });
});
