import type { SearchResponse, TitleCard } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { catchup } from '../../test/archive.ts';
import { contextWith } from '../../test/visitor.ts';
import { loader as suggestLoader } from '../resources/search-suggest.ts';
import { loader } from './search.tsx';

const card = (alias: string): TitleCard => ({
  _cls: 'Product.Movie', _id: alias, uid: alias, alias, title: 'Чёрный волк', genres: [{ alias: 'drama', title: 'Драма' }], release_date: '2021-01-01',
  ekran_release_date: '2021-02-01', year: 2021, rating_age: '18+', rating_ekran: 7.4, for_kids: false, is_free: false, duration_minutes: 100,
  seasons_count: 0, horizontal_poster: { url: '/h', width: 1280, height: 720 }, vertical_poster: { url: '/v', width: 600, height: 900 },
});
const answer: SearchResponse = {
  query: 'черный волк',
  titles: { items: [card('chyornyy-volk')], items_total: 1 },
  people: { items: [{ alias: 'pyotr-fyodorov', name: 'Пётр Фёдоров', name_original: null, roles: ['actor'], titles_count: 2 }], items_total: 1 },
};

type Result = { data: unknown; init: { status?: number } | null };
async function runPage(query: string, search = vi.fn().mockResolvedValue(answer)) {
  const request = new Request(`http://localhost/search${query}`);
  const result = (await loader({ request, params: {}, context: contextWith({ search }) } as never)) as unknown as Result;
  return { search, data: result.data, status: result.init?.status ?? 200 };
}

describe('/search loader: the archive’s recordings (issue 7 archive, catalogue §7 search catchups)', () => {
  const run = async (auth: Record<string, unknown> | null, catchupSearch = vi.fn().mockResolvedValue({ items: [catchup('rec-1', { title: 'Чёрный волк' })] })) => {
    const request = new Request('http://localhost/search?q=%D0%B2%D0%BE%D0%BB%D0%BA');
    const search = vi.fn().mockResolvedValue(answer);
    const result = (await loader({ request, params: {}, context: contextWith({ search, catchupSearch }, { auth: auth as never, tz: 3 }) } as never)) as unknown as Result;
    return { catchupSearch, data: result.data as { recordings?: { id: string }[]; bySubscription?: boolean } };
  };
  const adult = { current_country_code: 'RU', profile_for_child: false, virtual: false, subscriptions: [] };

  it('asks the catch-up search for a Russian adult and gives its items as archive cards', async () => {
    const { catchupSearch, data } = await run(adult);
    expect(catchupSearch).toHaveBeenCalledWith('волк', false);
    expect(data.recordings?.map((r) => r.id)).toEqual(['rec-1']);
    expect(data.bySubscription).toBe(true);
  });

  it.each([
    ['outside RU', { ...adult, current_country_code: 'DE' }],
    ['in a child profile', { ...adult, profile_for_child: true }],
    ['without a session (a crawler)', null],
  ])('leaves the archive out %s', async (_who, auth) => {
    const { catchupSearch, data } = await run(auth);
    expect(catchupSearch).not.toHaveBeenCalled();
    expect(data.recordings).toEqual([]);
  });

  it('leaves the recordings out when the catch-up search fails (catalogue §7: non-OK gives empty items)', async () => {
    const { data } = await run(adult, vi.fn().mockRejectedValue(new ApiCallError(503, null)));
    expect(data).toMatchObject({ state: 'results', recordings: [] });
  });
});

describe('/search loader (spec catalogue §5: an empty query returns empty items)', () => {
  it.each([[''], ['?q='], ['?q=%20%20'], ['?q=%E2%80%94']])('%j is the empty state, without asking the API', async (query) => {
    const { search, data, status } = await runPage(query);
    expect(search).not.toHaveBeenCalled();
    expect(data).toMatchObject({ state: 'empty' });
    expect(status).toBe(200);
  });

  it('asks the API for the trimmed query and gives cards and people', async () => {
    const { search, data } = await runPage('?q=%20%D1%87%D0%B5%D1%80%D0%BD%D1%8B%D0%B9%20%D0%B2%D0%BE%D0%BB%D0%BA%20');
    expect(search).toHaveBeenCalledWith('черный волк');
    expect(data).toMatchObject({
      state: 'results',
      q: 'черный волк',
      titles: { total: 1, items: [{ alias: 'chyornyy-volk', title: 'Чёрный волк', year: 2021, ratingAge: '18+' }] },
      people: { total: 1, items: [{ alias: 'pyotr-fyodorov', roles: ['actor'] }] },
    });
  });

  it('answers 400 for a query over 100 characters, without asking the API', async () => {
    const { search, data, status } = await runPage(`?q=${'а'.repeat(101)}`);
    expect(search).not.toHaveBeenCalled();
    expect(status).toBe(400);
    expect(data).toMatchObject({ state: 'too-long' });
  });

  it('shows the busy state when the API limits the visitor', async () => {
    const { data, status } = await runPage('?q=волк', vi.fn().mockRejectedValue(new ApiCallError(429, null)));
    expect(status).toBe(429);
    expect(data).toMatchObject({ state: 'busy', q: 'волк' });
  });
});

describe('/resources/search-suggest loader', () => {
  async function runSuggest(query: string, searchSuggest = vi.fn().mockResolvedValue({ query: 'черн', items: [] })) {
    const request = new Request(`http://localhost/resources/search-suggest${query}`);
    const result = (await suggestLoader({ request, params: {}, context: contextWith({ searchSuggest }) } as never)) as unknown as Result;
    return { searchSuggest, data: result.data, status: result.init?.status ?? 200 };
  }

  it('answers empty items for an empty query without asking the API', async () => {
    const { searchSuggest, data } = await runSuggest('?q=%20');
    expect(searchSuggest).not.toHaveBeenCalled();
    expect(data).toEqual({ query: '', items: [] });
  });

  it('passes the API answer on', async () => {
    const { searchSuggest, data } = await runSuggest('?q=%D1%87%D0%B5%D1%80%D0%BD');
    expect(searchSuggest).toHaveBeenCalledWith('черн', expect.any(AbortSignal));
    expect(data).toEqual({ query: 'черн', items: [] });
  });

  it('turns an API failure into empty suggestions with its status, never an error screen', async () => {
    const { data, status } = await runSuggest('?q=волк', vi.fn().mockRejectedValue(new ApiCallError(429, null)));
    expect(status).toBe(429);
    expect(data).toEqual({ query: 'волк', items: [] });
    const down = await runSuggest('?q=волк', vi.fn().mockRejectedValue(new TypeError('fetch failed')));
    expect(down.status).toBe(502);
  });
});
