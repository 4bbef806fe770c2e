// Payment methods (platform §3 Payment method), card binding, payment history.
import { ErrorCode, PaymentHistorySchema, PaymentLinkSchema, PaymentMethodsSchema } from '@ekran/contracts';
import { orders, paymentMethods, payments, subscriptions } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginDevice } from '../../test/harness.ts';
import { createBillingTestApp, deliver, paymentNotification, registered, type BillingTestApp } from './billing.test-helpers.ts';

let t: BillingTestApp;
let monthly: { id: string };

beforeAll(async () => {
  t = await createBillingTestApp();
  monthly = await t.make.tariff({ alias: 'monthly', price: 499, durationDays: 30 });
});
afterAll(() => t.close());

const methods = (headers: Record<string, string>) => t.app.inject({ url: '/api/v1/account/payment_methods', headers });
const remove = (id: string, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: `/api/v1/account/payment_methods/${id}`, headers });

describe('GET /api/v1/account/payment_methods', () => {
  it('lists the cards with the last 4, brand, MM/YY and what can be done with each type', async () => {
    const { user, auth } = await registered(t);
    const types = ['card', 'card_googlepay', 'card_cloudpayments_applepay', 'google_token', 'itunes_receipt', 'huawei_token', 'megafon_payment'];
    for (const [i, type] of types.entries()) {
      await t.db.insert(paymentMethods).values({ userId: user.id, provider: 'sandbox', type, brand: 'visa', cardFirst6: '424242', cardLast4: '4242', cardExpire: '12/30', token: `t-${user.id}-${i}`, isActive: i === 0 });
    }
    const res = await methods(auth);
    expect(res.statusCode).toBe(200);
    const items = PaymentMethodsSchema.parse(res.json()).data.items;
    expect(items[0]).toMatchObject({ type: 'card', brand: 'visa', card_number: '4242', card_bin: '424242', card_expire: '12/30', state: 'active', is_active: true });
    const flags = Object.fromEntries(items.map((m) => [m.type, [m.can_cancel, m.can_change]]));
    expect(flags).toEqual({
      card: [true, true], card_googlepay: [true, true], card_cloudpayments_applepay: [true, true],
      google_token: [false, false], itunes_receipt: [false, false], huawei_token: [false, false], megafon_payment: [true, false],
    });
    expect(JSON.stringify(res.json())).not.toContain(`t-${user.id}`); // tokens never leave the API
  });

  it('401 without a session', async () => {
    expect((await methods(t.headers)).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/account/payment_methods/:id', () => {
  it('marks the card removed and stops renewals; store kinds answer 409; others\' cards 404; bad id 400', async () => {
    const { user, auth } = await registered(t);
    const [card] = await t.db.insert(paymentMethods).values({ userId: user.id, provider: 'sandbox', type: 'card', token: `del-${user.id}` }).returning();
    const [store] = await t.db.insert(paymentMethods).values({ userId: user.id, provider: 'google', type: 'google_token', token: `g-${user.id}` }).returning();
    const sub = await t.make.subscription({ userId: user.id, tariffId: monthly.id, paymentMethodId: card!.id });
    const other = await registered(t);
    expect((await remove(card!.id, other.auth)).statusCode).toBe(404);
    const refused = await remove(store!.id, auth);
    expect([refused.statusCode, refused.json().code]).toEqual([409, ErrorCode.PaymentMethodUncancellable]);
    expect((await remove('nope', auth)).statusCode).toBe(400);
    expect((await remove(card!.id, auth)).statusCode).toBe(204);
    expect((await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, card!.id)))[0]).toMatchObject({ state: 'removed', isActive: false });
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id)))[0]!.paymentMethodId).toBeNull();
    expect((await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, store!.id)))[0]!.state).toBe('active');
  });
});

describe('GET /api/v1/billing/bind_card', () => {
  it('opens a bind_only checkout; its completion replaces the card on the live subscription', async () => {
    const { user, auth } = await registered(t);
    const [old] = await t.db.insert(paymentMethods).values({ userId: user.id, provider: 'sandbox', type: 'card', token: `old-${user.id}` }).returning();
    const sub = await t.make.subscription({ userId: user.id, tariffId: monthly.id, paymentMethodId: old!.id, expiresAt: new Date('2027-01-01T00:00:00Z') });
    const res = await t.app.inject({ url: '/api/v1/billing/bind_card?return_to=mobile', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(PaymentLinkSchema.parse(res.json()).url).toContain('client_key=test-web-key-0001');
    expect(t.host.checkouts().at(-1)!.body).toMatchObject({ bind_only: true, recurrent: true, amount: 1, success_url: expect.stringContaining('/mobile/success?order=') });
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, user.id));
    await deliver(t, paymentNotification(t, { InvoiceId: order!.id, AccountId: user.id, Amount: 1, Token: `new-${user.id}`, CardFirstSix: '555555', CardLastFour: '4444', CardType: 'MasterCard' }));
    const cards = PaymentMethodsSchema.parse((await methods(auth)).json()).data.items;
    expect(cards.map((c) => [c.card_number, c.brand, c.is_active])).toEqual([['4444', 'master', true], [null, null, false]]);
    const [renewed] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(renewed!.paymentMethodId).toBe(cards[0]!.id);
    expect(renewed!.expiresAt.toISOString()).toBe('2027-01-01T00:00:00.000Z'); // a binding buys nothing
  });

  it('403 REGISTRATION_REQUIRED for a virtual user', async () => {
    const { auth } = await loginDevice(t);
    const res = await t.app.inject({ url: '/api/v1/billing/bind_card', headers: auth });
    expect([res.statusCode, res.json().code]).toEqual([403, 'REGISTRATION_REQUIRED']);
  });
});

describe('GET /api/v1/account/payment_history', () => {
  it('charges and refunds of the account, newest first, with the card; paged; only the caller\'s', async () => {
    const { user, auth } = await registered(t);
    const [card] = await t.db.insert(paymentMethods).values({ userId: user.id, provider: 'sandbox', type: 'card', brand: 'mir', cardLast4: '0004', token: `h-${user.id}` }).returning();
    const at = (d: string) => new Date(`2026-${d}T00:00:00Z`);
    await t.db.insert(payments).values([
      { userId: user.id, provider: 'sandbox', providerTxnId: `a-${user.id}`, kind: 'charge', status: 'succeeded', amount: 499, paymentMethodId: card!.id, description: 'Подписка на месяц', occurredAt: at('09-01') },
      { userId: user.id, provider: 'sandbox', providerTxnId: `b-${user.id}`, kind: 'charge', status: 'declined', amount: 499, paymentMethodId: card!.id, description: 'Продление', reason: 'insufficient_funds', occurredAt: at('10-01') },
      { userId: user.id, provider: 'sandbox', providerTxnId: `c-${user.id}`, kind: 'refund', status: 'succeeded', amount: 499, description: 'Возврат', occurredAt: at('10-05') },
    ]);
    const other = await registered(t);
    await t.db.insert(payments).values({ userId: other.user.id, provider: 'sandbox', providerTxnId: `z-${other.user.id}`, kind: 'charge', status: 'succeeded', amount: 1, occurredAt: at('10-10') });
    const res = await t.app.inject({ url: '/api/v1/account/payment_history', headers: auth });
    expect(res.statusCode).toBe(200);
    const { data } = PaymentHistorySchema.parse(res.json());
    expect(data.items_total).toBe(3);
    expect(data.items.map((i) => [i.kind, i.status, i.amount, i.card_number, i.brand, i.reason, i.created_at.slice(0, 10)])).toEqual([
      ['refund', 'succeeded', 499, null, null, null, '2026-10-05'],
      ['charge', 'declined', 499, '0004', 'mir', 'insufficient_funds', '2026-10-01'],
      ['charge', 'succeeded', 499, '0004', 'mir', null, '2026-09-01'],
    ]);
    const page = PaymentHistorySchema.parse((await t.app.inject({ url: '/api/v1/account/payment_history?skip=1&limit=1', headers: auth })).json());
    expect(page.data.items.map((i) => i.status)).toEqual(['declined']);
    expect((await t.app.inject({ url: '/api/v1/account/payment_history?limit=0', headers: auth })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/account/payment_history', headers: t.headers })).statusCode).toBe(401);
  });
});
