import { CatalogResponseSchema, HomeSchema, TitleListSchema, TitleSchema } from '@ekran/contracts';
import { collectionItems, collections, credits, people, countries, titleCountries } from '@ekran/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let drama: { id: string; alias: string };
let comedy: { id: string; alias: string };
let family: { id: string; alias: string };
let hero: { id: string; alias: string };

beforeAll(async () => {
  t = await createTestApp();
  drama = await t.make.genre({ alias: 'drama', title: 'Драма', position: 1 });
  comedy = await t.make.genre({ alias: 'comedy', title: 'Комедия', position: 2 });
  family = await t.make.genre({ alias: 'family', title: 'Семейный', position: 3 });
  hero = await t.make.title({ alias: 'tayna-mayaka', title: 'Тайна маяка', genreIds: [drama.id, comedy.id], popularity: 9000, year: 2023 });
  await t.make.title({ alias: 'zimniy-sad', title: 'Зимний сад', genreIds: [drama.id], popularity: 500, year: 2021 });
  await t.make.title({ alias: 'skrytyy', title: 'Скрытый', genreIds: [drama.id], isDisabled: true });
  await t.make.series({ alias: 'dom-na-krayu', title: 'Дом на краю', genreIds: [comedy.id], popularity: 7000 });
  await t.make.title({ alias: 'yozhik', title: 'Ёжик', genreIds: [family.id], isAnimation: true, forKids: true, ratingAge: '0+' });
  await t.make.series({ alias: 'kubik', title: 'Кубик', genreIds: [family.id, comedy.id], isAnimation: true, forKids: true, ratingAge: '6+' });
  await t.make.extra(hero.id);
  const [person] = await t.db.insert(people).values({ alias: 'ivan-petrov', name: 'Иван Петров' }).returning();
  await t.db.insert(credits).values({ titleId: hero.id, personId: person!.id, role: 'actor', characterName: 'Смотритель' });
  await t.db.insert(countries).values({ code: 'ru', title: 'Россия' });
  await t.db.insert(titleCountries).values({ titleId: hero.id, countryCode: 'ru' });
  const [col] = await t.db.insert(collections).values({ alias: 'vybor', title: 'Выбор редакции', description: '…' }).returning();
  await t.db.insert(collectionItems).values({ collectionId: col!.id, titleId: hero.id });
});
afterAll(() => t.close());

describe('GET /api/v1/catalog', () => {
  it('lists adult genres per category with counts, leaving out animation and disabled titles', async () => {
    const res = await t.app.inject({ url: '/api/v1/catalog?device_type=web&locale=ru&for_kids=false', headers: t.headers });
    expect(res.statusCode).toBe(200);
    const { items } = CatalogResponseSchema.parse(res.json());
    expect(items.map((i) => i.category)).toEqual(['movie', 'series']);
    expect(items[0]!.genres).toEqual([
      { alias: 'drama', title: 'Драма', total: 2 },
      { alias: 'comedy', title: 'Комедия', total: 1 },
    ]);
    expect(items[1]!.genres).toEqual([{ alias: 'comedy', title: 'Комедия', total: 1 }]);
  });

  it('lists kids genres for for_kids=true', async () => {
    const { items } = CatalogResponseSchema.parse((await t.app.inject({ url: '/api/v1/catalog?for_kids=true', headers: t.headers })).json());
    expect(items[0]!.genres.map((g) => g.alias)).toEqual(['family']);
    expect(items[1]!.genres.map((g) => g.alias).sort()).toEqual(['comedy', 'family']);
  });

  it('answers 400 for a bad for_kids and 401 without a key', async () => {
    expect((await t.app.inject({ url: '/api/v1/catalog?for_kids=maybe', headers: t.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/catalog' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/titles', () => {
  it.each([
    ['movies', ['tayna-mayaka', 'zimniy-sad']],
    ['series', ['dom-na-krayu']],
    ['animation', ['kubik', 'yozhik']],
  ])('lists the %s category by popularity', async (category, aliases) => {
    const list = TitleListSchema.parse((await t.app.inject({ url: `/api/v1/titles?category=${category}`, headers: t.headers })).json());
    expect(list.items.map((i) => i.alias).sort()).toEqual([...aliases].sort());
    expect(list.items_total).toBe(aliases.length);
  });

  it('filters by genre and year and pages with skip and limit', async () => {
    const byGenre = TitleListSchema.parse((await t.app.inject({ url: '/api/v1/titles?genre=drama', headers: t.headers })).json());
    expect(byGenre.items.map((i) => i.alias)).toEqual(['tayna-mayaka', 'zimniy-sad']);
    const byYear = TitleListSchema.parse((await t.app.inject({ url: '/api/v1/titles?genre=drama&year=2021', headers: t.headers })).json());
    expect(byYear.items.map((i) => i.alias)).toEqual(['zimniy-sad']);
    const page2 = TitleListSchema.parse((await t.app.inject({ url: '/api/v1/titles?category=movies&limit=1&skip=1', headers: t.headers })).json());
    expect(page2).toMatchObject({ items_total: 2, skip: 1, limit: 1 });
    expect(page2.items.map((i) => i.alias)).toEqual(['zimniy-sad']);
  });

  it('gives cards with posters the image endpoint can resize', async () => {
    const list = TitleListSchema.parse((await t.app.inject({ url: '/api/v1/titles?category=series', headers: t.headers })).json());
    const card = list.items[0]!;
    expect(card._cls).toBe('Product.Series');
    expect(card.seasons_count).toBe(1);
    expect(card.vertical_poster.url).toMatch(/^\/api\/v1\/images\/art\/vertical\/rays-200-20-\d+\.[\w-]{16}$/);
  });

  it.each(['limit=0', 'limit=101', 'skip=-1', 'category=cartoons', 'sort=price', 'genre=Drama!', 'year=abc'])('answers 400 for %s', async (q) => {
    expect((await t.app.inject({ url: `/api/v1/titles?${q}`, headers: t.headers })).statusCode).toBe(400);
  });
});

describe('GET /api/v1/home', () => {
  it('has rows of new, popular and the editors’ collections', async () => {
    const home = HomeSchema.parse((await t.app.inject({ url: '/api/v1/home', headers: t.headers })).json());
    expect(home.rows.map((r) => r.alias)).toEqual(['new', 'popular', 'vybor']);
    expect(home.rows[1]!.items[0]!.alias).toBe('tayna-mayaka');
    expect(home.rows[2]).toMatchObject({ kind: 'collection', url: '/collections/vybor' });
  });

  it('has only kids titles for for_kids=true', async () => {
    const home = HomeSchema.parse((await t.app.inject({ url: '/api/v1/home?for_kids=true', headers: t.headers })).json());
    expect(home.rows.flatMap((r) => r.items).every((i) => i.for_kids)).toBe(true);
  });
});

describe('GET /api/v1/watch/:alias', () => {
  it('returns the title of platform §3 with credits, countries, trailer and similar titles', async () => {
    const res = await t.app.inject({ url: '/api/v1/watch/tayna-mayaka', headers: t.headers });
    expect(res.statusCode).toBe(200);
    const title = TitleSchema.parse(res.json());
    expect(title).toMatchObject({ _cls: 'Product.Movie', title: 'Тайна маяка', year: 2023, rating_age: '16+' });
    expect(title.genres.map((g) => g.alias)).toEqual(['drama', 'comedy']);
    expect(title.cast).toEqual([expect.objectContaining({ name: 'Иван Петров', alias: 'ivan-petrov', character_name: 'Смотритель' })]);
    expect(title.origin_countries).toEqual([{ code: 'ru', title: 'Россия' }]);
    expect(title.playback_options.url).toBe(`/api/v1/playback/${title.uid}`);
    expect(title.trailer_src).toMatch(/^\/api\/v1\/playback\//);
    expect(title.additional_content).toHaveLength(1);
    expect(title.similar.map((s) => s.alias)).toContain('zimniy-sad');
    expect(title.similar.map((s) => s.alias)).not.toContain('skrytyy');
  });

  it('returns seasons and episodes of a series', async () => {
    const title = TitleSchema.parse((await t.app.inject({ url: '/api/v1/watch/dom-na-krayu', headers: t.headers })).json());
    expect(title._cls).toBe('Product.Series');
    expect(title.items).toHaveLength(1);
    expect(title.items[0]!.episodes.map((e) => e.number)).toEqual([1, 2, 3]);
  });

  it('answers 404 for an unknown or disabled title and 400 for a malformed alias', async () => {
    const unknown = await t.app.inject({ url: '/api/v1/watch/net-takogo', headers: t.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Title net-takogo not found' });
    expect((await t.app.inject({ url: '/api/v1/watch/skrytyy', headers: t.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/watch/BAD%20ALIAS', headers: t.headers })).statusCode).toBe(400);
  });
});

describe('catalogue cache (CATALOG_CACHE_SECONDS)', () => {
  it('serves public answers from memory until they expire or the catalogue changes', async () => {
    const cachedApp = await createTestApp({ CATALOG_CACHE_SECONDS: '30' });
    try {
      const genre = await cachedApp.make.genre({ alias: 'drama' });
      await cachedApp.make.title({ alias: 'pervyy', genreIds: [genre.id] });
      const first = TitleListSchema.parse((await cachedApp.app.inject({ url: '/api/v1/titles?genre=drama', headers: cachedApp.headers })).json());
      await cachedApp.make.title({ alias: 'vtoroy', genreIds: [genre.id] });
      const second = TitleListSchema.parse((await cachedApp.app.inject({ url: '/api/v1/titles?genre=drama', headers: cachedApp.headers })).json());
      expect(second).toEqual(first);
      const other = TitleListSchema.parse((await cachedApp.app.inject({ url: '/api/v1/titles?genre=drama&limit=10', headers: cachedApp.headers })).json());
      expect(other.items_total).toBe(2);
      // The catalogue's revision (read at most once a second) moved with the second title: the kept answer goes long
      // before its 30 s, in every API process (decision 044).
      cachedApp.clock.now = new Date(cachedApp.clock.now.getTime() + 1000);
      const third = TitleListSchema.parse((await cachedApp.app.inject({ url: '/api/v1/titles?genre=drama', headers: cachedApp.headers })).json());
      expect(third.items.map((i) => i.alias).sort()).toEqual(['pervyy', 'vtoroy']);
    } finally {
      await cachedApp.close();
    }
  });
});

describe('answers the same for everyone are public (decision 047)', () => {
  it('marks the home rows, a found title and its lists public for shared caches, a child session\'s private, a not-found one neither', async () => {
    const adult = await loginDevice(t);
    const child = await loginDevice(t, { is_child: true });
    const alias = (await t.make.title({ forKids: true, ratingAge: '0+' })).alias;
    for (const url of ['/api/v1/home?for_kids=false', `/api/v1/watch/${alias}`, `/api/v1/watch/${alias}/lists`]) {
      expect((await t.app.inject({ url, headers: t.headers })).headers['cache-control']).toBe('public, max-age=60');
      expect((await t.app.inject({ url, headers: adult.auth })).headers['cache-control']).toBe('public, max-age=60');
      expect((await t.app.inject({ url, headers: child.auth })).headers['cache-control']).toBe('private, max-age=60');
    }
    const missing = await t.app.inject({ url: '/api/v1/watch/net-takogo-net', headers: t.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    // A listing's default sort is the caller's: never public.
    expect((await t.app.inject({ url: '/api/v1/titles?category=movies', headers: t.headers })).headers['cache-control']).toBeUndefined();
  });
});
