import type { CatalogFilters, TitleCard } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader, meta } from './category.tsx';

const card = (alias: string, genre = { alias: 'drama', title: 'Драма' }): TitleCard => ({
  _cls: 'Product.Movie', _id: alias, uid: alias, alias, title: alias, genres: [genre], release_date: '2024-01-01', ekran_release_date: '2025-01-01',
  year: 2024, rating_age: '16+', rating_ekran: 7, for_kids: false, is_free: false, duration_minutes: 100, seasons_count: 0,
  horizontal_poster: { url: '/h', width: 1280, height: 720 }, vertical_poster: { url: '/v', width: 600, height: 900 },
});

const filtersFor = (selected: { genre?: string; year?: string; country?: string } = {}): CatalogFilters => ({
  items: [
    { alias: 'genre', title: 'Жанры', selected: selected.genre ?? 'all', items: [{ alias: 'all', title: 'Все', total: 85 }, { alias: 'drama', title: 'Драма', total: 60 }, { alias: 'war', title: 'Военный', total: 0 }] },
    { alias: 'year', title: 'Годы', selected: selected.year ?? 'all', items: [{ alias: 'all', title: 'Все', total: 85 }, { alias: '2021', title: '2021', total: 20 }] },
    { alias: 'country', title: 'Страны', selected: selected.country ?? 'all', items: [{ alias: 'all', title: 'Все', total: 85 }, { alias: 'ru', title: 'Россия', total: 50 }] },
  ],
  sort_options: [{ alias: '-popularity', title: 'По популярности' }, { alias: '-year', title: 'Сначала новые' }],
  default_sort: '-popularity',
});

function run(path: string, params: Record<string, string | undefined>, o: { total?: number; items?: TitleCard[]; filters?: CatalogFilters | Error } = {}) {
  const total = o.total ?? 85;
  const titles = vi.fn().mockResolvedValue({ items: o.items ?? [card('a'), card('b')], items_total: total, skip: 0, limit: 40, sort: '-popularity', next_cursor: 'c1' });
  const catalogFilters = o.filters instanceof Error ? vi.fn().mockRejectedValue(o.filters) : vi.fn().mockResolvedValue(o.filters ?? filtersFor());
  const context = contextWith({ titles, catalogFilters });
  const request = new Request(`http://localhost${path}`);
  return { titles, catalogFilters, result: outcome(() => loader({ request, params, context } as never)) };
}

const status = (r: Awaited<ReturnType<typeof run>['result']>) =>
  'thrown' in r ? ((r.thrown as Response).status ?? (r.thrown as { init?: { status: number } }).init?.status) : 200;
const location = (r: Awaited<ReturnType<typeof run>['result']>) => ('thrown' in r ? (r.thrown as Response).headers.get('location') : null);

describe('category loader', () => {
  it('asks the API for the category, filters and page (40 per page, catalogue §9) and for the filters with their counts', async () => {
    const { titles, catalogFilters, result } = run('/movies/drama/2021/ru/page2', { p1: 'drama', p2: '2021', p3: 'ru', p4: 'page2' }, {
      filters: filtersFor({ genre: 'drama', year: '2021', country: 'ru' }),
    });
    const r = await result;
    expect(titles).toHaveBeenCalledWith(expect.objectContaining({ category: 'movies', genre: 'drama', year: 2021, country: 'ru', limit: 40, skip: 40, for_kids: false, sort: undefined }));
    expect(catalogFilters).toHaveBeenCalledWith({ category: 'movies', genre: 'drama', year: 2021, country: 'ru', for_kids: false });
    expect('value' in r && r.value).toMatchObject({ category: 'movies', total: 85, pages: 3, genreTitle: 'Драма', countryTitle: 'Россия', sort: '-popularity', chosenSort: null });
    expect('value' in r && r.value.portion).toMatchObject({ total: 85, skip: 0, nextCursor: 'c1' });
    expect('value' in r && r.value.portion.items[0]).toMatchObject({ alias: 'a', genre: 'Драма', genres: ['Драма'], ratingAge: '16+' });
  });

  it('passes a sort from ?sort= and ignores one that is not a catalogue sort', async () => {
    const asked = run('/movies?sort=-year', {});
    await asked.result;
    expect(asked.titles).toHaveBeenCalledWith(expect.objectContaining({ sort: '-year' }));
    expect('value' in (await asked.result) && ((await asked.result) as { value: { chosenSort: string } }).value.chosenSort).toBe('-year');
    const bogus = run('/movies?sort=price', {});
    await bogus.result;
    expect(bogus.titles).toHaveBeenCalledWith(expect.objectContaining({ sort: undefined }));
  });

  it('redirects /page1 to the canonical path', async () => {
    const r = await run('/series/page1', { p1: 'page1' }).result;
    expect(status(r)).toBe(301);
    expect(location(r)).toBe('/series');
  });

  it.each([
    ['/movies?genre=drama&year=2021&country=RU&sort=-year', '/movies/drama/2021/ru?sort=-year'],
    ['/movies/drama?genre=all&year=2021&country=all', '/movies/2021'],
  ])('turns the select mode’s form %s into the path %s', async (path, target) => {
    const { titles, result } = run(path, {});
    const r = await result;
    expect(status(r)).toBe(302);
    expect(location(r)).toBe(target);
    expect(titles).not.toHaveBeenCalled();
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

  it('answers 404 for a page past the end and for a filter value the category does not have', async () => {
    expect(status(await run('/movies/page9', { p1: 'page9' }, { total: 85 }).result)).toBe(404);
    expect(status(await run('/movies/nosuchgenre', { p1: 'nosuchgenre' }, { total: 0, items: [], filters: filtersFor({ genre: 'nosuchgenre' }) }).result)).toBe(404);
    expect(status(await run('/movies/1931', { p1: '1931' }, { total: 0, items: [], filters: filtersFor({ year: '1931' }) }).result)).toBe(404);
    // A value the category has, with nothing left under the other filters, is a page (with the empty view).
    expect(status(await run('/movies/war', { p1: 'war' }, { total: 0, items: [], filters: filtersFor({ genre: 'war' }) }).result)).toBe(200);
  });

  it('goes on without filters when their call fails (catalogue §8)', async () => {
    const r = await run('/movies', {}, { filters: new Error('API down') }).result;
    expect('value' in r && r.value).toMatchObject({ filters: [], sortOptions: [], total: 85 });
  });

  it('lists only kids titles for a child profile', async () => {
    const titles = vi.fn().mockResolvedValue({ items: [], items_total: 0, skip: 0, limit: 40 });
    const catalogFilters = vi.fn().mockResolvedValue(filtersFor());
    const context = contextWith({ titles, catalogFilters }, { auth: { profile_for_child: true } as never });
    await loader({ request: new Request('http://localhost/animation'), params: {}, context } as never);
    expect(titles).toHaveBeenCalledWith(expect.objectContaining({ for_kids: true }));
    expect(catalogFilters).toHaveBeenCalledWith(expect.objectContaining({ for_kids: true }));
  });

  it('describes itself: canonical without ?sort, BreadcrumbList, rel prev and next', async () => {
    const r = await run('/movies/drama/page2?sort=-year', { p1: 'drama', p2: 'page2' }, { filters: filtersFor({ genre: 'drama' }) }).result;
    const d = 'value' in r ? r.value : null;
    const tags = meta({ data: d, matches: [{ id: 'root', data: { origin: 'https://ekran.example' } }] } as never) as Record<string, unknown>[];
    expect(tags.find((m) => m.rel === 'canonical')).toMatchObject({ href: 'https://ekran.example/movies/drama/page2' });
    expect(tags.find((m) => m.rel === 'prev')).toMatchObject({ href: '/movies/drama' });
    expect(tags.find((m) => m.rel === 'next')).toMatchObject({ href: '/movies/drama/page3' });
    expect(tags.find((m) => 'title' in m)).toEqual({ title: 'Фильмы: драма — смотреть онлайн на Экране — страница 2' });
    const ld = tags.find((m) => 'script:ld+json' in m)?.['script:ld+json'] as { itemListElement: { name: string; item: string }[] };
    expect(ld.itemListElement.map((i) => [i.name, i.item])).toEqual([
      ['Главная', 'https://ekran.example/'],
      ['Фильмы', 'https://ekran.example/movies'],
      ['Драма', 'https://ekran.example/movies/drama'],
    ]);
  });
});
