// @vitest-environment jsdom
// /favorites: four lists, each idle, loading, loaded or error (spec platform §3), pages appended (§4 Lists).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, useLoaderData } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFavoritesStore } from '../../components/lists/favorites-store.ts';
import { createI18n } from '../../lib/i18n.ts';
import type { ListKind, ListView, PersonalCardView } from '../../lib/lists-view.ts';
import FavoritesPage from './favorites.tsx';

type Answer = { status: number; body: unknown };
interface LoaderData {
  kinds: ListKind[];
  tab: ListKind | null;
  list: ListView | null;
  isVirtual: boolean;
}

const item = (alias: string, o: Partial<PersonalCardView> = {}): PersonalCardView => ({
  id: alias, alias, title: `Фильм ${alias}`, year: 2024, genre: 'Драма', genres: ['Драма'], isSeries: false, seasonsCount: 0, ratingAge: '16+', rating: 7.1, isFree: false,
  poster: { url: '/api/v1/images/art/vertical/rays-1-2-3', width: 600, height: 900 }, art: { url: '/api/v1/images/art/horizontal/rays-1-2-3', width: 1280, height: 720 },
  ...o,
});
const items = (prefix: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => item(`${prefix}-${from + i}`));
const ALL: ListKind[] = ['favorites', 'continue', 'history', 'rated'];

function setup(
  data: LoaderData,
  lists: (url: URL) => Answer | Promise<Answer> = () => ({ status: 500, body: null }),
  history: (f: Record<string, string>) => Answer = () => ({ status: 200, body: {} }),
  favorite: (f: Record<string, string>) => Answer = () => ({ status: 500, body: null }),
) {
  const asked: URL[] = [];
  const posted: Record<string, string>[] = [];
  const Page = () => <FavoritesPage {...({ loaderData: useLoaderData() } as unknown as Parameters<typeof FavoritesPage>[0])} />;
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ isVirtual: data.isVirtual, profiles: { currentProfileId: 'p1' } }),
      HydrateFallback: () => null,
      children: [{ path: 'favorites', loader: () => data, Component: Page }],
    },
    {
      path: '/resources/lists/:list',
      loader: async ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        const { status, body } = await lists(url);
        return Response.json(body, { status });
      },
      action: async ({ request }) => {
        const fields = Object.fromEntries((await request.formData()).entries()) as Record<string, string>;
        posted.push(fields);
        const { status, body } = history(fields);
        return Response.json(body, { status });
      },
    },
    {
      path: '/resources/favorites',
      action: async ({ request }) => {
        const { status, body } = favorite(Object.fromEntries((await request.formData()).entries()) as Record<string, string>);
        return Response.json(body, { status });
      },
    },
  ]);
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={['/favorites']} />
    </I18nextProvider>,
  );
  return { asked, posted };
}

const loaded = (kind: ListKind, list: PersonalCardView[], itemsTotal = list.length): ListView => ({ kind, status: 'loaded', page: { kind, items: list, itemsTotal, skip: 0, limit: 20 } });
const pageAnswer = (kind: ListKind, list: PersonalCardView[], itemsTotal: number, skip = 0): Answer => ({ status: 200, body: { ok: true, kind, items: list, itemsTotal, skip, limit: 20 } });

beforeEach(() => {
  resetFavoritesStore();
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ aliases: ['fav-0', 'fav-1'] })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/favorites', () => {
  it('shows the loaded section and leaves the others idle until opened; an opened one loads with placeholders', async () => {
    let release!: (a: Answer) => void;
    const { asked } = setup({ kinds: ALL, tab: 'favorites', list: loaded('favorites', items('fav', 2)), isVirtual: false }, () => new Promise((r) => (release = r)));
    const favorites = await screen.findByTestId('panel-favorites');
    expect(favorites.getAttribute('data-status')).toBe('loaded');
    expect(within(favorites).getAllByTestId('title-card')).toHaveLength(2);
    expect(screen.getByTestId('panel-rated').getAttribute('data-status')).toBe('idle');
    expect(screen.getByTestId('tab-favorites').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('tab-favorites').textContent).toBe('Избранное2');

    fireEvent.click(screen.getByTestId('tab-rated'));
    const rated = screen.getByTestId('panel-rated');
    await waitFor(() => expect(rated.getAttribute('data-status')).toBe('loading'));
    expect(rated.hidden).toBe(false);
    expect(favorites.hidden).toBe(true);
    expect(within(rated).getByTestId('list-skeleton')).toBeTruthy();
    expect(asked.map((u) => `${u.pathname}?${u.searchParams}`)).toEqual(['/resources/lists/rated?skip=0&limit=20']);
    await act(async () => release(pageAnswer('rated', [item('r-1', { userRating: 9 })], 1)));
    await waitFor(() => expect(rated.getAttribute('data-status')).toBe('loaded'));
    expect(within(rated).getByText('Ваша оценка: 9')).toBeTruthy();
  });

  it('appends the next page with «Показать ещё» and hides it at the end', async () => {
    const { asked } = setup({ kinds: ALL, tab: 'rated', list: loaded('rated', items('r', 20), 25), isVirtual: false }, (url) => pageAnswer('rated', items('r', 5, 20), 25, Number(url.searchParams.get('skip'))));
    const panel = await screen.findByTestId('panel-rated');
    fireEvent.click(within(panel).getByTestId('list-more'));
    await waitFor(() => expect(within(panel).getAllByTestId('title-card')).toHaveLength(25));
    expect(asked[0]!.searchParams.get('skip')).toBe('20');
    expect(within(panel).queryByTestId('list-more')).toBeNull();
  });

  it('shows a failed list with «Повторить» and loads it again', async () => {
    let fail = true;
    setup({ kinds: ALL, tab: 'continue', list: { kind: 'continue', status: 'error', page: null }, isVirtual: false }, () =>
      fail ? { status: 502, body: { ok: false, error: 'failed' } } : pageAnswer('continue', [item('c-1', { resume: { episodeId: null, season: null, episode: null, position: 600, duration: 6000, percent: 10, next: false, finished: false } })], 1),
    );
    const panel = await screen.findByTestId('panel-continue');
    expect(panel.getAttribute('data-status')).toBe('error');
    expect(within(panel).getByTestId('list-error').textContent).toContain('Не удалось загрузить список.');
    fireEvent.click(within(panel).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(panel.getAttribute('data-status')).toBe('error'));
    fail = false;
    fireEvent.click(within(panel).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(panel.getAttribute('data-status')).toBe('loaded'));
    expect(within(panel).getByTestId('progress-card').getAttribute('href')).toBe('/watch/c-1?resume=1');
  });

  it('says what an empty list is for', async () => {
    setup({ kinds: ALL, tab: 'history', list: loaded('history', []), isVirtual: false });
    const panel = await screen.findByTestId('panel-history');
    expect(within(panel).getByTestId('list-empty').textContent).toContain('Вы ещё ничего не смотрели в этом профиле.');
  });

  it('removes a title from the history in place', async () => {
    const { posted } = setup({ kinds: ALL, tab: 'history', list: loaded('history', items('h', 3)), isVirtual: false }, undefined, (f) => ({ status: 200, body: { ok: true, intent: f.intent, alias: f.alias } }));
    const panel = await screen.findByTestId('panel-history');
    fireEvent.click(within(panel).getByRole('button', { name: 'Убрать «Фильм h-1» из истории' }));
    await waitFor(() => expect(within(panel).getAllByTestId('history-card')).toHaveLength(2));
    expect(within(panel).queryByText('Фильм h-1')).toBeNull();
    expect(posted).toEqual([{ intent: 'remove', alias: 'h-1' }]);
    expect(screen.getByTestId('tab-history').textContent).toBe('История2');
  });

  it('drops a favorite whose heart was pressed off, and keeps one the browser did not know of yet', async () => {
    // fav-0 and fav-1 are the profile's favorites the store loads; «new» was added on another device since.
    setup(
      { kinds: ALL, tab: 'favorites', list: loaded('favorites', [...items('fav', 2), item('new', { isFavorite: true })]), isVirtual: false },
      undefined,
      undefined,
      (f) => ({ status: 200, body: { ok: true, alias: f.alias, isFavorite: f.intent === 'add' } }),
    );
    const panel = await screen.findByTestId('panel-favorites');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const hearts = within(panel).getAllByTestId('favorite-button');
    await waitFor(() => expect(hearts.map((h) => h.getAttribute('aria-pressed'))).toEqual(['true', 'true', 'true']));
    fireEvent.click(within(panel).getByRole('button', { name: '«Фильм fav-1» в избранное' }));
    await waitFor(() => expect(within(panel).getAllByTestId('title-card')).toHaveLength(2));
    expect(within(panel).queryByText('Фильм fav-1')).toBeNull();
    expect(within(panel).getByText('Фильм new')).toBeTruthy();
  });

  it('invites an anonymous visitor to sign in and shows only the lists it keeps', async () => {
    setup({ kinds: ['continue', 'history'], tab: 'continue', list: loaded('continue', []), isVirtual: true });
    const invitation = await screen.findByTestId('lists-guest');
    expect(within(invitation).getByRole('link', { name: 'Войти или зарегистрироваться' }).getAttribute('href')).toBe('/auth?back=%2Ffavorites');
    expect(screen.queryByTestId('tab-favorites')).toBeNull();
    expect(screen.getByTestId('tab-history')).toBeTruthy();
  });
});
