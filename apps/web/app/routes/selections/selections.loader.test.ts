import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { statusOf, titleCard } from '../../test/collections.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader } from './selection.tsx';
import { loader as listLoader } from './selections.tsx';

type Source = 'rule' | 'items' | 'collection';
const URLS: Record<Source, string> = { rule: '/main/top-rated', items: '/selections/top-rated', collection: '/collections/vybor-redaktsii' };

function run(path: string, params: Record<string, string | undefined>, source: Source = 'rule', total = 95) {
  const selection = vi.fn(async (_alias: string, q: { skip: number; limit: number }) => ({
    alias: 'top-rated', title: 'Высокий рейтинг', description: 'Оценки выше 7,5.', location: 'home' as const, source, url: URLS[source], rule: null,
    items: [titleCard('a'), titleCard('b')], items_total: total, skip: q.skip, limit: q.limit,
  }));
  const context = contextWith({ selection });
  return { selection, result: outcome(() => loader({ request: new Request(`http://localhost${path}`), params, context } as never)) };
}

describe('/main/{rules} and /selections/{alias} loader', () => {
  it('answers a rule-based selection at /main/{rules}, 40 a page (catalogue §9)', async () => {
    const { selection, result } = run('/main/top-rated/page2', { rules: 'top-rated', page: 'page2' });
    const r = await result;
    expect(selection).toHaveBeenCalledWith('top-rated', { skip: 40, limit: 40, for_kids: false });
    expect('value' in r && r.value).toMatchObject({ page: 2, pages: 3, base: '/main/top-rated', title: 'Высокий рейтинг', total: 95 });
    // The infinite grid goes on from skip 80, 40 further (catalogue §4).
    expect('value' in r && r.value.portion).toMatchObject({ skip: 40, total: 95, nextCursor: '80' });
  });

  it('has nothing more for the grid to load on the last page (skip capped at items_total)', async () => {
    const r = await run('/main/top-rated/page3', { rules: 'top-rated', page: 'page3' }).result;
    expect('value' in r && r.value.portion).toMatchObject({ skip: 80, total: 95, nextCursor: null });
    const exact = await run('/main/top-rated/page2', { rules: 'top-rated', page: 'page2' }, 'rule', 80).result;
    expect('value' in exact && exact.value.portion.nextCursor).toBeNull();
  });

  it.each([
    ['a rule-based selection at /selections', '/selections/top-rated/page2', { alias: 'top-rated', page: 'page2' }, 'rule', '/main/top-rated/page2'],
    ['a hand-picked one at /main', '/main/top-rated', { rules: 'top-rated' }, 'items', '/selections/top-rated'],
    ['/page1', '/main/top-rated/page1', { rules: 'top-rated', page: 'page1' }, 'rule', '/main/top-rated'],
    ['one made of a collection, to the collection’s first page', '/selections/top-rated/page2', { alias: 'top-rated', page: 'page2' }, 'collection', '/collections/vybor-redaktsii'],
  ] as const)('redirects %s to its canonical page', async (_, path, params, source, location) => {
    expect(statusOf(await run(path, params, source).result)).toEqual({ status: 301, location });
  });

  it('answers 404 for an unknown selection, a malformed alias, a bad page and a page past the end', async () => {
    const selection = vi.fn().mockRejectedValue(new ApiCallError(404, null));
    const missing = await outcome(() => loader({ request: new Request('http://localhost/main/net'), params: { rules: 'net' }, context: contextWith({ selection }) } as never));
    expect(statusOf(missing).status).toBe(404);
    expect(statusOf(await run('/main/Top', { rules: 'Top' }).result).status).toBe(404);
    expect(statusOf(await run('/main/top-rated/page0', { rules: 'top-rated', page: 'page0' }).result).status).toBe(404);
    expect(statusOf(await run('/main/top-rated/page4', { rules: 'top-rated', page: 'page4' }).result).status).toBe(404);
  });
});

describe('/selections loader', () => {
  const selections = () => vi.fn().mockResolvedValue({ items: [] });

  it('asks for the adult home’s selections', async () => {
    const api = selections();
    await listLoader({ request: new Request('http://localhost/selections'), params: {}, context: contextWith({ selections: api }) } as never);
    expect(api).toHaveBeenCalledWith(false);
  });

  it('asks for the kids home’s selections for a child profile and in kids mode (FOR_KIDS=True)', async () => {
    const child = selections();
    await listLoader({ request: new Request('http://localhost/selections'), params: {}, context: contextWith({ selections: child }, { auth: { profile_for_child: true } as never }) } as never);
    expect(child).toHaveBeenCalledWith(true);
    const kidsMode = selections();
    const request = new Request('http://localhost/selections', { headers: { cookie: 'FOR_KIDS=True' } });
    const r = await listLoader({ request, params: {}, context: contextWith({ selections: kidsMode }) } as never);
    expect(kidsMode).toHaveBeenCalledWith(true);
    expect(r.isKids).toBe(true);
  });
});
