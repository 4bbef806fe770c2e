import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { contextWith } from '../../test/visitor.ts';
import { loader } from './titles.ts';

const call = async (query: string, titles = vi.fn().mockResolvedValue({ items: [], items_total: 50, skip: 40, limit: 40, next_cursor: null }), auth: unknown = null) => {
  const result = (await loader({ request: new Request(`http://localhost/resources/titles?${query}`), params: {}, context: contextWith({ titles }, { auth: auth as never }) } as never)) as unknown as {
    data: unknown;
    init: { status?: number } | null;
  };
  return { titles, status: result.init?.status ?? 200, body: result.data };
};

describe('GET /resources/titles (the infinite grid’s next portion)', () => {
  it('asks the API for the portion after the cursor with the page’s filters and sort', async () => {
    const { titles, status, body } = await call('category=movies&genre=drama&year=2021&country=RU&sort=-year&after=abc_1-');
    expect(status).toBe(200);
    expect(titles).toHaveBeenCalledWith({ category: 'movies', genre: 'drama', year: 2021, country: 'ru', sort: '-year', after: 'abc_1-', for_kids: false, limit: 40 });
    expect(body).toEqual({ items: [], skip: 40, total: 50, nextCursor: null });
  });

  it('keeps a child profile in its kids titles', async () => {
    const { titles } = await call('after=x', undefined, { profile_for_child: true });
    expect(titles).toHaveBeenCalledWith(expect.objectContaining({ for_kids: true }));
  });

  it.each(['', 'after=', 'after=a%20b', 'after=x&sort=price', 'after=x&category=cartoons', 'after=x&year=abc'])('answers 400 for %j without calling the API', async (query) => {
    const { titles, status, body } = await call(query);
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'bad-request' });
    expect(titles).not.toHaveBeenCalled();
  });

  it('answers an error the grid can retry when the API fails', async () => {
    const { status, body } = await call('after=x', vi.fn().mockRejectedValue(new ApiCallError(503, null)));
    expect(status).toBe(502);
    expect(body).toEqual({ error: 'failed' });
  });
});
