// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { renderInRouter } from '../../test/render.tsx';
import { LinkedAccounts, type LinkedAccountsData } from './linked-accounts.tsx';
import { linkedAccountsAction, loadLinkedAccounts } from './linked-accounts.server.ts';

afterEach(cleanup);

const yandex = { provider: 'yandex' as const, email: 'anna@yandex.ru', phone: '+79161234567', name: 'Анна Смирнова', linked_at: '2026-11-21T12:00:00.000Z' };
const data = (o: Partial<LinkedAccountsData> = {}): LinkedAccountsData => ({ providers: ['apple', 'google', 'vk', 'yandex'], items: [yandex], hasPasswordOrPhone: true, ...o });
const row = (id: string) => screen.getByTestId(`linked-${id}`);

describe('LinkedAccounts', () => {
  it('lists every offered provider: linked ones with their address and date and «Отвязать», the others with «Привязать»', async () => {
    renderInRouter(<LinkedAccounts data={data()} />);
    await screen.findByText('Вход через сервисы');
    expect(row('yandex').textContent).toContain('anna@yandex.ru');
    expect(row('yandex').textContent).toContain('привязан 21 ноября 2026 г.');
    expect(row('yandex').querySelector('button')?.textContent).toBe('Отвязать');
    expect(row('yandex').querySelector('button')?.disabled).toBe(false);
    const link = row('google').querySelector('a');
    expect(link?.textContent).toBe('Привязать');
    expect(link?.getAttribute('href')).toBe('/api/v1/auth/social/google/start?intent=link&back=%2Faccount');
    expect(row('vk').textContent).toContain('Не привязан');
  });

  it('disables unlinking the last way into an account without password and phone, and says why', async () => {
    renderInRouter(<LinkedAccounts data={data({ hasPasswordOrPhone: false })} />);
    await screen.findByText('Вход через сервисы');
    expect(row('yandex').querySelector('button')?.disabled).toBe(true);
    expect(screen.getByText(/Это единственный способ войти в аккаунт/)).toBeTruthy();
  });

  it('shows nothing when no provider is offered', async () => {
    const { container } = renderInRouter(<LinkedAccounts data={data({ providers: [], items: [] })} />);
    await new Promise((r) => setTimeout(r, 0));
    expect(container.querySelector('.linked')).toBeNull();
  });
});

describe('linked accounts loader and action helpers', () => {
  it('loads the offered providers and the linked identities', async () => {
    const api = { socialProviders: vi.fn().mockResolvedValue({ items: [{ id: 'vk', dev: false }] }), linkedIdentities: vi.fn().mockResolvedValue({ items: [yandex], has_password_or_phone: false }) };
    expect(await loadLinkedAccounts(api as never)).toEqual({ providers: ['vk'], items: [yandex], hasPasswordOrPhone: false });
  });

  const form = (o: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(o)) f.set(k, v);
    return f;
  };

  it('leaves other forms of the page alone', async () => {
    expect(await linkedAccountsAction({} as never, form({ intent: 'rename' }))).toBeNull();
  });

  it('unlinks', async () => {
    const unlinkIdentity = vi.fn().mockResolvedValue(null);
    expect(await linkedAccountsAction({ unlinkIdentity } as never, form({ intent: 'social-unlink', provider: 'yandex' }))).toMatchObject({ data: { unlinked: 'yandex', error: null } });
    expect(unlinkIdentity).toHaveBeenCalledWith('yandex');
  });

  it.each([
    [new ApiCallError(409, { status: 409, code: 'LAST_SIGN_IN_METHOD', message: 'x' }), 'last', 409],
    [new ApiCallError(404, { status: 404, code: 'NOT_FOUND', message: 'x' }), 'notLinked', 404],
    [new ApiCallError(429, { status: 429, code: 'RATE_LIMITED', message: 'x' }), 'rateLimited', 429],
  ])('reports %s', async (err, error, status) => {
    expect(await linkedAccountsAction({ unlinkIdentity: vi.fn().mockRejectedValue(err) } as never, form({ intent: 'social-unlink', provider: 'yandex' }))).toMatchObject({ data: { error }, init: { status } });
  });

  it('answers 400 for an unknown provider without calling the API', async () => {
    const unlinkIdentity = vi.fn();
    expect(await linkedAccountsAction({ unlinkIdentity } as never, form({ intent: 'social-unlink', provider: 'facebook' }))).toMatchObject({ init: { status: 400 } });
    expect(unlinkIdentity).not.toHaveBeenCalled();
  });
});
