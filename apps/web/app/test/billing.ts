import type { AccountSubscription, AuthData, Order, PaymentHistoryItem, PaymentMethod, Tariff } from '@ekran/contracts';

// Billing fixtures as the API answers them.

export const viewer = (o: Partial<AuthData> = {}): AuthData =>
  ({
    _id: 'u1', virtual: false, email: 'viewer@example.ru', phone: null, profile_for_child: false, partner: { name: null }, externals: [],
    subscriptions: [], mf_info: { is_mf: false, mf_pop_up: null }, trial_is_available: true, authentication_token: 'secret-token-0123456789', ...o,
  }) as AuthData;

export const tariff = (o: Partial<Tariff> = {}): Tariff => ({
  _id: 't-month', title: 'Месяц', price: 499, currency: 'RUB', duration_days: 30, weight: 0, allow_trial: true, trial_period_duration: { days: 7 },
  max_streams: 2, original_id: null, recurrent_price: null, next_tariff_id: null, url: '/api/v1/billing/tariffs/t-month/payment', ...o,
});

export const order = (o: Partial<Order> = {}): Order => ({
  _id: 'o1', kind: 'purchase', status: 'pending', amount: 499, currency: 'RUB', tariff: { _id: 't-month', title: 'Месяц' }, payment_url: null,
  failure_reason: null, back_url: null, created_at: '2026-05-01T10:00:00.000Z', ...o,
});

export const SUB_ID = '5b1d3f4e-8a2c-4c1e-9d7b-2f6a1e0c9b31';
export const CARD_ID = '7c2e4a10-3b5d-4f6a-8e9c-0d1b2a3c4e5f';

export const subscription = (o: Partial<AccountSubscription> = {}): AccountSubscription => ({
  _id: SUB_ID, status: 'active', tariff: { _id: 't-month', title: 'Месяц', price: 499, currency: 'RUB', duration_days: 30 },
  started_at: '2026-04-10T09:00:00.000Z', expires_at: '2026-05-10T09:00:00.000Z', reccurent: true, source: 'web', manageable: true,
  expiration: '2026-05-10T09:00:00.000Z', billing_expire: null,
  tariff_info: { _id: 't-month', rate_steps: [{ price: 499, currency: 'RUB', duration_days: 30, periods: null }] },
  next_charge: { at: '2026-05-10T09:00:00.000Z', amount: 499, currency: 'RUB' }, payment_method_id: CARD_ID, partner: null, ...o,
});

export const card = (o: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id: CARD_ID, type: 'card', brand: null, state: 'active', is_active: true, card_number: '4242', card_bin: '427600', card_expire: '12/27',
  can_cancel: true, can_change: true, ...o,
});

export const historyItem = (o: Partial<PaymentHistoryItem> = {}): PaymentHistoryItem => ({
  id: 'p1', kind: 'charge', status: 'succeeded', amount: 499, currency: 'RUB', description: 'Подписка «Месяц»', reason: null, card_number: '4242',
  brand: 'visa', created_at: '2026-05-01T10:00:00.000Z', ...o,
});
