import { CollectionListSchema, CollectionPageSchema } from '@ekran/contracts';
import { describe, expect, it } from 'vitest';
import { collectionsSuite } from './collections.test-helpers.ts';

const suite = collectionsSuite();
const { get } = suite;

describe('GET /api/v1/collections', () => {
  it('lists the collections with a visible title, in editorial order, with counts and cover posters', async () => {
    const res = await get('/api/v1/collections');
    expect(res.statusCode).toBe(200);
    const list = CollectionListSchema.parse(res.json());
    expect(list).toMatchObject({ items_total: 2, skip: 0, limit: 30 });
    // "pustaya" holds only a disabled title: it is not listed.
    expect(list.items.map((c) => [c.alias, c.items_total, c.url])).toEqual([
      ['vybor-redaktsii', 3, '/collections/vybor-redaktsii'],
      ['detskoe', 4, '/collections/detskoe'],
    ]);
    expect(list.items[0]!.posters).toHaveLength(3);
    expect(list.items[0]!.posters[0]!.url).toMatch(/^\/api\/v1\/images\/art\/vertical\//);
  });

  it('pages with skip and limit', async () => {
    const page = CollectionListSchema.parse((await get('/api/v1/collections?skip=1&limit=1')).json());
    expect(page).toMatchObject({ items_total: 2, skip: 1, limit: 1 });
    expect(page.items.map((c) => c.alias)).toEqual(['detskoe']);
  });

  it.each(['limit=0', 'limit=101', 'skip=-1', 'skip=100001', 'limit=ten'])('answers 400 for %s', async (q) => {
    expect((await get(`/api/v1/collections?${q}`)).statusCode).toBe(400);
  });

  it('answers 401 without an API key', async () => {
    expect((await get('/api/v1/collections', {})).statusCode).toBe(401);
  });

  it('gives a child session only kids collections, counting only what its age cap allows', async () => {
    const list = CollectionListSchema.parse((await get('/api/v1/collections', suite.w.kid.auth)).json());
    // 6+: Ёжик (0+) and Кубик (6+); not Школьник (8+) nor the adult film an editor put in.
    expect(list.items.map((c) => [c.alias, c.items_total])).toEqual([['detskoe', 2]]);
  });
});

describe('GET /api/v1/collections/:alias', () => {
  it('answers a page of an editorial collection in its order, leaving out disabled titles', async () => {
    const page = CollectionPageSchema.parse((await get('/api/v1/collections/vybor-redaktsii')).json());
    expect(page).toMatchObject({ kind: 'collection', title: 'Выбор редакции', hashtag: null, url: '/collections/vybor-redaktsii', items_total: 3, limit: 30 });
    expect(page.items.map((i) => i.alias)).toEqual(['tayna-mayaka', 'dom-na-krayu', 'yozhik']);
  });

  it('pages: skip past the end gives no items and the same total', async () => {
    const second = CollectionPageSchema.parse((await get('/api/v1/collections/vybor-redaktsii?skip=2&limit=2')).json());
    expect(second.items.map((i) => i.alias)).toEqual(['yozhik']);
    const past = CollectionPageSchema.parse((await get('/api/v1/collections/vybor-redaktsii?skip=30')).json());
    expect(past).toMatchObject({ items: [], items_total: 3 });
  });

  it('treats a hashtag’s alias as an automatic collection of the titles carrying it, most popular first', async () => {
    const page = CollectionPageSchema.parse((await get('/api/v1/collections/neozhidannyy-final')).json());
    expect(page).toMatchObject({ kind: 'hashtag', hashtag: 'неожиданный_финал', title: 'Неожиданный финал', items_total: 2 });
    expect(page.items.map((i) => i.alias)).toEqual(['tayna-mayaka', 'zimniy-sad']);
  });

  it('does not reveal a hashtag only disabled titles carry', async () => {
    expect((await get('/api/v1/collections/taynoe')).statusCode).toBe(404);
  });

  it('answers 404 for an unknown alias and for a collection with nothing visible', async () => {
    const res = await get('/api/v1/collections/net-takoy');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get('/api/v1/collections/pustaya')).statusCode).toBe(404);
  });

  it.each(['/api/v1/collections/Vybor', '/api/v1/collections/a--b', '/api/v1/collections/vybor-redaktsii?limit=500'])('answers 400 for %s', async (url) => {
    expect((await get(url)).statusCode).toBe(400);
  });

  it('keeps a child session inside its kids scope', async () => {
    const kids = CollectionPageSchema.parse((await get('/api/v1/collections/detskoe', suite.w.kid.auth)).json());
    expect(kids.items.map((i) => i.alias)).toEqual(['yozhik', 'kubik']);
    // An adult collection, and an adult hashtag, do not exist for a child.
    expect((await get('/api/v1/collections/vybor-redaktsii', suite.w.kid.auth)).statusCode).toBe(404);
    expect((await get('/api/v1/collections/neozhidannyy-final', suite.w.kid.auth)).statusCode).toBe(404);
    const tag = CollectionPageSchema.parse((await get('/api/v1/collections/pro-druzhbu', suite.w.kid.auth)).json());
    expect(tag.items.map((i) => i.alias)).toEqual(['yozhik', 'kubik']);
  });

  it('shows an adult the whole of a kids hashtag', async () => {
    const tag = CollectionPageSchema.parse((await get('/api/v1/collections/pro-druzhbu', suite.w.parent.auth)).json());
    expect(tag.items.map((i) => i.alias)).toEqual(['yozhik', 'kubik', 'shkolnik']);
  });
});
