// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCardView } from '../../lib/card-view.ts';
import { createI18n } from '../../lib/i18n.ts';
import { titleCard } from '../../test/collections.ts';
import PersonPage from '../person/person.tsx';
import PlaylistPage from '../playlists/playlist.tsx';
import SelectionPage from '../selections/selection.tsx';
import CollectionsPage from './collections.tsx';

afterEach(cleanup);

function show(path: string, pattern: string, Component: unknown, loaderData: object) {
  const Stub = createRoutesStub([{ path: pattern, Component: Component as never, loader: () => loaderData, HydrateFallback: () => null }]);
  return render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

const poster = { url: '/v/x', width: 600, height: 900 };

describe('the list of collections', () => {
  it('shows each collection as a card with its count, linking to its page, and pages on', async () => {
    show('/collections', '/collections/:p1?/:p2?', CollectionsPage, {
      mode: 'list', page: 1, pages: 2, total: 31, skip: 0,
      collections: [{ alias: 'vybor', title: 'Выбор редакции', description: 'Редакция советует.', for_kids: false, items_total: 16, posters: [poster], url: '/collections/vybor' }],
    });
    const card = await screen.findByTestId('cover-card');
    expect(card.getAttribute('href')).toBe('/collections/vybor');
    expect(card.textContent).toContain('16 названий');
    expect(screen.getByText('31 коллекция')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Страницы каталога' });
    expect(within(pager).getByRole('link', { name: 'Дальше' }).getAttribute('href')).toBe('/collections/page2');
    expect(within(pager).getByRole('link', { name: 'Страница 2' }).getAttribute('href')).toBe('/collections/page2');
    expect(within(pager).getByRole('link', { name: 'Страница 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).queryByRole('link', { name: 'Назад' })).toBeNull();
  });

  it('shows a hashtag collection with its tag, in the infinite grid with its page links', async () => {
    show('/collections/neozhidannyy-final/page2', '/collections/:p1?/:p2?', CollectionsPage, {
      mode: 'collection', page: 2, pages: 2, base: '/collections/neozhidannyy-final', skip: 30, alias: 'neozhidannyy-final', kind: 'hashtag',
      title: 'Неожиданный финал', description: '', hashtag: 'неожиданный_финал', total: 31,
      portion: { items: [toCardView(titleCard('a'))], skip: 30, total: 31, nextCursor: null },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Неожиданный финал' })).toBeTruthy();
    expect(screen.getByText('#неожиданный_финал')).toBeTruthy();
    const listing = screen.getByTestId('listing');
    expect(within(listing).getByText('Фильм a')).toBeTruthy();
    expect(screen.getByTestId('listing-count').textContent).toBe('31–31 из 31');
    expect(within(listing).getByRole('link', { name: 'Назад' }).getAttribute('href')).toBe('/collections/neozhidannyy-final');
    expect(within(listing).queryByRole('link', { name: 'Дальше' })).toBeNull();
  });

  it('shows an empty collection as such, without a grid', async () => {
    show('/collections/pusto', '/collections/:p1?/:p2?', CollectionsPage, {
      mode: 'collection', page: 1, pages: 1, base: '/collections/pusto', skip: 0, alias: 'pusto', kind: 'collection',
      title: 'Пусто', description: 'Ничего.', hashtag: null, total: 0, portion: { items: [], skip: 0, total: 0, nextCursor: null },
    });
    expect(await screen.findByText('Здесь пока ничего нет')).toBeTruthy();
    expect(screen.queryByTestId('listing')).toBeNull();
  });
});

describe('a selection', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads its next 40 titles from the list-titles resource as the grid’s sentinel comes into view', async () => {
    let observed: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          observed = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const asked: string[] = [];
    const cards = (from: number, count: number) => Array.from({ length: count }, (_, i) => toCardView(titleCard(`t${from + i}`)));
    const Stub = createRoutesStub([
      {
        path: '/main/:rules/:page?',
        Component: SelectionPage as never,
        HydrateFallback: () => null,
        loader: () => ({
          page: 1, pages: 2, base: '/main/top-rated', skip: 0, alias: 'top-rated', title: 'Высокий рейтинг', description: '', total: 45,
          portion: { items: cards(1, 40), skip: 0, total: 45, nextCursor: '40' },
        }),
      },
      {
        path: '/resources/list-titles',
        loader: ({ request }: { request: Request }) => {
          asked.push(new URL(request.url).search);
          return { items: cards(41, 5), skip: 40, total: 45, nextCursor: null };
        },
      },
    ]);
    render(
      <I18nextProvider i18n={createI18n('ru')}>
        <Stub initialEntries={['/main/top-rated']} />
      </I18nextProvider>,
    );
    // A loaded machine (CI beside other jobs) may take seconds for the first render of the route.
    const listing = await screen.findByTestId('listing', {}, { timeout: 10_000 });
    expect(screen.getAllByTestId('title-card')).toHaveLength(40);
    expect(within(listing).getByRole('link', { name: 'Дальше' }).getAttribute('href')).toBe('/main/top-rated/page2');
    // The grid starts observing in an effect after it renders: wait for it (a loaded machine runs it later).
    await waitFor(() => expect(observed).not.toBeNull(), { timeout: 10_000 });
    act(() => observed!([{ isIntersecting: true }]));
    await waitFor(() => expect(screen.getAllByTestId('title-card')).toHaveLength(45), { timeout: 10_000 });
    expect(asked).toEqual(['?list=selection&alias=top-rated&skip=40']);
    expect(screen.getByTestId('listing-count').textContent).toBe('1–45 из 45');
    expect(within(listing).queryByRole('link', { name: 'Дальше' })).toBeNull();
  }, 30_000);
});

describe('a playlist', () => {
  it('numbers its items across pages and plays from the first item', async () => {
    const item = (uid: string, cls: string, alias: string) => ({ uid, cls, alias, title: `${alias} ${cls}`, ratingAge: '16+', minutes: 45, poster });
    show('/playlist/vecher/page2', '/playlist/:alias/:page?', PlaylistPage, {
      page: 2, pages: 2, base: '/playlist/vecher', skip: 40, alias: 'vecher', title: 'Вечер кино', description: 'Подряд.', total: 42, duration: 125,
      first: { alias: 'pervyy', uid: 'u1' }, items: [item('u41', 'Episode', 'serial'), item('u42', 'Trailer', 'drugoy')],
    });
    expect((await screen.findByTestId('play-all')).getAttribute('href')).toBe('/watch/pervyy');
    expect(screen.getByText('42 видео · 2 часа 5 минут', { exact: false })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Видео плейлиста' });
    expect(list.getAttribute('start')).toBe('41');
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/watch/serial', '/watch/drugoy']);
    expect(within(list).getByText('Серия')).toBeTruthy();
    expect(within(list).getByText('Трейлер')).toBeTruthy();
  });
});

describe('a person', () => {
  it('shows facts, the biography and the filmography by role with characters', async () => {
    show('/person/ivan-petrov', '/person/:person', PersonPage, {
      person: {
        alias: 'ivan-petrov', name: 'Иван Петров', nameOriginal: 'Ivan Petrov', biography: 'Актёр театра и кино.', birthDate: '1980-04-12', age: 46,
        roles: ['actor', 'director'], total: 2, years: { from: 2019, to: 2023 }, genres: ['драма'],
      },
      filmography: [
        { role: 'actor', items: [{ card: toCardView(titleCard('mayak')), character: 'Смотритель' }] },
        { role: 'director', items: [{ card: toCardView(titleCard('sad')), character: null }] },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Иван Петров' })).toBeTruthy();
    expect(screen.getByText('Актёр, режиссёр')).toBeTruthy();
    expect(screen.getByText('12 апреля 1980 г. (46 лет)')).toBeTruthy();
    expect(screen.getByText('2019 — 2023')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Актёр · 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Режиссёр · 1' })).toBeTruthy();
    expect(screen.getByText('Роль: Смотритель')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Режиссёр · 1' }).getAttribute('href')).toBe('#role-director');
  });
});
