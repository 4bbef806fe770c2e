// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { renderInRouter } from '../../test/render.tsx';
import { asOperatorPopup, OperatorLowBalanceBanner, OperatorPopup } from './operator-popups.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('operator popups by mf_info (spec platform §6, §8)', () => {
  it('no_money: an accessible dialog with «Пополните баланс и возвращайтесь»; closing tells the API nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderInRouter(<OperatorPopup popup="no_money" />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Пополните баланс и возвращайтесь');
    expect(screen.getByRole('heading', { name: 'Недостаточно средств' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Понятно' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    ['got_money', 'Подписка снова работает'],
    ['info', 'Подписка подключена'],
    ['no_app', 'Приложение МегаФона здесь недоступно'],
  ] as const)('%s: shown once — closing posts it to the popup resource', async (popup, title) => {
    const seen: string[] = [];
    const Stub = createRoutesStub([
      { path: '/', Component: () => <OperatorPopup popup={popup} /> },
      {
        path: '/resources/operator-popup',
        action: async ({ request }) => {
          seen.push(String((await request.formData()).get('popup')));
          return { ok: true };
        },
      },
    ]);
    render(
      <I18nextProvider i18n={createI18n('ru')}>
        <Stub initialEntries={['/']} />
      </I18nextProvider>,
    );
    expect(await screen.findByRole('dialog', { name: title })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Хорошо' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(seen).toEqual([popup]));
  });

  it('no_app (issue 6 opsfix, platform §6) says how to watch where the operator app does not work', async () => {
    renderInRouter(<OperatorPopup popup="no_app" />);
    const dialog = await screen.findByRole('dialog', { name: 'Приложение МегаФона здесь недоступно' });
    expect(dialog.textContent).toContain('Смотрите Экран прямо на сайте: войдите по номеру МегаФона');
  });

  it('reads only the popup states it knows (one at a time, as the API answers them)', () => {
    expect(['no_money', 'got_money', 'info', 'no_app', 'elsewhere', null].map(asOperatorPopup)).toEqual(['no_money', 'got_money', 'info', 'no_app', null, null]);
  });

  it('nothing without a popup', async () => {
    renderInRouter(<><OperatorPopup popup={null} /><p>страница</p></>);
    await screen.findByText('страница');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the low-balance banner is an alert for low, none for ok', async () => {
    const { unmount } = renderInRouter(<OperatorLowBalanceBanner balance="low" />);
    expect((await screen.findByRole('alert')).textContent).toContain('На счёте мало денег');
    unmount();
    renderInRouter(<><OperatorLowBalanceBanner balance="ok" /><p>страница</p></>);
    await screen.findByText('страница');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
