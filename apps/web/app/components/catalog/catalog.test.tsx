// @vitest-environment jsdom
import type { FilterGroup } from '@ekran/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardView } from '../../lib/card-view.ts';
import { createI18n } from '../../lib/i18n.ts';
import { renderInRouter } from '../../test/render.tsx';
import { CatalogFilters } from './catalog-filters.tsx';
import { InfiniteGrid } from './infinite-grid.tsx';

const trackClick = vi.fn();
vi.mock('../../lib/analytics.ts', () => ({ trackClick: (e: unknown) => trackClick(e) }));

afterEach(() => {
  cleanup();
  trackClick.mockClear();
});

const groups = (selectedGenre = 'all'): FilterGroup[] => [
  {
    alias: 'genre',
    title: 'Жанры',
    selected: selectedGenre,
    items: [
      { alias: 'all', title: 'Все', total: 40 },
      { alias: 'war', title: 'Военный', total: 0 },
      { alias: 'drama', title: 'Драма', total: 30 },
      { alias: 'comedy', title: 'Комедия', total: 10 },
    ],
  },
  {
    alias: 'year',
    title: 'Годы',
    selected: 'all',
    items: [{ alias: 'all', title: 'Все', total: 40 }, ...Array.from({ length: 24 }, (_, i) => ({ alias: String(2024 - i), title: String(2024 - i), total: 24 - i }))],
  },
  { alias: 'country', title: 'Страны', selected: 'all', items: [{ alias: 'all', title: 'Все', total: 40 }, { alias: 'ru', title: 'Россия', total: 40 }] },
];

const hrefFor = (group: string, alias: string) => `/movies?${group}=${alias}`;

describe('CatalogFilters (catalogue §4, §9)', () => {
  it('has a panel per group with «Все» first and the lists in columns of 10', async () => {
    renderInRouter(<CatalogFilters groups={groups()} anySelected={false} hrefFor={hrefFor} formAction="/movies" chosenSort={null} />);
    const year = await screen.findByTestId('filter-year');
    const columns = year.querySelectorAll('.filter__column');
    expect([...columns].map((c) => c.querySelectorAll('li').length)).toEqual([10, 10, 5]);
    const first = year.querySelector('[data-testid="filter-item"]')!;
    expect(first.textContent).toBe('Все');
    expect(first.getAttribute('href')).toBe('/movies?year=all');
    expect(screen.getByTestId('filter-genre').querySelector('summary')!.textContent).toBe('Жанры');
  });

  it('lists zero-count items last, disabled while no filter is chosen', async () => {
    renderInRouter(<CatalogFilters groups={groups()} anySelected={false} hrefFor={hrefFor} formAction="/movies" chosenSort={null} />);
    const items = [...(await screen.findByTestId('filter-genre')).querySelectorAll('[data-testid="filter-item"]')];
    expect(items.map((i) => i.getAttribute('data-alias'))).toEqual(['all', 'drama', 'comedy', 'war']);
    expect(items[3]!.tagName).toBe('SPAN');
    expect(items[3]!.getAttribute('aria-disabled')).toBe('true');
    const option = screen.getAllByRole('option', { name: 'Военный (0)' })[0] as HTMLOptionElement;
    expect(option.disabled).toBe(true);
  });

  it('enables zero-count items once a filter is chosen, and shows the chosen one', async () => {
    renderInRouter(<CatalogFilters groups={groups('drama')} anySelected={true} hrefFor={hrefFor} formAction="/movies" chosenSort={null} />);
    const genre = await screen.findByTestId('filter-genre');
    const war = genre.querySelector('[data-alias="war"]')!;
    expect(war.tagName).toBe('A');
    expect(genre.querySelector('[aria-current="true"]')!.getAttribute('data-alias')).toBe('drama');
    expect(genre.querySelector('summary')!.textContent).toBe('Драма');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Жанры' }).value).toBe('drama');
  });

  it('sends a click event for a filter (catalogue §7)', async () => {
    // The stub router has only /: the link goes there.
    renderInRouter(<CatalogFilters groups={groups()} anySelected={false} hrefFor={() => '/'} formAction="/" chosenSort={null} />);
    const drama = (await screen.findByTestId('filter-genre')).querySelector('[data-alias="drama"]')!;
    fireEvent.click(drama);
    await waitFor(() => expect(trackClick).toHaveBeenCalledWith({ block_type: 'filters', element_type: 'genre', element_id: 'drama', element_text: 'Драма' }));
  });
});

describe('InfiniteGrid (catalogue §4 Infinite scroll)', () => {
  const view = (n: number): CardView => ({
    id: `t${n}`, alias: `t${n}`, title: `Фильм ${n}`, year: 2020, genre: 'Драма', genres: ['Драма'], isSeries: false, seasonsCount: 0,
    ratingAge: '16+', rating: 7, isFree: false, poster: { url: '/api/v1/images/art/vertical/rays-1-2-3', width: 600, height: 900 },
  });
  // The grid's end is in view or not; like a real observer, a new one reports the view of what it observes.
  let inView = false;
  let observed: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
  beforeEach(() => {
    observed = null;
    inView = false;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        reported = false;
        report: (entries: { isIntersecting: boolean }[]) => void;
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void, options: IntersectionObserverInit) {
          this.report = callback;
          observed = (entries) => {
            inView = entries.some((entry) => entry.isIntersecting);
            callback(entries);
          };
          expect(options.rootMargin).toBe('0px 0px 150% 0px');
        }
        observe() {
          if (this.reported) return;
          this.reported = true;
          queueMicrotask(() => this.report([{ isIntersecting: inView }]));
        }
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  function renderGrid(portions: Record<string, { items: CardView[]; skip: number; total: number; nextCursor: string | null }>) {
    const asked: string[] = [];
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        loader: () => ({}),
        HydrateFallback: () => null,
        children: [
          {
            path: 'movies',
            Component: () => (
              <InfiniteGrid
                initial={{ items: [view(1), view(2)], skip: 0, total: 5, nextCursor: 'c1' }}
                page={1}
                pageSize={2}
                portionUrl={(cursor) => `/resources/titles?after=${cursor}`}
                pageHref={(p) => (p > 1 ? `/movies/page${p}` : '/movies')}
              />
            ),
          },
          {
            path: 'resources/titles',
            loader: ({ request }: { request: Request }) => {
              const after = new URL(request.url).searchParams.get('after')!;
              asked.push(after);
              // A fresh answer each time, as a real resource route's decoded JSON is: the grid tells answers apart by
              // identity, and handing it the same object twice made it miss the second failure and ask again.
              const portion = portions[after];
              return portion ? { ...portion } : portion;
            },
          },
        ],
      },
    ]);
    render(
      <I18nextProvider i18n={createI18n('ru')}>
        <Stub initialEntries={['/movies']} />
      </I18nextProvider>,
    );
    return asked;
  }

  it('loads the next portion when the sentinel appears, appends it and advances the page counter, until the end', async () => {
    const asked = renderGrid({
      c1: { items: [view(3), view(4)], skip: 2, total: 5, nextCursor: 'c2' },
      c2: { items: [view(5)], skip: 4, total: 5, nextCursor: null },
    });
    const listing = await screen.findByTestId('listing');
    expect(screen.getAllByTestId('title-card')).toHaveLength(2);
    expect(screen.getByTestId('listing-count').textContent).toBe('1–2 из 5');
    // The next portion's cells wait for it, so its arrival moves nothing below the grid.
    expect(listing.querySelectorAll('.card-grid__placeholder')).toHaveLength(2);
    // Real paging links: page 2 is rel=next, every page is linked.
    expect(screen.getByRole('link', { name: 'Дальше' }).getAttribute('href')).toBe('/movies/page2');
    expect(screen.getByRole('link', { name: 'Дальше' }).getAttribute('rel')).toBe('next');
    expect(screen.getAllByRole('link', { name: /^Страница/ }).map((a) => a.getAttribute('href'))).toEqual(['/movies', '/movies/page2', '/movies/page3']);

    await waitFor(() => expect(observed).not.toBeNull());
    act(() => observed!([{ isIntersecting: true }]));
    await waitFor(() => expect(listing.getAttribute('data-pages')).toBe('2'));
    expect(screen.getAllByTestId('title-card').map((a) => a.getAttribute('href'))).toEqual(['/watch/t1', '/watch/t2', '/watch/t3', '/watch/t4']);
    expect(screen.getByTestId('listing-count').textContent).toBe('1–4 из 5');
    expect(listing.querySelectorAll('.card-grid__placeholder'), 'one card is left to come').toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Дальше' }).getAttribute('href')).toBe('/movies/page3');

    // The sentinel is still in view: the last portion follows, then nothing more is asked.
    await waitFor(() => expect(listing.getAttribute('data-pages')).toBe('3'));
    expect(screen.getAllByTestId('title-card')).toHaveLength(5);
    expect(screen.queryByRole('link', { name: 'Дальше' })).toBeNull();
    expect(listing.querySelectorAll('.card-grid__placeholder')).toHaveLength(0);
    act(() => observed!([{ isIntersecting: true }]));
    expect(asked).toEqual(['c1', 'c2']);
  });

  it.each([
    ['a fresh load of the address starts at the top', 'navigate', 2],
    ['a reload gets the loaded portions back', 'reload', 4],
    ['the browser going back gets them back', 'back_forward', 4],
  ])('restores a snapshot left by an earlier document only on a reload or a history move: %s', async (_name, type, cards) => {
    sessionStorage.setItem(
      'ekran:list:default',
      JSON.stringify({ url: '/movies', skip: 0, page: 2, pageSize: 2, scrollYPosition: 900, isPopStated: false, items: [view(1), view(2), view(3), view(4)], nextCursor: 'c2', total: 5, doc: 'an-earlier-document' }),
    );
    const entries = vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as unknown as PerformanceEntry]);
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    try {
      renderGrid({ c1: { items: [view(3), view(4)], skip: 2, total: 5, nextCursor: 'c2' }, c2: { items: [view(5)], skip: 4, total: 5, nextCursor: null } });
      await screen.findByTestId('listing');
      expect(screen.getAllByTestId('title-card')).toHaveLength(cards);
      if (cards === 2) expect(scrolled).not.toHaveBeenCalled();
      else expect(scrolled).toHaveBeenCalledWith(0, 900);
    } finally {
      entries.mockRestore();
      scrolled.mockRestore();
      sessionStorage.clear();
    }
  });

  it('offers a retry when a portion fails', async () => {
    const asked = renderGrid({ c1: { error: 'failed' } as never });
    await screen.findByTestId('listing');
    // The grid makes its observer in an effect after the listing shows.
    await waitFor(() => expect(observed).not.toBeNull());
    act(() => observed!([{ isIntersecting: false }]));
    act(() => observed!([{ isIntersecting: true }]));
    const retry = await screen.findByRole('button', { name: 'Повторить' });
    expect(screen.getByRole('alert').textContent).toContain('Не получилось загрузить продолжение списка.');
    const before = asked.length;
    fireEvent.click(retry);
    // The retry asks for the same portion again (and, failing again, says so again).
    await waitFor(() => expect(asked.length).toBeGreaterThan(before));
    expect(new Set(asked)).toEqual(new Set(['c1']));
    expect(await screen.findByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});
