import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { catchup } from '../../test/archive.ts';
import { contextWith } from '../../test/visitor.ts';
import { loader } from './catchups.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.parse('2026-11-22T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const call = async (query: string, catchups = vi.fn().mockResolvedValue({ items: [catchup('c')], items_total: 30, skip: 20, limit: 10 }), visitor: Record<string, unknown> = {}) => {
  const result = (await loader({ request: new Request(`http://localhost/resources/catchups?${query}`), params: {}, context: contextWith({ catchups }, visitor) } as never)) as unknown as {
    data: { items?: { id: string; aired: string }[]; skip?: number; total?: number; nextCursor?: string | null; error?: string };
    init: { status?: number } | null;
  };
  return { catchups, status: result.init?.status ?? 200, body: result.data };
};

describe('GET /resources/catchups (the archive grid’s next portion, catalogue §4)', () => {
  it('asks the API for the portion at skip in the viewport’s page size, with the page’s filters', async () => {
    const { catchups, status, body } = await call('category=movies&genre=drama,comedy&year=2021,2020&skip=20&limit=10');
    expect(status).toBe(200);
    expect(catchups).toHaveBeenCalledWith({ category: 'movies', genre: 'drama,comedy', year: '2021,2020', skip: 20, limit: 10, for_kids: false });
    // skip advances by the page size, capped at items_total
    expect(body).toMatchObject({ skip: 20, total: 30, nextCursor: null, items: [{ id: 'c' }] });
  });

  it('writes the air time in the viewer’s tz and keeps a child profile in its kids scope', async () => {
    const { catchups, body } = await call('skip=0&limit=25', undefined, { auth: { profile_for_child: true }, tz: 7 });
    expect(catchups).toHaveBeenCalledWith(expect.objectContaining({ for_kids: true }));
    expect(body.items?.[0]?.aired).toBe('22 ноября, 01:30');
  });

  it.each(['', 'skip=0', 'skip=0&limit=40', 'skip=-1&limit=10', 'skip=0&limit=10&category=cartoons', 'skip=0&limit=10&genre=Drama', 'skip=0&limit=10&year=21'])(
    'answers 400 for %j without calling the API',
    async (query) => {
      const { catchups, status, body } = await call(query);
      expect(status).toBe(400);
      expect(body).toEqual({ error: 'bad-request' });
      expect(catchups).not.toHaveBeenCalled();
    },
  );

  it.each([
    [new ApiCallError(503, null), 502],
    [new ApiCallError(403, { status: 403, code: 'tv_not_available', message: 'tv_not_available' }), 403],
  ])('answers an error the grid can retry when the API fails (%s)', async (error, status) => {
    const answer = await call('skip=0&limit=10', vi.fn().mockRejectedValue(error));
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error: 'failed' });
  });
});
