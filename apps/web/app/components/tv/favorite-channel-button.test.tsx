// @vitest-environment jsdom
// The favorite star of a channel: optimistic, back with a message when it failed, and the no-auth
// favorites popup for an anonymous visitor.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { FavoriteChannelButton } from './favorite-channel-button.tsx';

type Fields = Record<string, string>;
const REGISTERED = { isVirtual: false, profiles: { currentProfileId: 'p1' } };
const VIRTUAL = { isVirtual: true, profiles: { currentProfileId: 'p0' } };

/** A promise the test settles itself, to look at the pending state. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function setup(ui: React.ReactElement, root: object, answer: (f: Fields) => Promise<{ status: number; body: unknown }> | { status: number; body: unknown }) {
  const posted: Fields[] = [];
  const Stub = createRoutesStub([
    { id: 'root', path: '/', loader: () => root, HydrateFallback: () => null, children: [{ index: true, Component: () => ui }] },
    {
      path: '/resources/favorite-channels',
      action: async ({ request }) => {
        const fields = Object.fromEntries((await request.formData()).entries()) as Fields;
        posted.push(fields);
        const { status, body } = await answer(fields);
        return Response.json(body, { status });
      },
    },
  ]);
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={['/']} />
    </I18nextProvider>,
  );
  return { posted };
}

const star = () => screen.getByTestId('favorite-channel');
afterEach(cleanup);

describe('the favorite star of a channel', () => {
  it('shows the change at once and keeps it when the server agrees', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const { posted } = setup(<FavoriteChannelButton alias="ekran-kino" title="Экран Кино" initial={false} />, REGISTERED, () => reply.promise);
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('false'));
    expect(star().getAttribute('aria-label')).toBe('Добавить «Экран Кино» в избранное');
    fireEvent.click(star());
    // Optimistic: pressed while the request runs.
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('true'));
    expect(star().getAttribute('aria-busy')).toBe('true');
    expect(posted).toEqual([{ intent: 'add', alias: 'ekran-kino' }]);
    await act(async () => reply.resolve({ status: 200, body: { ok: true, alias: 'ekran-kino', isFavorite: true } }));
    await waitFor(() => expect(star().getAttribute('aria-busy')).toBeNull());
    expect(star().getAttribute('aria-pressed')).toBe('true');
    expect(star().getAttribute('aria-label')).toBe('Убрать «Экран Кино» из избранного');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('goes back and says so when the change failed', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const { posted } = setup(<FavoriteChannelButton alias="priroda" title="Планета и природа" initial variant="full" />, REGISTERED, () => reply.promise);
    await waitFor(() => expect(star().textContent).toBe('Убрать из избранного'));
    fireEvent.click(star());
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('false'));
    expect(star().textContent).toBe('Добавить в избранное');
    expect(posted).toEqual([{ intent: 'remove', alias: 'priroda' }]);
    await act(async () => reply.resolve({ status: 502, body: { ok: false, alias: 'priroda', error: 'failed' } }));
    // Rolled back: still a favorite, as the server has it.
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('true'));
    expect(star().textContent).toBe('Убрать из избранного');
    expect(screen.getByRole('alert').textContent).toBe('Не получилось сохранить. Попробуйте ещё раз');
  });

  it('asks an anonymous visitor to sign in (the no-auth favorites popup) and posts nothing', async () => {
    const { posted } = setup(<FavoriteChannelButton alias="ekran-kino" title="Экран Кино" initial={false} />, VIRTUAL, () => ({ status: 500, body: null }));
    await waitFor(() => expect(star()).toBeTruthy());
    fireEvent.click(star());
    const dialog = await screen.findByTestId('no-auth-favorites');
    expect(dialog.textContent).toContain('Войдите, чтобы сохранить канал в избранное');
    expect(screen.getByTestId('sign-in-link').getAttribute('href')).toBe('/auth?back=%2F');
    expect(star().getAttribute('aria-pressed')).toBe('false');
    expect(posted).toEqual([]);
  });

  it('opens the popup when the server says the session has no account any more', async () => {
    setup(<FavoriteChannelButton alias="ekran-kino" title="Экран Кино" initial={false} />, REGISTERED, () => ({ status: 401, body: { ok: false, alias: 'ekran-kino', error: 'auth' } }));
    await waitFor(() => expect(star()).toBeTruthy());
    fireEvent.click(star());
    expect(await screen.findByTestId('no-auth-favorites')).toBeTruthy();
    expect(star().getAttribute('aria-pressed')).toBe('false');
  });
});
