// @vitest-environment jsdom
// The favorite button, the no-auth favorites popup, the rating scale and the personal rows.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import type { ListView, PersonalCardView } from '../../lib/lists-view.ts';
import { FavoriteButton } from './favorite-button.tsx';
import { resetFavoritesStore } from './favorites-store.ts';
import { PersonalRows } from './personal-rows.tsx';
import { RatingWidget } from './rating-widget.tsx';

type Fields = Record<string, string>;
type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

const REGISTERED = { isVirtual: false, profiles: { currentProfileId: 'p1' } };
const VIRTUAL = { isVirtual: true, profiles: { currentProfileId: 'p0' } };

/** Renders `ui` on / under a root with the given data, with resource routes answering like the site's. */
function setup(ui: React.ReactElement, root: object, resources: { favorites?: (f: Fields) => Answer; ratings?: (f: Fields) => Answer; lists?: (url: URL) => Answer } = {}) {
  const posted: { path: string; fields: Fields }[] = [];
  const respond = async (answer: Answer) => {
    const { status, body } = await answer;
    return Response.json(body, { status });
  };
  const action = (path: string, handler?: (f: Fields) => Answer) => async ({ request }: { request: Request }) => {
    const fields = Object.fromEntries((await request.formData()).entries()) as Fields;
    posted.push({ path, fields });
    return respond(handler ? handler(fields) : { status: 500, body: null });
  };
  const Stub = createRoutesStub([
    { id: 'root', path: '/', loader: () => root, HydrateFallback: () => null, children: [{ index: true, Component: () => ui }] },
    { path: '/resources/favorites', action: action('favorites', resources.favorites) },
    { path: '/resources/ratings', action: action('ratings', resources.ratings) },
    { path: '/resources/lists/:list', loader: ({ request }) => respond(resources.lists ? resources.lists(new URL(request.url)) : { status: 500, body: null }) },
    { path: '/auth', Component: () => <p>Вход</p> },
  ]);
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={['/']} />
    </I18nextProvider>,
  );
  return { posted };
}

/** A promise the test settles itself, to look at the pending state. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

let storeAliases: string[] = [];
beforeEach(() => {
  storeAliases = [];
  resetFavoritesStore();
  // The favorites store reads the profile's favorites once (GET /resources/favorites).
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ aliases: storeAliases })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FavoriteButton', () => {
  it('adds a title: pressed at once, busy while the server answers, then saved', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    const { posted } = setup(<FavoriteButton alias="tayna-mayaka" title="Тайна маяка" />, REGISTERED, { favorites: () => answer.promise });
    const button = await screen.findByRole('button', { name: '«Тайна маяка» в избранное' });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/resources/favorites', expect.anything()));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(posted).toEqual([{ path: 'favorites', fields: { intent: 'add', alias: 'tayna-mayaka' } }]);
    await act(async () => answer.resolve({ status: 200, body: { ok: true, alias: 'tayna-mayaka', isFavorite: true } }));
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull());
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows a favorite of the profile pressed and removes it', async () => {
    storeAliases = ['tayna-mayaka'];
    const { posted } = setup(<FavoriteButton alias="tayna-mayaka" title="Тайна маяка" />, REGISTERED, {
      favorites: (f) => ({ status: 200, body: { ok: true, alias: f.alias, isFavorite: false } }),
    });
    const button = await screen.findByRole('button', { name: '«Тайна маяка» в избранное' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(button);
    await waitFor(() => expect(posted.map((p) => p.fields.intent)).toEqual(['remove']));
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
  });

  it('goes back and says so when saving failed (spec platform §8: the error is kept in state)', async () => {
    setup(<FavoriteButton alias="tayna-mayaka" title="Тайна маяка" variant="full" initial={false} />, REGISTERED, {
      favorites: (f) => ({ status: 502, body: { ok: false, alias: f.alias, error: 'failed' } }),
    });
    const button = await screen.findByRole('button', { name: 'В избранное' });
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Не получилось сохранить. Попробуйте ещё раз');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe('В избранное');
  });

  it('offers an anonymous visitor to sign in instead (the no-auth favorites popup) and sends nothing', async () => {
    const { posted } = setup(<FavoriteButton alias="tayna-mayaka" title="Тайна маяка" />, VIRTUAL);
    fireEvent.click(await screen.findByRole('button', { name: '«Тайна маяка» в избранное' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Войдите, чтобы сохранить в избранное')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Войти или зарегистрироваться' }).getAttribute('href')).toBe('/auth?back=%2F');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Не сейчас' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([]);
    // No favorites to load either (analytics may send its click batch meanwhile).
    expect(vi.mocked(fetch).mock.calls.filter(([url]) => String(url).startsWith('/resources/'))).toEqual([]);
  });

  it('opens the popup when the server says the visitor has no account', async () => {
    setup(<FavoriteButton alias="tayna-mayaka" title="Тайна маяка" />, REGISTERED, { favorites: (f) => ({ status: 401, body: { ok: false, alias: f.alias, error: 'auth' } }) });
    fireEvent.click(await screen.findByRole('button', { name: '«Тайна маяка» в избранное' }));
    expect(await screen.findByText('Войдите, чтобы сохранить в избранное')).toBeTruthy();
  });
});

describe('RatingWidget (ratings from 1 to 10)', () => {
  it('saves the value clicked and shows it; «Убрать оценку» removes it', async () => {
    const { posted } = setup(<RatingWidget alias="tayna-mayaka" initial={null} />, REGISTERED, {
      ratings: (f) => ({ status: 200, body: { ok: true, alias: f.alias, rating: f.intent === 'rate' ? Number(f.value) : null } }),
    });
    const group = await screen.findByRole('group', { name: 'Ваша оценка' });
    expect(within(group).getAllByRole('radio')).toHaveLength(10);
    expect(within(group).getByText('Оцените от 1 до 10')).toBeTruthy();
    fireEvent.pointerDown(within(group).getByRole('radio', { name: '8 из 10' }));
    fireEvent.click(within(group).getByRole('radio', { name: '8 из 10' }));
    await waitFor(() => expect(within(group).getByText('Вы поставили 8')).toBeTruthy());
    expect(within(group).getByRole<HTMLInputElement>('radio', { name: '8 из 10' }).checked).toBe(true);
    fireEvent.click(within(group).getByRole('button', { name: 'Убрать оценку' }));
    await waitFor(() => expect(within(group).getByText('Оцените от 1 до 10')).toBeTruthy());
    expect(posted.map((p) => p.fields)).toEqual([
      { intent: 'rate', alias: 'tayna-mayaka', value: '8' },
      { intent: 'remove', alias: 'tayna-mayaka' },
    ]);
  });

  it('with the keyboard saves only where the viewer stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { posted } = setup(<RatingWidget alias="tayna-mayaka" initial={5} />, REGISTERED, { ratings: (f) => ({ status: 200, body: { ok: true, alias: f.alias, rating: Number(f.value) } }) });
      const group = await screen.findByRole('group', { name: 'Ваша оценка' });
      for (const value of ['6', '7']) {
        const radio = within(group).getByRole('radio', { name: `${value} из 10` });
        fireEvent.keyDown(radio, { key: 'ArrowRight' });
        fireEvent.click(radio);
      }
      expect(within(group).getByText('Сохраняем…')).toBeTruthy();
      expect(posted).toEqual([]);
      await act(async () => void vi.advanceTimersByTime(600));
      await waitFor(() => expect(posted.map((p) => p.fields.value)).toEqual(['7']));
    } finally {
      vi.useRealTimers();
    }
  });

  it('says when saving failed', async () => {
    setup(<RatingWidget alias="tayna-mayaka" initial={null} />, REGISTERED, { ratings: (f) => ({ status: 502, body: { ok: false, alias: f.alias, error: 'failed' } }) });
    fireEvent.click(await screen.findByRole('radio', { name: '3 из 10' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Не получилось сохранить оценку. Попробуйте ещё раз');
  });

  it('asks an anonymous visitor to sign in', async () => {
    const { posted } = setup(<RatingWidget alias="tayna-mayaka" initial={null} />, VIRTUAL);
    fireEvent.click(await screen.findByRole('radio', { name: '9 из 10' }));
    expect(await screen.findByText('Войдите, чтобы поставить оценку')).toBeTruthy();
    expect(posted).toEqual([]);
  });
});

const item = (alias: string, o: Partial<PersonalCardView> = {}): PersonalCardView => ({
  id: alias, alias, title: `Фильм ${alias}`, year: 2024, genre: 'Драма', genres: ['Драма'], isSeries: false, seasonsCount: 0, ratingAge: '16+', rating: 7.1, isFree: false,
  poster: { url: '/api/v1/images/art/vertical/rays-1-2-3', width: 600, height: 900 }, art: { url: '/api/v1/images/art/horizontal/rays-1-2-3', width: 1280, height: 720 },
  ...o,
});
const page = (kind: ListView['kind'], items: PersonalCardView[]) => ({ kind, items, itemsTotal: items.length, skip: 0, limit: 20 });

describe('PersonalRows (home: continue watching and favorites)', () => {
  it('shows continue watching with a progress bar and a link that resumes; an empty list has no row', async () => {
    const resume = { episodeId: 'e2', season: 1, episode: 2, position: 754, duration: 2700, percent: 27, next: false, finished: false };
    setup(<PersonalRows rows={[{ kind: 'continue', status: 'loaded', page: page('continue', [item('dom', { resume, isSeries: true })]) }, { kind: 'favorites', status: 'loaded', page: page('favorites', []) }]} />, REGISTERED);
    const row = await screen.findByTestId('personal-row-continue');
    expect(within(row).getByRole('heading').textContent).toBe('Продолжить просмотр');
    const card = within(row).getByTestId('progress-card');
    expect(card.getAttribute('href')).toBe('/watch/dom?resume=1');
    expect(card.textContent).toContain('1 сезон, 2 серия · Осталось 33 минуты');
    expect(card.textContent).toContain('Просмотрено 27%');
    expect((card.querySelector('.pcard__bar > span') as HTMLElement).style.width).toBe('27%');
    expect(screen.queryByTestId('personal-row-favorites')).toBeNull();
  });

  it('shows a failed list with «Повторить», placeholders while it loads again, then the cards', async () => {
    const answer = deferred<{ status: number; body: unknown }>();
    let asked: URL | null = null;
    setup(<PersonalRows rows={[{ kind: 'favorites', forKids: true, status: 'error', page: null }]} />, REGISTERED, {
      lists: (url) => {
        asked = url;
        return answer.promise;
      },
    });
    const row = await screen.findByTestId('personal-row-favorites');
    expect(row.getAttribute('data-status')).toBe('error');
    expect(within(row).getByRole('alert').textContent).toContain('Не удалось загрузить список.');
    fireEvent.click(within(row).getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(row.getAttribute('data-status')).toBe('loading'));
    expect(within(row).getByTestId('list-skeleton')).toBeTruthy();
    expect(asked!.pathname).toBe('/resources/lists/favorites');
    expect(asked!.searchParams.get('for_kids')).toBe('1');
    await act(async () => answer.resolve({ status: 200, body: { ok: true, ...page('favorites', [item('tayna')]) } }));
    await waitFor(() => expect(row.getAttribute('data-status')).toBe('loaded'));
    expect(within(row).getByText('Фильм tayna')).toBeTruthy();
  });
});
