// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n.ts';
import { bankOf } from '../../lib/banks.ts';
import { card, subscription } from '../../test/billing.ts';
import type { PaymentMethodView } from '../../lib/billing-actions.ts';
import { SubscriptionsPanel } from './subscriptions-panel.tsx';

afterEach(cleanup);

const NOW = Date.parse('2026-05-01T12:00:00Z');
const view = (o: Parameters<typeof card>[0] = {}): PaymentMethodView => {
  const m = card(o);
  return { ...m, bank: bankOf(m) };
};

function show(props: Parameters<typeof SubscriptionsPanel>[0], action = vi.fn(async (): Promise<object> => ({ intent: 'renewal', ok: true, enabled: false, subscription_id: 's' }))) {
  const Stub = createRoutesStub([{ path: '/account/subscriptions', Component: () => <SubscriptionsPanel {...props} />, action, HydrateFallback: () => null }]);
  render(
    <I18nextProvider i18n={createI18n('ru')}>
      <Stub initialEntries={['/account/subscriptions']} />
    </I18nextProvider>,
  );
  return action;
}

describe('/account/subscriptions: the pending subscription (spec platform §3)', () => {
  it('shows the tariff, status, paid-until date, next charge and the card', async () => {
    show({ subscriptions: [subscription()], methods: [view()], now: NOW });
    const sub = await screen.findByTestId('subscription');
    expect(sub.textContent).toContain('Месяц');
    expect(sub.textContent).toContain('Активна');
    expect(screen.getByTestId('sub-until').textContent).toBe('Оплачена до 10 мая 2026 г.');
    expect(screen.getByTestId('sub-next').textContent).toBe('Следующее списание: 499\u00a0₽ — 10 мая 2026 г.');
    expect(sub.textContent).toContain('Списывается с карты •••• 4242');
    expect(sub.textContent).toContain('Стоимость: 499\u00a0₽ в месяц');
  });

  it('a subscription in its billing window says until when it is retried and offers «Продлить»', async () => {
    show({ subscriptions: [subscription({ status: 'grace', expiration: '2026-04-30T09:00:00Z', billing_expire: '2026-05-03T09:00:00Z' })], methods: [], now: NOW });
    expect((await screen.findByTestId('sub-window')).textContent).toContain('до 3 мая 2026 г.');
    expect(screen.getByTestId('extend').textContent).toBe('Продлить');
  });

  it('a trial ending within 2 days shows the hint (platform §4 thresholds)', async () => {
    show({ subscriptions: [subscription({ status: 'trial', expiration: new Date(NOW + 30 * 3600_000).toISOString() })], methods: [], now: NOW });
    expect((await screen.findByTestId('sub-trial-hint')).textContent).toBe('До конца пробного периода 2 дня');
    expect(screen.getByTestId('sub-until').textContent).toContain('Пробный период до');
  });

  it('a partner subscription has no renewal buttons', async () => {
    show({ subscriptions: [subscription({ manageable: false })], methods: [], now: NOW });
    await screen.findByTestId('subscription');
    expect(screen.queryByTestId('renewal-disable')).toBeNull();
    expect(screen.getByTestId('subscription').textContent).toContain('Эта подписка оформлена не на сайте');
  });

  it('an operator subscription (issue 6 opsfix) reads «через МегаФон», says where it is managed, and offers nothing to do here', async () => {
    const operator = subscription({
      manageable: false, partner: 'megafon', source: 'megafon', tariff: { _id: 't-mf', title: 'Подписка через МегаФон', price: 0, currency: 'RUB', duration_days: 30 },
      tariff_info: { _id: 't-mf', rate_steps: [] }, next_charge: null, payment_method_id: null,
    });
    show({ subscriptions: [operator], methods: [], now: NOW });
    const sub = await screen.findByTestId('subscription');
    expect(screen.getByTestId('sub-via').textContent).toBe(' через МегаФон');
    expect(sub.textContent).toContain('Активна');
    expect(screen.getByTestId('sub-until').textContent).toBe('Оплачена до 10 мая 2026 г.');
    expect(sub.textContent).toContain('Управлять ей можно в личном кабинете МегаФона.');
    expect(sub.textContent).not.toContain('Стоимость');
    for (const id of ['sub-next', 'renewal-disable', 'renewal-enable', 'extend']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('names the card it charges only while renewal is on', async () => {
    show({ subscriptions: [subscription({ reccurent: false, next_charge: null })], methods: [view()], now: NOW });
    const sub = await screen.findByTestId('subscription');
    expect(sub.textContent).not.toContain('Списывается с карты');
  });

  it('a promo-code subscription says so: the code, no price, until when, and that it simply ends', async () => {
    const promo = subscription({ source: 'promo', promo_code: 'EKRAN30', manageable: false, reccurent: false, next_charge: null, payment_method_id: null });
    show({ subscriptions: [promo], methods: [], now: NOW });
    const sub = await screen.findByTestId('subscription');
    expect(screen.getByTestId('sub-source').textContent).toBe('По промокоду EKRAN30');
    expect(screen.getByTestId('sub-until').textContent).toBe('Действует до 10 мая 2026 г.');
    expect(screen.getByTestId('sub-after').textContent).toBe('После 10 мая 2026 г. подписка закончится сама: ничего не спишется. Чтобы смотреть дальше, выберите тариф.');
    expect(screen.getByTestId('sub-to-tariffs').getAttribute('href')).toBe('/tariffs');
    for (const text of ['не на сайте', 'Стоимость', '₽']) expect(sub.textContent).not.toContain(text);
    for (const id of ['sub-next', 'renewal-disable', 'renewal-enable', 'extend']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('an ended promo subscription says when it ended, and nothing more', async () => {
    show({ subscriptions: [subscription({ source: 'promo', promo_code: null, status: 'expired', expiration: '2026-04-20T09:00:00Z', manageable: false, reccurent: false, next_charge: null })], methods: [], now: NOW });
    expect((await screen.findByTestId('sub-source')).textContent).toBe('По промокоду');
    expect(screen.getByTestId('sub-until').textContent).toBe('Закончилась 20 апреля 2026 г.');
    expect(screen.queryByTestId('sub-after')).toBeNull();
  });

  it('a partner the texts do not know reads as any subscription bought elsewhere', async () => {
    show({ subscriptions: [subscription({ manageable: false, partner: 'someone' })], methods: [], now: NOW });
    await screen.findByTestId('subscription');
    expect(screen.queryByTestId('sub-via')).toBeNull();
    expect(screen.getByTestId('subscription').textContent).toContain('Эта подписка оформлена не на сайте');
  });
});

describe('«Отключить автопродление» (spec platform §4: steps 0, 1, 2 then back to 0)', () => {
  it('step 0 → 1 «Вы уверены?» → «Остаться» goes back to 0 without asking the server', async () => {
    const action = show({ subscriptions: [subscription()], methods: [], now: NOW });
    fireEvent.click(await screen.findByTestId('renewal-disable'));
    const dialog = await screen.findByRole('dialog', { name: 'Вы уверены?' });
    expect(dialog.textContent).toContain('После 10 мая 2026 г. подписка не продлится');
    expect(dialog.textContent).toContain('Останьтесь с нами');
    fireEvent.click(within(dialog).getByTestId('renewal-stay'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(action).not.toHaveBeenCalled();
  });

  it('step 1 «Отключить» posts renewal off, step 2 confirms until the date, «Понятно» returns to 0', async () => {
    const action = show({ subscriptions: [subscription()], methods: [], now: NOW });
    fireEvent.click(await screen.findByTestId('renewal-disable'));
    fireEvent.click(await screen.findByTestId('renewal-confirm-off'));
    const done = await screen.findByRole('dialog', { name: 'Автопродление отключено' });
    expect(done.textContent).toContain('Подписка работает до 10 мая 2026 г.');
    const form = (action.mock.calls[0] as unknown as [{ request: Request }])[0].request;
    expect(Object.fromEntries(await form.formData())).toEqual({ intent: 'renewal', subscription_id: subscription()._id, enabled: 'false' });
    fireEvent.click(within(done).getByTestId('renewal-done-ok'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('renewal-disable')).toBeTruthy();
  });

  it('a refusal stays on step 1 and says so', async () => {
    show({ subscriptions: [subscription()], methods: [], now: NOW }, vi.fn(async (): Promise<object> => ({ intent: 'renewal', ok: false, subscription_id: 's' })));
    fireEvent.click(await screen.findByTestId('renewal-disable'));
    fireEvent.click(await screen.findByTestId('renewal-confirm-off'));
    expect((await screen.findByRole('alert')).textContent).toBe('Не получилось изменить автопродление. Попробуйте ещё раз.');
    expect(screen.getByRole('dialog', { name: 'Вы уверены?' })).toBeTruthy();
  });

  it('renewal off offers turning it back on', async () => {
    show({ subscriptions: [subscription({ reccurent: false, next_charge: null })], methods: [], now: NOW });
    expect((await screen.findByTestId('sub-renewal-off')).textContent).toContain('до 10 мая 2026 г.');
    expect(screen.getByTestId('renewal-enable').textContent).toBe('Включить автопродление');
  });
});

describe('payment methods (spec platform §3)', () => {
  it('a card: brand, «•••• 1234», MM/YY, the bank logo from our origin, remove and change', async () => {
    show({ subscriptions: [], methods: [view()], now: NOW });
    const c = await screen.findByTestId('pay-card');
    expect(c.textContent).toContain('•••• 4242');
    expect(c.textContent).toContain('VISA');
    expect(screen.getByTestId('card-expire').textContent).toBe('12/27');
    expect(within(c).getByRole('img').getAttribute('src')).toBe('/banks-logos/ru-sberbank.svg');
    expect(screen.getByTestId('card-remove')).toBeTruthy();
    expect(screen.getByTestId('card-change')).toBeTruthy();
  });

  it('an expiry of None shows nothing; an unknown bank is dark slate', async () => {
    show({ subscriptions: [], methods: [view({ card_expire: 'None', card_bin: '220000', card_number: '1234', brand: null })], now: NOW });
    const c = await screen.findByTestId('pay-card');
    expect(screen.queryByTestId('card-expire')).toBeNull();
    expect(c.textContent).toContain('МИР');
    expect(c.getAttribute('style')).toContain('rgb(47, 58, 76)');
  });

  it('a store token names the store, says it is managed there, and has no buttons', async () => {
    show({ subscriptions: [], methods: [view({ type: 'itunes_receipt', card_number: null, card_bin: null, card_expire: null, can_cancel: false, can_change: false })], now: NOW });
    const c = await screen.findByTestId('pay-card');
    expect(c.textContent).toContain('Оплата через App Store');
    expect(c.textContent).toContain('управляют в App Store');
    expect(screen.queryByTestId('card-remove')).toBeNull();
    expect(screen.queryByTestId('card-change')).toBeNull();
  });

  it('says when no card is bound, and links the payment history', async () => {
    show({ subscriptions: [], methods: [], now: NOW });
    expect(await screen.findByTestId('methods-empty')).toBeTruthy();
    expect(screen.getByTestId('to-history').getAttribute('href')).toBe('/payment_history');
  });
});
