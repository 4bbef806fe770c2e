// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { historyItem, order, tariff } from '../../test/billing.ts';
import PaymentHistory from './payment-history.tsx';
import PaymentResult, { continueHref, POLL_EVERY_MS, viewOf } from './payment-result.tsx';
import Tariffs from './tariffs.tsx';

afterEach(cleanup);

function show(path: string, Component: unknown, loaderData: object) {
  const Stub = createRoutesStub([
    { path: '/tariffs', Component: Component as never, loader: () => loaderData, HydrateFallback: () => null },
    { path: '/web/:r', Component: Component as never, loader: () => loaderData, action: () => ({ refreshed: true }), HydrateFallback: () => null },
    { path: '/mobile/:r', Component: Component as never, loader: () => loaderData, action: () => ({ refreshed: true }), HydrateFallback: () => null },
    { path: '/payment_history', Component: Component as never, loader: () => loaderData, HydrateFallback: () => null },
  ]);
  return render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}

describe('/tariffs page', () => {
  const month = tariff({ _id: 'm', title: 'Месяц' });
  const quarter = tariff({ _id: 'q', title: '3 месяца', price: 1190, duration_days: 90, next_tariff_id: 'm', weight: 1, allow_trial: false, max_streams: 4 });

  it('each tariff: price chain, trial only where allowed and unused, streams, «Подключить»', async () => {
    show('/tariffs', Tariffs, { tariffs: [month, quarter], channel: null, trialAvailable: true, canPay: true });
    const cards = await screen.findAllByTestId('tariff');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('tariff-trial').textContent).toBe('7 дней бесплатно');
    expect(within(cards[1]!).queryByTestId('tariff-trial')).toBeNull();
    expect(within(cards[1]!).getByTestId('tariff-price').textContent).toBe('1\u2009190\u00a0₽ за 3 месяца, затем 499\u00a0₽ в месяц');
    expect(cards[1]!.textContent).toContain('Одновременно на 4 устройствах');
    expect(within(cards[0]!).getByRole('button', { name: 'Подключить' })).toBeTruthy();
  });

  it('a used trial is not offered; a visitor without contacts goes to /auth with the way back', async () => {
    show('/tariffs', Tariffs, { tariffs: [month], channel: null, trialAvailable: false, canPay: false });
    const card = await screen.findByTestId('tariff');
    expect(within(card).queryByTestId('tariff-trial')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Подключить' }).getAttribute('href')).toBe('/auth?back=%2Ftariffs');
  });

  it('a failed tariff call shows a friendly retry state', async () => {
    show('/tariffs', Tariffs, { tariffs: null, channel: null, trialAvailable: true, canPay: true });
    const retry = await screen.findByTestId('tariffs-retry');
    expect(retry.textContent).toContain('Не удалось загрузить тарифы');
    expect(within(retry).getByRole('link', { name: 'Обновить страницу' })).toBeTruthy();
  });
});

describe('payment result pages', () => {
  const base = { mobile: false, failPath: false, next: null, support: { email: 'support@ekran.ru' }, now: 0 };

  it('success: «Подписка оформлена», the tariff, the next charge and the way back', async () => {
    show('/web/success?order=o1', PaymentResult, {
      ...base,
      order: order({ status: 'succeeded', back_url: '/watch/film' }),
      next: { at: '2026-06-01T09:00:00Z', amount: 499, currency: 'RUB' },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Подписка оформлена');
    expect(screen.getByTestId('result-tariff').textContent).toBe('Месяц');
    expect(screen.getByTestId('result-next').textContent).toBe('Следующее списание 499\u00a0₽ — 1 июня 2026 г.');
    // «Вернуться к просмотру» goes back to the title and starts it (the title page reads ?play=1).
    expect(screen.getByTestId('result-back').textContent).toBe('Вернуться к просмотру');
    expect(screen.getByTestId('result-back').getAttribute('href')).toBe('/watch/film?play=1');
  });

  it.each([
    ['/watch/film', true, '/watch/film?play=1'],
    ['/watch/film?ap=1', true, '/watch/film?ap=1&play=1'],
    ['/watch/film/season-2', true, '/watch/film/season-2'],
    ['/tariffs', true, '/tariffs'],
    ['//evil.example/watch/x', true, '/'],
    ['/watch/film', false, '/watch/film'],
  ])('continueHref(%s, paid %s) is %s', (back, paid, href) => {
    expect(continueHref(back, paid)).toBe(href);
  });

  it('pending: «Оплата обрабатывается…»', async () => {
    show('/web/success?order=o1', PaymentResult, { ...base, order: order() });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Оплата обрабатывается…');
  });

  it.each(['/web/success?order=o1', '/web/fail?order=o1', '/mobile/fail?order=o1'])(
    'processing on %s: «Платёж обрабатывается», no failure, a refresh offered',
    async (path) => {
      show(path, PaymentResult, { ...base, mobile: path.startsWith('/mobile'), failPath: path.includes('fail'), order: order({ status: 'processing' }) });
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Платёж обрабатывается');
      expect(screen.getByTestId('result-processing').textContent).toContain('деньги не спишутся дважды');
      expect(screen.queryByTestId('pay-result-fail')).toBeNull();
      expect(screen.queryByTestId('result-reason')).toBeNull();
      expect(screen.getByTestId('result-refresh').textContent).toBe('Обновить');
    },
  );

  it.each([
    ['processing', false, false, 'processing'],
    ['processing', true, true, 'processing'],
    ['pending', false, false, 'pending'],
    ['pending', false, true, 'slow'],
    ['pending', true, false, 'fail'],
    ['succeeded', true, false, 'success'],
    ['failed', false, false, 'fail'],
  ] as const)('an order %s (fail address: %s, timed out: %s) shows %s', (status, failPath, timedOut, view) => {
    expect(viewOf(order({ status }), failPath, timedOut)).toBe(view);
  });

  it.each([
    ['insufficient_funds', 'На карте недостаточно средств'],
    ['expired_card', 'Срок действия карты истёк'],
    ['3ds_failed', '3-D Secure'],
    ['do_not_honor', 'Банк отклонил платёж'],
  ])('fail with %s says why, offers «Попробовать снова» and support', async (reason, text) => {
    show('/web/fail?order=o1', PaymentResult, { ...base, failPath: true, order: order({ status: 'failed', failure_reason: reason }) });
    expect((await screen.findByTestId('result-reason')).textContent).toContain(text);
    expect(screen.getByTestId('result-retry').textContent).toBe('Попробовать снова');
    expect(screen.getByTestId('result-support').getAttribute('href')).toBe('mailto:support@ekran.ru');
  });

  it('asks the order again through its own loader only, not the shell’s, until it settles', async () => {
    let asked = 0;
    let shell = 0;
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        loader: () => ({ shell: ++shell }),
        HydrateFallback: () => null,
        Component: () => <Outlet />,
        children: [
          {
            path: 'web/:r',
            Component: PaymentResult as never,
            HydrateFallback: () => null,
            action: () => ({ refreshed: true }),
            loader: () => ({ ...base, now: ++asked, order: order({ status: asked > 1 ? 'succeeded' : 'pending' }) }),
          },
        ],
      },
    ]);
    render(
      <I18nextProvider i18n={createI18n('ru')}>
        <Stub initialEntries={['/web/success?order=o1']} />
      </I18nextProvider>,
    );
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Оплата обрабатывается…');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Подписка оформлена'), { timeout: POLL_EVERY_MS + 3000 });
    expect(asked).toBeGreaterThanOrEqual(2);
    // The shell was loaded for the page, and again only once for the success (the action), never for a poll.
    await waitFor(() => expect(shell).toBeGreaterThanOrEqual(2));
    await new Promise((r) => setTimeout(r, 500));
    expect(shell).toBe(2);
  }, 15_000);

  it('the mobile variant leads back to the app', async () => {
    show('/mobile/success?order=o1', PaymentResult, { ...base, mobile: true, order: order({ status: 'succeeded' }) });
    expect((await screen.findByTestId('result-back')).textContent).toBe('Вернуться в приложение');
  });

  it('a back_url to another host is not followed', async () => {
    show('/web/success?order=o1', PaymentResult, { ...base, order: order({ status: 'succeeded', back_url: '//evil.example/x' }) });
    expect((await screen.findByTestId('result-back')).getAttribute('href')).toBe('/');
  });
});

describe('/payment_history page', () => {
  it('charges and refunds: date in Russian, refunds «−499 ₽» labelled «Возврат», declined marked, «Показать ещё»', async () => {
    show('/payment_history', PaymentHistory, {
      items: [
        historyItem({ id: 'r', kind: 'refund', amount: 499, created_at: '2026-05-03T10:00:00Z', description: 'Возврат за «Месяц»' }),
        historyItem({ id: 'd', status: 'declined', reason: 'insufficient_funds', created_at: '2026-05-02T10:00:00Z' }),
        historyItem({ id: 'c', created_at: '2026-05-01T10:00:00Z' }),
      ],
      total: 25,
      skip: 0,
    });
    const rows = await screen.findAllByTestId('history-row');
    expect(within(rows[0]!).getByTestId('history-amount').textContent).toBe('−499\u00a0₽');
    expect(rows[0]!.textContent).toContain('Возврат');
    expect(rows[0]!.textContent).toContain('3 мая 2026 г.');
    expect(rows[1]!.textContent).toContain('Отклонён');
    expect(rows[1]!.textContent).toContain('недостаточно средств');
    expect(rows[2]!.textContent).toContain('•••• 4242');
    expect(screen.getByTestId('history-more').getAttribute('href')).toBe('/payment_history?skip=3');
  });
});
