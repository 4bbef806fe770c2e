import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { titleCard } from '../../test/collections.ts';
import { contextWith } from '../../test/visitor.ts';
import { loader } from './list-titles.ts';

// An API that pages a list of `total` titles by skip and limit, as the collections and selections endpoints do.
const pagedApi = (total: number) =>
  vi.fn(async (alias: string, q: { skip: number; limit: number }) => {
    const count = Math.max(0, Math.min(q.limit, total - q.skip));
    return {
      alias, title: alias, description: '', url: `/x/${alias}`, kind: 'collection' as const, hashtag: null, location: 'home' as const, source: 'rule' as const, rule: null,
      items: Array.from({ length: count }, (_, i) => titleCard(`t${q.skip + i + 1}`)), items_total: total, skip: q.skip, limit: q.limit,
    };
  });

async function call(query: string, api: { collection?: unknown; selection?: unknown }) {
  const result = (await loader({ request: new Request(`http://localhost/resources/list-titles?${query}`), params: {}, context: contextWith(api as never) } as never)) as unknown as {
    data: unknown;
    init: { status?: number } | null;
  };
  return { status: result.init?.status ?? 200, body: result.data as { items?: { alias: string }[]; skip?: number; total?: number; nextCursor?: string | null; error?: string } };
}

describe('GET /resources/list-titles (the next portion of a collection or a selection)', () => {
  it('answers 30 titles of a collection from the skip, and the skip of the portion after it', async () => {
    const collection = pagedApi(75);
    const { status, body } = await call('list=collection&alias=vybor-redaktsii&skip=30', { collection });
    expect(status).toBe(200);
    expect(collection).toHaveBeenCalledWith('vybor-redaktsii', { skip: 30, limit: 30 });
    expect(body).toMatchObject({ skip: 30, total: 75, nextCursor: '60' });
    expect(body.items?.map((i) => i.alias)).toEqual(Array.from({ length: 30 }, (_, i) => `t${31 + i}`));
  });

  it('caps the next skip at items_total: the last portion has no next one (platform §4 Lists)', async () => {
    const last = await call('list=collection&alias=vybor&skip=60', { collection: pagedApi(75) });
    expect(last.body).toMatchObject({ skip: 60, total: 75, nextCursor: null });
    expect(last.body.items).toHaveLength(15);
    const exact = await call('list=collection&alias=vybor&skip=30', { collection: pagedApi(60) });
    expect(exact.body.nextCursor).toBeNull();
    const beyond = await call('list=collection&alias=vybor&skip=90', { collection: pagedApi(75) });
    expect(beyond.body).toMatchObject({ items: [], skip: 75, nextCursor: null });
  });

  it('answers a selection’s titles 40 a portion, leaving the kids scope to the API as its page does', async () => {
    const selection = pagedApi(95);
    const { body } = await call('list=selection&alias=top-rated&skip=40', { selection });
    expect(selection).toHaveBeenCalledWith('top-rated', { skip: 40, limit: 40, for_kids: false });
    expect(body).toMatchObject({ skip: 40, total: 95, nextCursor: '80' });
    expect(body.items).toHaveLength(40);
  });

  it.each([
    '',
    'list=collection&alias=vybor',
    'list=collection&alias=vybor&skip=',
    'list=collection&alias=vybor&skip=-30',
    'list=collection&alias=vybor&skip=30.5',
    'list=collection&alias=vybor&skip=1e3',
    'list=collection&alias=vybor&skip=030',
    'list=collection&alias=vybor&skip=100001',
    'list=collection&alias=Vybor&skip=30',
    'list=collection&alias=vybor%20x&skip=30',
    'list=playlist&alias=vecher&skip=40',
  ])('answers 400 for %j without calling the API', async (query) => {
    const collection = vi.fn();
    const selection = vi.fn();
    const { status, body } = await call(query, { collection, selection });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'bad-request' });
    expect(collection).not.toHaveBeenCalled();
    expect(selection).not.toHaveBeenCalled();
  });

  it('answers an error the grid can retry when the API fails, and passes a gone list’s 404 on', async () => {
    const failed = await call('list=selection&alias=top-rated&skip=40', { selection: vi.fn().mockRejectedValue(new ApiCallError(503, null)) });
    expect(failed).toEqual({ status: 502, body: { error: 'failed' } });
    const gone = await call('list=collection&alias=net&skip=30', { collection: vi.fn().mockRejectedValue(new ApiCallError(404, null)) });
    expect(gone).toEqual({ status: 404, body: { error: 'failed' } });
  });
});
