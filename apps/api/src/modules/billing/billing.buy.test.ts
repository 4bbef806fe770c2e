// Payment link (platform §4 Payment redirect, trial vs purchase), buy with idempotency, orders.
import { ErrorCode, OrderSchema, PaymentLinkSchema } from '@ekran/contracts';
import { orders, paymentMethods, payments, subscriptions } from '@ekran/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginDevice } from '../../test/harness.ts';
import { createBillingTestApp, deliver, paymentNotification, registered, type BillingTestApp } from './billing.test-helpers.ts';

let t: BillingTestApp;
let monthly: { id: string };
let year: { id: string };

beforeAll(async () => {
  t = await createBillingTestApp();
  monthly = await t.make.tariff({ alias: 'monthly', title: 'Подписка на месяц', price: 499, durationDays: 30, allowTrial: true, trialDays: 7 });
  year = await t.make.tariff({ alias: 'year', title: 'Подписка на год', price: 2990, durationDays: 365, allowTrial: false });
});
afterAll(() => t.close());

const link = (tariffId: string, headers: Record<string, string>, query = '') => t.app.inject({ url: `/api/v1/billing/tariffs/${tariffId}/payment${query}`, headers });
const buy = (headers: Record<string, string>, key: string | null, body: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v1/billing/buy', headers: key === null ? headers : { ...headers, 'idempotency-key': key }, payload: body as object });
const rows = async () => ({
  orders: (await t.db.select({ n: count() }).from(orders))[0]!.n,
  payments: (await t.db.select({ n: count() }).from(payments))[0]!.n,
  subscriptions: (await t.db.select({ n: count() }).from(subscriptions))[0]!.n,
});

/** A registered account with a saved active card (as a completed trial leaves it). */
async function withCard() {
  const { user, auth } = await registered(t);
  const [card] = await t.db
    .insert(paymentMethods)
    .values({ userId: user.id, provider: 'sandbox', type: 'card', brand: 'visa', cardFirst6: '424242', cardLast4: '4242', cardExpire: '12/30', token: `tok_${user.id}` })
    .returning();
  return { user, auth, card: card! };
}

describe('GET /api/v1/billing/tariffs/:id/payment', () => {
  it('a never-subscribed account gets a trial checkout (bind_only, recurrent) and the host page with client_key', async () => {
    const { user, auth } = await registered(t);
    const res = await link(monthly.id, auth, '?return_to=web&back_url=/watch/aurora');
    expect(res.statusCode).toBe(200);
    const { url } = PaymentLinkSchema.parse(res.json());
    expect(url).toMatch(/^http:\/\/localhost:4100\/pay\/co_\d+\?client_key=test-web-key-0001$/);
    const call = t.host.checkouts().at(-1)!;
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({ kind: 'trial', status: 'pending', amount: 1, backUrl: '/watch/aurora' });
    expect(call.body).toMatchObject({
      invoice_id: order!.id, account_id: user.id, amount: 1, currency: 'RUB', recurrent: true, bind_only: true,
      success_url: `http://localhost:3000/web/success?order=${order!.id}`, fail_url: `http://localhost:3000/web/fail?order=${order!.id}`,
    });
    expect(call.auth).toBe(`Basic ${Buffer.from('ekran-sandbox:sandbox-secret-change-me').toString('base64')}`);
    expect(call.key).toBe(order!.id);
  });

  it('a repeat within 10 minutes reuses the pending order and its checkout; after 10 minutes a new one', async () => {
    const { user, auth } = await registered(t);
    const first = (await link(monthly.id, auth)).json().url;
    t.clock.now = new Date(t.clock.now.getTime() + 9 * 60_000);
    expect((await link(monthly.id, auth)).json().url).toBe(first);
    expect((await t.db.select().from(orders).where(eq(orders.userId, user.id))).length).toBe(1);
    t.clock.now = new Date(t.clock.now.getTime() + 2 * 60_000);
    expect((await link(monthly.id, auth)).json().url).not.toBe(first);
    expect((await t.db.select().from(orders).where(eq(orders.userId, user.id))).length).toBe(2);
  });

  it('an account that had a subscription buys (purchase at the price); a tariff without trial is a purchase', async () => {
    const { user, auth } = await registered(t);
    await t.make.subscription({ userId: user.id, tariffId: monthly.id, status: 'expired', expiresAt: new Date('2026-01-01T00:00:00Z') });
    expect((await link(monthly.id, auth)).statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(order).toMatchObject({ kind: 'purchase', amount: 499 });
    const other = await registered(t);
    await link(year.id, other.auth);
    expect((await t.db.select().from(orders).where(eq(orders.userId, other.user.id)))[0]).toMatchObject({ kind: 'purchase', amount: 2990 });
    expect(t.host.checkouts().at(-1)!.body).toMatchObject({ bind_only: false, recurrent: true, amount: 2990 });
  });

  it('completing the trial checkout starts a 7-day trial with the card saved', async () => {
    const { user, auth } = await registered(t);
    await link(monthly.id, auth);
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, user.id));
    const res = await deliver(t, paymentNotification(t, { InvoiceId: order!.id, AccountId: user.id, Amount: 1, Token: `tok_trial_${user.id}`, CardType: 'Mir', CardFirstSix: '220000', CardLastFour: '0004' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0 });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(sub).toMatchObject({ status: 'trial', isRecurrent: true, tariffId: monthly.id });
    expect(sub!.expiresAt.toISOString()).toBe(new Date(t.clock.now.getTime() + 7 * 86_400_000).toISOString());
    const [card] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(card).toMatchObject({ brand: 'mir', cardLast4: '0004', cardExpire: '12/30', isActive: true, id: sub!.paymentMethodId });
    const polled = await t.app.inject({ url: `/api/v1/billing/orders/${order!.id}`, headers: auth });
    expect(OrderSchema.parse(polled.json())).toMatchObject({ status: 'succeeded', kind: 'trial', payment_url: null, tariff: { _id: monthly.id, title: 'Подписка на месяц' } });
  });

  it('refuses a virtual user (403 REGISTRATION_REQUIRED), an unknown or inactive tariff (404), a malformed id (400), a live subscription (409)', async () => {
    const { auth: virtual } = await loginDevice(t);
    const v = await link(monthly.id, virtual);
    expect([v.statusCode, v.json().code]).toEqual([403, ErrorCode.RegistrationRequired]);
    expect((await link(monthly.id, t.headers)).statusCode).toBe(401);
    const { user, auth } = await registered(t);
    const inactive = await t.make.tariff({ isActive: false });
    expect((await link(inactive.id, auth)).statusCode).toBe(404);
    expect((await link('00000000-0000-4000-8000-000000000000', auth)).statusCode).toBe(404);
    const bad = await link('not-a-uuid', auth);
    expect([bad.statusCode, bad.json().code]).toEqual([400, ErrorCode.BadRequest]);
    expect((await link(monthly.id, auth, '?return_to=desktop')).statusCode).toBe(400);
    await t.make.subscription({ userId: user.id, tariffId: monthly.id, expiresAt: new Date('2027-01-01T00:00:00Z') });
    const live = await link(monthly.id, auth);
    expect([live.statusCode, live.json().code]).toEqual([409, ErrorCode.SubscriptionExists]);
    expect((await t.db.select().from(orders).where(eq(orders.userId, user.id))).length).toBe(0);
  });

  it('a back_url outside the allowed prefixes is dropped (platform §5)', async () => {
    const { user, auth } = await registered(t);
    await link(year.id, auth, `?back_url=${encodeURIComponent('//evil.example/x')}`);
    expect((await t.db.select().from(orders).where(eq(orders.userId, user.id)))[0]!.backUrl).toBeNull();
  });
});

describe('POST /api/v1/billing/buy', () => {
  it('charges a saved card once and activates the subscription for the tariff period', async () => {
    const { user, auth, card } = await withCard();
    const res = await buy(auth, 'buy-1', { tariff_id: year.id, payment_method_id: card.id });
    expect(res.statusCode).toBe(200);
    const order = OrderSchema.parse(res.json());
    expect(order).toMatchObject({ kind: 'purchase', status: 'succeeded', amount: 2990, payment_url: null, failure_reason: null });
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(sub).toMatchObject({ status: 'active', tariffId: year.id, paymentMethodId: card.id, isRecurrent: true });
    expect(sub!.expiresAt.getTime() - t.clock.now.getTime()).toBe(365 * 86_400_000);
    const charge = t.host.calls.filter((c) => c.path === '/api/charges').at(-1)!;
    expect(charge.body).toMatchObject({ invoice_id: order._id, account_id: user.id, token: card.token, amount: 2990, currency: 'RUB' });
    const ledger = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(ledger).toMatchObject([{ kind: 'charge', status: 'succeeded', amount: 2990, paymentMethodId: card.id }]);
  });

  it('without a card answers a pending order with the payment page (a trial when the account may have one)', async () => {
    const { auth } = await registered(t);
    const res = await buy(auth, 'buy-page', { tariff_id: year.id });
    expect(res.statusCode).toBe(200);
    expect(OrderSchema.parse(res.json())).toMatchObject({ kind: 'purchase', amount: 2990, status: 'pending', payment_url: expect.stringMatching(/^http:\/\/localhost:4100\/pay\//) });
    const trial = (await buy(auth, 'buy-trial', { tariff_id: monthly.id })).json();
    expect(trial).toMatchObject({ kind: 'trial', amount: 1, status: 'pending' });
    expect(t.host.checkouts().at(-1)!.body).toMatchObject({ bind_only: true, invoice_id: trial._id });
  });

  it('the host being down: the order fails with provider_unavailable, and a repeat answers the same', async () => {
    const { auth } = await registered(t);
    t.host.failNextCalls(1);
    const first = await buy(auth, 'host-down', { tariff_id: year.id });
    expect(first.json()).toMatchObject({ status: 'failed', failure_reason: 'provider_unavailable', payment_url: null });
    expect((await buy(auth, 'host-down', { tariff_id: year.id })).body).toBe(first.body);
  });

  it('a declined card fails the order with the reason and activates nothing', async () => {
    const { user, auth, card } = await withCard();
    t.host.decliningTokens.add(card.token!);
    const order = (await buy(auth, 'declined', { tariff_id: year.id, payment_method_id: card.id })).json();
    expect(order).toMatchObject({ status: 'failed', failure_reason: 'insufficient_funds' });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);
  });

  it('50 concurrent requests with one key: one charge at the host, 50 identical answers', async () => {
    const { user, auth, card } = await withCard();
    const before = t.host.charges();
    const body = { tariff_id: year.id, payment_method_id: card.id };
    const answers = await Promise.all(Array.from({ length: 50 }, () => buy(auth, 'same-key', body)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({ status: 'succeeded' });
    expect(t.host.charges() - before).toBe(1);
    expect((await t.db.select().from(orders).where(eq(orders.userId, user.id))).length).toBe(1);
    expect((await t.db.select().from(payments).where(eq(payments.userId, user.id))).length).toBe(1);
    // The same body in another key order is the same request.
    const again = await buy(auth, 'same-key', { payment_method_id: card.id, tariff_id: year.id });
    expect(again.body).toBe(answers[0]!.body);
  });

  it('the same key with another body: 422 IDEMPOTENCY_KEY_REUSED and nothing changes', async () => {
    const { auth, card } = await withCard();
    await buy(auth, 'reused', { tariff_id: year.id, payment_method_id: card.id });
    const before = await rows();
    const charges = t.host.charges();
    const res = await buy(auth, 'reused', { tariff_id: monthly.id, payment_method_id: card.id });
    expect([res.statusCode, res.json().code]).toEqual([422, ErrorCode.IdempotencyKeyReused]);
    expect(await rows()).toEqual(before);
    expect(t.host.charges()).toBe(charges);
  });

  it('keys are per account: another account with the same key buys on its own', async () => {
    const a = await withCard();
    const b = await withCard();
    const ra = (await buy(a.auth, 'shared', { tariff_id: year.id, payment_method_id: a.card.id })).json();
    const rb = (await buy(b.auth, 'shared', { tariff_id: year.id, payment_method_id: b.card.id })).json();
    expect(ra._id).not.toBe(rb._id);
  });

  it('400 without Idempotency-Key or with a bad body, 403 virtual, 404 someone else\'s card, 409 live subscription', async () => {
    const { auth, card } = await withCard();
    const noKey = await buy(auth, null, { tariff_id: year.id });
    expect([noKey.statusCode, noKey.json().code]).toEqual([400, ErrorCode.BadRequest]);
    expect((await buy(auth, 'k', { tariff_id: 'x' })).statusCode).toBe(400);
    expect((await buy(auth, 'k', {})).statusCode).toBe(400);
    const { auth: virtual } = await loginDevice(t);
    expect((await buy(virtual, 'k', { tariff_id: year.id })).statusCode).toBe(403);
    const other = await withCard();
    const before = await rows();
    expect((await buy(auth, 'foreign', { tariff_id: year.id, payment_method_id: other.card.id })).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
    await buy(auth, 'first', { tariff_id: year.id, payment_method_id: card.id });
    const second = await buy(auth, 'second', { tariff_id: year.id, payment_method_id: card.id });
    expect([second.statusCode, second.json().code]).toEqual([409, ErrorCode.SubscriptionExists]);
  });
});

describe('GET /api/v1/billing/orders/:id', () => {
  it('answers the owner; 404 for another account; 401 without a session; 400 malformed', async () => {
    const { auth } = await registered(t);
    const order = (await buy(auth, 'mine', { tariff_id: year.id })).json();
    expect((await t.app.inject({ url: `/api/v1/billing/orders/${order._id}`, headers: auth })).json()._id).toBe(order._id);
    const other = await registered(t);
    expect((await t.app.inject({ url: `/api/v1/billing/orders/${order._id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/billing/orders/${order._id}`, headers: t.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/billing/orders/nope', headers: auth })).statusCode).toBe(400);
  });
});
