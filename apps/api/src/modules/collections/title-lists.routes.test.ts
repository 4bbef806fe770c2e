import { TitleListsSchema, TitleSchema } from '@ekran/contracts';
import { describe, expect, it } from 'vitest';
import { collectionsSuite } from './collections.test-helpers.ts';

const suite = collectionsSuite();
const { get } = suite;
const lists = async (ref: string, headers?: Record<string, string>) => {
  const res = await get(`/api/v1/watch/${ref}/lists`, headers);
  expect(res.statusCode).toBe(200);
  return TitleListsSchema.parse(res.json());
};

describe('GET /api/v1/watch/:alias/lists (issue 5 titles: the collections and selections sub-pages)', () => {
  it('lists the editorial collections holding the title, with counts and covers of what the caller may see', async () => {
    const { collections } = await lists('tayna-mayaka');
    expect(collections.map((c) => [c.alias, c.items_total, c.url])).toEqual([
      ['vybor-redaktsii', 3, '/collections/vybor-redaktsii'],
      ['detskoe', 4, '/collections/detskoe'],
    ]);
    expect(collections[0]!.posters).toHaveLength(3);
  });

  it('lists the home selections holding the title by every source, in their order, leaving out broken and inactive ones', async () => {
    const { selections } = await lists('tayna-mayaka');
    // new and top-rated by rule, editors by its collection, weekend hand-picked, capped (2 most popular) by rule.
    expect(selections.map((s) => [s.alias, s.source])).toEqual([
      ['new', 'rule'],
      ['top-rated', 'rule'],
      ['editors', 'collection'],
      ['weekend', 'items'],
      ['capped', 'rule'],
    ]);
    expect(selections.find((s) => s.alias === 'capped')?.items_total).toBe(2);
  });

  it('counts a capped rule only up to its max_items and a rating rule only above its minimum', async () => {
    const { selections, collections } = await lists('zimniy-sad');
    // Зимний сад: popularity 500 is not among the 2 most popular, rating 6.0 is under 7; it is free and hand-picked.
    expect(selections.map((s) => s.alias)).toEqual(['new', 'weekend', 'free']);
    expect(collections).toEqual([]);
  });

  it('takes a title id as well as an alias', async () => {
    expect(await lists(suite.w.mayak.id)).toEqual(await lists('tayna-mayaka'));
  });

  it('gives a child session only kids collections and kids-home selections, counted within its age cap', async () => {
    const r = await lists('yozhik', suite.w.kid.auth);
    expect(r.collections.map((c) => [c.alias, c.items_total])).toEqual([['detskoe', 2]]);
    expect(r.selections.map((s) => s.alias)).toEqual(['kids-new', 'kids-picks', 'free']);
  });

  it.each([
    ['an adult title', 'tayna-mayaka'],
    ['a kids title above its age cap (8+ for a 6+ profile)', 'shkolnik'],
  ])('answers 404 to a child session for %s, as the title itself does', async (_what, alias) => {
    expect((await get(`/api/v1/watch/${alias}/lists`, suite.w.kid.auth)).statusCode).toBe(404);
    expect((await get(`/api/v1/watch/${alias}`, suite.w.kid.auth)).statusCode).toBe(404);
  });

  it.each(['skrytyy', 'net-takogo', '00000000-0000-4000-8000-000000000000'])('answers 404 for %s (disabled or unknown)', async (ref) => {
    expect((await get(`/api/v1/watch/${ref}/lists`)).statusCode).toBe(404);
  });

  it.each(['Tayna', 'tayna_mayaka', 'tayna%20mayaka'])('answers 400 for the malformed reference %s', async (ref) => {
    expect((await get(`/api/v1/watch/${ref}/lists`)).statusCode).toBe(400);
  });

  it('answers 401 without an API key', async () => {
    expect((await get('/api/v1/watch/tayna-mayaka/lists', {})).statusCode).toBe(401);
  });
});

describe('GET /api/v1/watch/:alias by id (issue 5 titles: /movie/{product})', () => {
  it('answers the title by its id, with its alias (the address of its page)', async () => {
    const res = await get(`/api/v1/watch/${suite.w.mayak.id}`);
    expect(res.statusCode).toBe(200);
    expect(TitleSchema.parse(res.json()).alias).toBe('tayna-mayaka');
  });

  it('keeps a disabled title not found by its id too', async () => {
    expect((await get(`/api/v1/watch/${suite.w.hidden.id}`)).statusCode).toBe(404);
  });
});
