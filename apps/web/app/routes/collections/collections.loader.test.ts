import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { titleCard, statusOf } from '../../test/collections.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader as redirectLoader } from './collection-redirect.ts';
import { loader } from './collections.tsx';

const summary = (alias: string) => ({ alias, title: alias, description: '', for_kids: false, items_total: 12, posters: [], url: `/collections/${alias}` });

function run(path: string, params: { p1?: string; p2?: string }, api: { total?: number; collectionTotal?: number; missing?: boolean } = {}) {
  const collections = vi.fn().mockResolvedValue({ items: [summary('vybor'), summary('detskoe')], items_total: api.total ?? 45, skip: 0, limit: 30 });
  const collection = api.missing
    ? vi.fn().mockRejectedValue(new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'Collection not found' }))
    : vi.fn(async (alias: string, q: { skip: number; limit: number }) => ({
        alias, kind: 'collection' as const, title: 'Выбор редакции', description: 'Редакция советует.', hashtag: null, url: `/collections/${alias}`,
        items: [titleCard('a'), titleCard('b')], items_total: api.collectionTotal ?? 75, skip: q.skip, limit: q.limit,
      }));
  const context = contextWith({ collections, collection });
  const result = outcome(() => loader({ request: new Request(`http://localhost${path}`), params, context } as never));
  return { collections, collection, result };
}

describe('/collections loader', () => {
  it('lists collections 30 a page (catalogue §9)', async () => {
    const { collections, result } = run('/collections/page2', { p1: 'page2' });
    const r = await result;
    expect(collections).toHaveBeenCalledWith({ skip: 30, limit: 30 });
    expect('value' in r && r.value).toMatchObject({ mode: 'list', page: 2, pages: 2, total: 45 });
  });

  it('redirects /collections/page1 and a trailing slash to /collections', async () => {
    expect(statusOf(await run('/collections/page1', { p1: 'page1' }).result)).toEqual({ status: 301, location: '/collections' });
    expect(statusOf(await run('/collections/', {}).result)).toEqual({ status: 301, location: '/collections' });
  });

  it.each([
    ['/collections/page0', { p1: 'page0' }],
    ['/collections/page01', { p1: 'page01' }],
    ['/collections/page2/page3', { p1: 'page2', p2: 'page3' }],
    ['/collections/page9', { p1: 'page9' }],
  ])('answers 404 for %s', async (path, params) => {
    expect(statusOf(await run(path, params).result).status).toBe(404);
  });
});

describe('/collections/{alias} loader', () => {
  it('answers a page of a collection, 30 a page', async () => {
    const { collection, result } = run('/collections/vybor/page3', { p1: 'vybor', p2: 'page3' });
    const r = await result;
    expect(collection).toHaveBeenCalledWith('vybor', { skip: 60, limit: 30 });
    expect('value' in r && r.value).toMatchObject({ mode: 'collection', page: 3, pages: 3, base: '/collections/vybor', title: 'Выбор редакции', total: 75 });
    // The last page: the grid has nothing to load after it (skip 60 + 30 is capped at items_total 75).
    expect('value' in r && r.value.mode === 'collection' && r.value.portion).toMatchObject({ skip: 60, total: 75, nextCursor: null });
    expect('value' in r && r.value.mode === 'collection' && r.value.portion.items.map((i) => i.alias)).toEqual(['a', 'b']);
  });

  it('gives the infinite grid the skip of the next portion, 30 further (catalogue §4, §9)', async () => {
    const r = await run('/collections/vybor', { p1: 'vybor' }).result;
    expect('value' in r && r.value.mode === 'collection' && r.value.portion).toMatchObject({ skip: 0, total: 75, nextCursor: '30' });
    const second = await run('/collections/vybor/page2', { p1: 'vybor', p2: 'page2' }).result;
    expect('value' in second && second.value.mode === 'collection' && second.value.portion).toMatchObject({ skip: 30, nextCursor: '60' });
  });

  it('redirects /page1 to the collection’s address', async () => {
    expect(statusOf(await run('/collections/vybor/page1', { p1: 'vybor', p2: 'page1' }).result)).toEqual({ status: 301, location: '/collections/vybor' });
  });

  it('sends a hashtag written as it reads to its alias', async () => {
    const { collection, result } = run('/collections/%D0%BD%D0%B5%D0%BE%D0%B6%D0%B8%D0%B4%D0%B0%D0%BD%D0%BD%D1%8B%D0%B9_%D1%84%D0%B8%D0%BD%D0%B0%D0%BB', { p1: 'неожиданный_финал' });
    expect(statusOf(await result)).toEqual({ status: 301, location: '/collections/neozhidannyy-final' });
    expect(collection).not.toHaveBeenCalled();
  });

  it('answers 404 for an unknown collection, a bad page and a page past the end', async () => {
    expect(statusOf(await run('/collections/net', { p1: 'net' }, { missing: true }).result).status).toBe(404);
    expect(statusOf(await run('/collections/vybor/2', { p1: 'vybor', p2: '2' }).result).status).toBe(404);
    expect(statusOf(await run('/collections/vybor/page4', { p1: 'vybor', p2: 'page4' }).result).status).toBe(404);
    expect(statusOf(await run('/collections/%21%21', { p1: '!!' }).result).status).toBe(404);
  });
});

describe('/collection/{alias}', () => {
  it('redirects (301) to the canonical /collections/{alias}', async () => {
    const r = await outcome(async () => redirectLoader({ params: { alias: 'vybor-redaktsii' } } as never));
    expect(statusOf(r)).toEqual({ status: 301, location: '/collections/vybor-redaktsii' });
  });

  it('answers 404 for a malformed alias', async () => {
    expect(statusOf(await outcome(async () => redirectLoader({ params: { alias: 'Vybor' } } as never))).status).toBe(404);
  });
});
