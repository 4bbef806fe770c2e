import type { TitleCard } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader } from './category.tsx';

const card = (alias: string, genre = { alias: 'drama', title: 'Драма' }): TitleCard => ({
  _cls: 'Product.Movie', _id: alias, uid: alias, alias, title: alias, genres: [genre], release_date: '2024-01-01', ekran_release_date: '2025-01-01',
  year: 2024, rating_age: '16+', rating_ekran: 7, for_kids: false, is_free: false, duration_minutes: 100, seasons_count: 0,
  horizontal_poster: { url: '/h', width: 1280, height: 720 }, vertical_poster: { url: '/v', width: 600, height: 900 },
});

function run(path: string, params: Record<string, string | undefined>, total = 85, items = [card('a'), card('b')]) {
  const titles = vi.fn().mockResolvedValue({ items, items_total: total, skip: 0, limit: 40 });
  const context = contextWith({ titles });
  const request = new Request(`http://localhost${path}`);
  return { titles, result: outcome(() => loader({ request, params, context } as never)) };
}

const status = (r: Awaited<ReturnType<typeof run>['result']>) =>
  'thrown' in r ? ((r.thrown as Response).status ?? (r.thrown as { init?: { status: number } }).init?.status) : 200;

describe('category loader', () => {
  it('asks the API for the category, filters and page (40 per page, catalogue §9)', async () => {
    const { titles, result } = run('/movies/drama/2021/ru/page2', { p1: 'drama', p2: '2021', p3: 'ru', p4: 'page2' });
    const r = await result;
    expect(titles).toHaveBeenCalledWith(expect.objectContaining({ category: 'movies', genre: 'drama', year: 2021, country: 'ru', limit: 40, skip: 40, for_kids: false }));
    expect('value' in r && r.value).toMatchObject({ category: 'movies', total: 85, pages: 3, genreTitle: 'Драма' });
    expect('value' in r && r.value.items[0]).toMatchObject({ alias: 'a', genre: 'Драма', ratingAge: '16+' });
  });

  it('redirects /page1 to the canonical path', async () => {
    const r = await run('/series/page1', { p1: 'page1' }).result;
    expect(status(r)).toBe(301);
    expect('thrown' in r && (r.thrown as Response).headers.get('location')).toBe('/series');
  });

  it.each([
    ['/movies/page0', { p1: 'page0' }],
    ['/movies/RU', { p1: 'RU' }],
    ['/movies/2021/drama', { p1: '2021', p2: 'drama' }],
  ])('answers 404 for %s without calling the API', async (path, params) => {
    const { titles, result } = run(path, params);
    expect(status(await result)).toBe(404);
    expect(titles).not.toHaveBeenCalled();
  });

  it('answers 404 for a page past the end and for an unknown genre', async () => {
    expect(status(await run('/movies/page9', { p1: 'page9' }, 85).result)).toBe(404);
    expect(status(await run('/movies/nosuchgenre', { p1: 'nosuchgenre' }, 0, []).result)).toBe(404);
  });

  it('lists only kids titles for a child profile', async () => {
    const titles = vi.fn().mockResolvedValue({ items: [], items_total: 0, skip: 0, limit: 40 });
    const context = contextWith({ titles }, { auth: { profile_for_child: true } as never });
    await loader({ request: new Request('http://localhost/animation'), params: {}, context } as never);
    expect(titles).toHaveBeenCalledWith(expect.objectContaining({ for_kids: true }));
  });
});
