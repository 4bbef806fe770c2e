// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { EXTENSION_DISMISSED_KEY, type BillingNoticeData } from '../../lib/billing-notices.ts';
import { Notices, notify } from '../shell/notices.tsx';
import { BillingNotices, EXTENSION_NOTICE_ID } from './billing-notices.tsx';

const SUB = '5b1d3f4e-8a2c-4c1e-9d7b-2f6a1e0c9b31';
const data: BillingNoticeData = { extension: { subscription_id: SUB }, trial_ends_at: null };

function show(path: string, d: BillingNoticeData = data) {
  const Page = () => (
    <>
      <BillingNotices data={d} />
      <Notices />
    </>
  );
  const Stub = createRoutesStub([{ path: '*', Component: Page, HydrateFallback: () => null }]);
  return render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  cleanup();
  act(() => notify.clear());
});

describe('the extension banner in the shell (spec platform §8)', () => {
  it('says «Не смогли продлить подписку — Пополните баланс или добавьте другую карту» with «Продлить»', async () => {
    show('/');
    const banner = await screen.findByTestId(`notice-${EXTENSION_NOTICE_ID}`);
    expect(banner.textContent).toContain('Не смогли продлить подписку');
    expect(banner.textContent).toContain('Пополните баланс или добавьте другую карту');
    expect(screen.getByTestId('extend').textContent).toBe('Продлить');
  });

  it('is not shown on /account', async () => {
    show('/account/subscriptions');
    await screen.findByRole('region');
    expect(screen.queryByTestId(`notice-${EXTENSION_NOTICE_ID}`)).toBeNull();
  });

  it('closing it is remembered for the session', async () => {
    const first = show('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Закрыть уведомление' }));
    expect(window.sessionStorage.getItem(EXTENSION_DISMISSED_KEY)).toBe(SUB);
    first.unmount();
    show('/movies');
    await screen.findByRole('region');
    expect(screen.queryByTestId(`notice-${EXTENSION_NOTICE_ID}`)).toBeNull();
  });

  it('shows a trial hint 2 days before the end', async () => {
    show('/', { extension: null, trial_ends_at: new Date(Date.now() + 30 * 3600_000).toISOString() });
    const hint = await screen.findByTestId('notice-billing-trial');
    expect(hint.textContent).toContain('До конца пробного периода осталось 2 дня');
  });
});
