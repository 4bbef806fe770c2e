import { HomeSchema, SelectionListSchema, SelectionPageSchema } from '@ekran/contracts';
import { describe, expect, it } from 'vitest';
import { collectionsSuite } from './collections.test-helpers.ts';

const suite = collectionsSuite();
const { get } = suite;

describe('GET /api/v1/selections', () => {
  it('lists the adult home’s selections in order with their canonical pages, leaving out broken, inactive and empty ones', async () => {
    const res = await get('/api/v1/selections');
    expect(res.statusCode).toBe(200);
    const { items } = SelectionListSchema.parse(res.json());
    expect(items.map((s) => [s.alias, s.source, s.url, s.items_total])).toEqual([
      ['new', 'rule', '/main/new', 6],
      ['top-rated', 'rule', '/main/top-rated', 4],
      ['editors', 'collection', '/collections/vybor-redaktsii', 3],
      ['weekend', 'items', '/selections/weekend', 2],
      ['capped', 'rule', '/main/capped', 2],
      ['free', 'rule', '/main/free', 2],
    ]);
    expect(items[0]!.posters).toHaveLength(3);
  });

  it('lists the kids home’s selections for for_kids=true and for a child session whatever it asks', async () => {
    const kidsHome = SelectionListSchema.parse((await get('/api/v1/selections?for_kids=true')).json());
    expect(kidsHome.items.map((s) => s.alias)).toEqual(['kids-new', 'kids-picks', 'free']);
    const child = SelectionListSchema.parse((await get('/api/v1/selections?for_kids=false', suite.w.kid.auth)).json());
    expect(child.items.map((s) => [s.alias, s.items_total])).toEqual([
      ['kids-new', 2],
      ['kids-picks', 2],
      ['free', 1],
    ]);
  });

  it('answers 400 for a bad for_kids', async () => {
    expect((await get('/api/v1/selections?for_kids=maybe')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/selections/:alias', () => {
  it('answers a rule’s titles in the rule’s order, with the rule', async () => {
    const page = SelectionPageSchema.parse((await get('/api/v1/selections/top-rated')).json());
    expect(page).toMatchObject({ source: 'rule', url: '/main/top-rated', rule: { sort: '-rating_ekran', rating_min: 7 }, items_total: 4, limit: 40 });
    expect(page.items.map((i) => i.alias)).toEqual(['tayna-mayaka', 'yozhik', 'dom-na-krayu', 'shkolnik']);
  });

  it('caps a rule at max_items, in the total and across pages', async () => {
    const first = SelectionPageSchema.parse((await get('/api/v1/selections/capped?limit=1')).json());
    expect(first).toMatchObject({ items_total: 2 });
    expect(first.items.map((i) => i.alias)).toEqual(['tayna-mayaka']);
    const second = SelectionPageSchema.parse((await get('/api/v1/selections/capped?skip=1&limit=5')).json());
    expect(second.items.map((i) => i.alias)).toEqual(['dom-na-krayu']);
    const past = SelectionPageSchema.parse((await get('/api/v1/selections/capped?skip=2')).json());
    expect(past.items).toEqual([]);
  });

  it('answers hand-picked titles in order, without disabled ones', async () => {
    const page = SelectionPageSchema.parse((await get('/api/v1/selections/weekend')).json());
    expect(page).toMatchObject({ source: 'items', url: '/selections/weekend', rule: null, items_total: 2 });
    expect(page.items.map((i) => i.alias)).toEqual(['zimniy-sad', 'tayna-mayaka']);
  });

  it('answers a collection’s titles for a selection made of it, pointing at the collection’s page', async () => {
    const page = SelectionPageSchema.parse((await get('/api/v1/selections/editors')).json());
    expect(page).toMatchObject({ source: 'collection', url: '/collections/vybor-redaktsii' });
    expect(page.items.map((i) => i.alias)).toEqual(['tayna-mayaka', 'dom-na-krayu', 'yozhik']);
  });

  it('lists only kids titles in a kids selection, even for an adult', async () => {
    const page = SelectionPageSchema.parse((await get('/api/v1/selections/kids-new', suite.w.parent.auth)).json());
    expect(page.items.map((i) => i.alias)).toEqual(['yozhik', 'kubik', 'shkolnik']);
  });

  it.each(['broken', 'inactive', 'empty', 'net-takoy'])('answers 404 for the %s selection', async (alias) => {
    expect((await get(`/api/v1/selections/${alias}`)).statusCode).toBe(404);
  });

  it.each(['/api/v1/selections/Top', '/api/v1/selections/new?limit=0', '/api/v1/selections/new?skip=x'])('answers 400 for %s', async (url) => {
    expect((await get(url)).statusCode).toBe(400);
  });

  it('keeps a child session to kids selections and its age cap', async () => {
    expect((await get('/api/v1/selections/top-rated', suite.w.kid.auth)).statusCode).toBe(404);
    expect((await get('/api/v1/selections/top-rated?for_kids=false', suite.w.kid.auth)).statusCode).toBe(404);
    const free = SelectionPageSchema.parse((await get('/api/v1/selections/free', suite.w.kid.auth)).json());
    expect(free.items.map((i) => i.alias)).toEqual(['yozhik']);
    const picks = SelectionPageSchema.parse((await get('/api/v1/selections/kids-picks', suite.w.kid.auth)).json());
    expect(picks.items.map((i) => i.alias)).toEqual(['yozhik', 'kubik']);
  });
});

describe('GET /api/v1/home from selections', () => {
  it('answers the adult home’s rows from its selections in order, each row pointing at its full list', async () => {
    const home = HomeSchema.parse((await get('/api/v1/home')).json());
    expect(home.rows.map((r) => [r.alias, r.kind, r.url])).toEqual([
      ['new', 'selection', '/main/new'],
      ['top-rated', 'selection', '/main/top-rated'],
      ['editors', 'collection', '/collections/vybor-redaktsii'],
      ['weekend', 'selection', '/selections/weekend'],
      ['capped', 'selection', '/main/capped'],
      ['free', 'selection', '/main/free'],
    ]);
    expect(home.rows[0]!.items.map((i) => i.alias)).toEqual(['tayna-mayaka', 'dom-na-krayu', 'yozhik', 'kubik', 'zimniy-sad', 'shkolnik']);
    expect(home.rows[0]!.title).toBe('Подборка new');
  });

  it('answers the kids home’s rows for a child session, within its age cap', async () => {
    const home = HomeSchema.parse((await get('/api/v1/home', suite.w.kid.auth)).json());
    expect(home.rows.map((r) => r.alias)).toEqual(['kids-new', 'kids-picks', 'free']);
    for (const item of home.rows.flatMap((r) => r.items)) {
      expect(item.for_kids).toBe(true);
      expect(['0+', '6+']).toContain(item.rating_age);
    }
  });
});
