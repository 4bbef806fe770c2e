// @vitest-environment jsdom
import type { SearchSuggestResponse } from '@ekran/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, Link, Outlet, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { HeaderSearch } from './header-search.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SUGGESTIONS: SearchSuggestResponse['items'] = [
  { type: 'title', alias: 'chyornyy-volk', title: 'Чёрный волк', _cls: 'Product.Movie', year: 2021, vertical_poster: { url: '/api/v1/images/art/vertical/x', width: 600, height: 900 }, url: '/watch/chyornyy-volk' },
  { type: 'title', alias: 'chyornoe-more', title: 'Чёрное море', _cls: 'Product.Series', year: 2019, vertical_poster: { url: '/api/v1/images/art/vertical/y', width: 600, height: 900 }, url: '/watch/chyornoe-more' },
  { type: 'person', alias: 'pyotr-fyodorov', name: 'Пётр Фёдоров', roles: ['actor', 'director'], url: '/person/pyotr-fyodorov' },
];

/** The header search inside a router whose suggestion resource answers like the site's (and records the queries). */
function renderSearch(initialPath = '/', answer: (q: string) => Promise<SearchSuggestResponse['items']> | SearchSuggestResponse['items'] = () => SUGGESTIONS) {
  const asked: string[] = [];
  // The field asks the suggestion resource with fetch; it answers like the site's.
  vi.stubGlobal('fetch', async (input: string | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    expect(url.pathname).toBe('/resources/search-suggest');
    const q = url.searchParams.get('q') ?? '';
    asked.push(q);
    const items = await answer(q);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return Response.json({ query: q, items } satisfies SearchSuggestResponse);
  });
  function Shell() {
    const location = useLocation();
    return (
      <>
        <HeaderSearch isKids={false} />
        <p data-testid="location">{`${location.pathname}${location.search}`}</p>
        <Link to="/movies">to-movies</Link>
        <Link to="/channel/first">to-channel</Link>
        <Link to="/channel/second">to-other-channel</Link>
        <Outlet />
      </>
    );
  }
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: Shell,
      HydrateFallback: () => null,
      children: [
        { index: true, Component: () => null },
        { path: 'movies', Component: () => null },
        { path: 'channel/:id', Component: () => null },
        { path: 'watch/:alias', Component: () => null },
        { path: 'person/:alias', Component: () => null },
        { path: 'search', Component: () => null },
        { path: 'auth', Component: () => null },
        { path: 'account/:type?', Component: () => null },
      ],
    },
  ]);
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={[initialPath]} />
    </I18nextProvider>,
  );
  return { asked };
}

const location = () => screen.getByTestId('location').textContent;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('the header search (spec platform §2: shown except on a listed set of routes)', () => {
  it.each([['/'], ['/movies'], ['/channel/first']])('shows a combobox on %s', async (path) => {
    renderSearch(path);
    const input = await screen.findByRole('combobox', { name: 'Поиск по каталогу' });
    expect(input.getAttribute('name')).toBe('q');
    expect(input.closest('form')?.getAttribute('action')).toBe('/search');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it.each([['/search'], ['/auth'], ['/account/devices']])('shows no search input on %s', async (path) => {
    renderSearch(path);
    await screen.findByTestId('location');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('search')).toBeNull();
  });
});

describe('suggestions while typing', () => {
  it('asks once typing pauses and lists titles, people and «all results»', async () => {
    const { asked } = renderSearch();
    const input = await screen.findByRole('combobox');
    type(input, 'ч');
    type(input, 'че');
    type(input, 'черн');
    const listbox = await screen.findByRole('listbox');
    await within(listbox).findByText('Чёрный волк');
    expect(asked).toEqual(['черн']);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Чёрный волк2021 · Фильм',
      'Чёрное море2019 · Сериал',
      'ПФПётр ФёдоровРоли в кино, режиссура',
      'Все результаты по запросу «черн»',
    ]);
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('never shows the previous query\'s titles under a new query: a loading state until its own answer', async () => {
    let release = () => {};
    const slow = new Promise<void>((resolve) => (release = resolve));
    renderSearch('/', async (q) => {
      if (q === 'черн') return SUGGESTIONS;
      await slow;
      return [{ type: 'title', alias: 'dikiy-volk', title: 'Дикий волк', _cls: 'Product.Movie', year: 1983, vertical_poster: { url: '/api/v1/images/art/vertical/z', width: 600, height: 900 }, url: '/watch/dikiy-volk' }];
    });
    const input = await screen.findByRole('combobox');
    type(input, 'черн');
    await screen.findByText('Чёрный волк');
    type(input, 'волк');
    // At once (before the debounce) and while the answer is on its way: no «Чёрный волк», a loading state instead.
    expect(screen.queryByText('Чёрный волк')).toBeNull();
    expect(screen.getByTestId('suggest-loading')).toBeTruthy();
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('true');
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.queryByText('Чёрный волк')).toBeNull();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Все результаты по запросу «волк»']);
    release();
    await screen.findByText('Дикий волк');
    expect(screen.queryByTestId('suggest-loading')).toBeNull();
    expect(screen.queryByText('Чёрный волк')).toBeNull();
  });

  it('does not ask for a single letter', async () => {
    const { asked } = renderSearch();
    const input = await screen.findByRole('combobox');
    type(input, 'ч');
    await new Promise((r) => setTimeout(r, 400));
    expect(asked).toEqual([]);
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it('moves with the arrow keys and opens the highlighted suggestion with Enter', async () => {
    renderSearch();
    const input = await screen.findByRole('combobox');
    type(input, 'черн');
    await screen.findByText('Чёрный волк');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = screen.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true');
    expect(active?.textContent).toContain('Чёрное море');
    expect(input.getAttribute('aria-activedescendant')).toBe(active?.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(location()).toBe('/watch/chyornoe-more'));
  });

  it('opens a person by a click', async () => {
    renderSearch();
    const input = await screen.findByRole('combobox');
    type(input, 'федоров');
    fireEvent.click(await screen.findByText('Пётр Фёдоров'));
    await waitFor(() => expect(location()).toBe('/person/pyotr-fyodorov'));
  });

  it('searches what is typed with Enter when nothing is highlighted', async () => {
    renderSearch();
    const input = await screen.findByRole('combobox');
    type(input, 'Мёд и лёд');
    await screen.findByText('Чёрный волк');
    // The list is open but nothing is highlighted: Enter is left to the browser, which submits the form.
    expect(fireEvent.keyDown(input, { key: 'Enter' }), 'Enter is not prevented').toBe(true);
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(location()).toBe('/search?q=%D0%9C%D1%91%D0%B4+%D0%B8+%D0%BB%D1%91%D0%B4'));
  });

  it('closes the list with Escape and clears the field with a second Escape', async () => {
    renderSearch();
    const input = await screen.findByRole<HTMLInputElement>('combobox');
    type(input, 'черн');
    await screen.findByText('Чёрный волк');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(input.value).toBe('черн');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.value).toBe('');
  });
});

describe('route changes (spec platform §2: clear the search value unless the path contains /channel)', () => {
  it('clears the field when the route changes', async () => {
    renderSearch();
    const input = await screen.findByRole<HTMLInputElement>('combobox');
    type(input, 'волк');
    fireEvent.click(screen.getByText('to-movies'));
    await waitFor(() => expect(location()).toBe('/movies'));
    expect(screen.getByRole<HTMLInputElement>('combobox').value).toBe('');
  });

  it('keeps the field when the new path contains /channel', async () => {
    renderSearch('/channel/first');
    const input = await screen.findByRole<HTMLInputElement>('combobox');
    type(input, 'новости');
    fireEvent.click(screen.getByText('to-other-channel'));
    await waitFor(() => expect(location()).toBe('/channel/second'));
    expect(screen.getByRole<HTMLInputElement>('combobox').value).toBe('новости');
    fireEvent.click(screen.getByText('to-movies'));
    await waitFor(() => expect(location()).toBe('/movies'));
    expect(screen.getByRole<HTMLInputElement>('combobox').value).toBe('');
  });
});
