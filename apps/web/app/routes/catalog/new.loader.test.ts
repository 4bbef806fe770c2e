import type { TitleCard } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader } from './new.tsx';

const card = { _cls: 'Product.Movie', _id: 'a', uid: 'a', alias: 'a', title: 'А', genres: [], release_date: '2024-01-01', ekran_release_date: '2026-10-01',
  year: 2024, rating_age: '16+', rating_ekran: 7, for_kids: false, is_free: false, duration_minutes: 100, seasons_count: 0,
  horizontal_poster: { url: '/h', width: 1280, height: 720 }, vertical_poster: { url: '/v', width: 600, height: 900 } } satisfies TitleCard;

function run(path: string, page?: string, total = 100) {
  const titles = vi.fn().mockResolvedValue({ items: [card], items_total: total, skip: 0, limit: 40, next_cursor: null });
  const result = outcome(() => loader({ request: new Request(`http://localhost${path}`), params: { page }, context: contextWith({ titles }) } as never));
  return { titles, result };
}
const status = (r: Awaited<ReturnType<typeof run>['result']>) =>
  'thrown' in r ? ((r.thrown as Response).status ?? (r.thrown as { init?: { status: number } }).init?.status) : 200;

describe('/new/{page?}', () => {
  it('lists titles newest on the service first, 40 a page', async () => {
    const { titles, result } = run('/new/page3', 'page3');
    const r = await result;
    expect(titles).toHaveBeenCalledWith({ sort: '-ekran_release_date', for_kids: false, limit: 40, skip: 80 });
    expect('value' in r && r.value).toMatchObject({ page: 3, pages: 3, total: 100, canonical: '/new/page3' });
  });

  it('redirects /new/page1 to /new and answers 404 for other page segments and pages past the end', async () => {
    const first = await run('/new/page1', 'page1').result;
    expect(status(first)).toBe(301);
    expect('thrown' in first && (first.thrown as Response).headers.get('location')).toBe('/new');
    for (const bad of ['2', 'page0', 'page02', 'strana']) expect(status(await run(`/new/${bad}`, bad).result), bad).toBe(404);
    expect(status(await run('/new/page4', 'page4', 100).result)).toBe(404);
  });
});
