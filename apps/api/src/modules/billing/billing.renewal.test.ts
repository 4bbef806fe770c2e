// Renewals (charged a day ahead, from the old expiry), the billing window (grace, daily retries,
// expiry), discount tariffs renewing on their next tariff, and the extension button.
import { ErrorCode } from '@ekran/contracts';
import { BILLING_WINDOW_DAYS } from '@ekran/core';
import { orders, paymentMethods, payments, subscriptions } from '@ekran/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renewDue } from './billing.renewal.ts';
import { createBillingTestApp, deliver, paymentNotification, registered, type BillingTestApp } from './billing.test-helpers.ts';

let t: BillingTestApp;
let monthly: { id: string };
let firstMonth: { id: string };

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createBillingTestApp();
  monthly = await t.make.tariff({ alias: 'monthly', title: 'Подписка на месяц', price: 499, durationDays: 30, allowTrial: true, trialDays: 7 });
  firstMonth = await t.make.tariff({ alias: 'first-month-149', title: 'Первый месяц за 149', price: 149, durationDays: 30, originalId: monthly.id, nextTariffId: monthly.id, isListed: false });
});
afterAll(() => t.close());
// Each test's clock is years apart; earlier subscriptions must not renew into a later test's counts.
beforeEach(async () => {
  await t.db.update(subscriptions).set({ isRecurrent: false });
});

const deps = () => t.app.deps;

/** A subscription paid until `expiresAt` with a saved card. */
async function subscribed(o: { tariffId?: string; expiresAt: Date; status?: 'active' | 'trial' | 'grace' }) {
  const { user, auth } = await registered(t);
  const [card] = await t.db.insert(paymentMethods).values({ userId: user.id, provider: 'sandbox', type: 'card', brand: 'visa', cardLast4: '4242', token: `tok_${user.id}` }).returning();
  const [sub] = await t.db
    .insert(subscriptions)
    .values({ userId: user.id, tariffId: o.tariffId ?? monthly.id, status: o.status ?? 'active', startedAt: t.clock.now, expiresAt: o.expiresAt, paymentMethodId: card!.id, isRecurrent: true })
    .returning();
  return { user, auth, card: card!, sub: sub! };
}
const reload = async (id: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;

describe('renewDue', () => {
  it('13 simulated months of a monthly subscription, renewDue twice every day: exactly 12 renewals, continuous', async () => {
    const start = new Date('2027-01-01T10:00:00Z');
    t.clock.now = start;
    const { sub, user } = await subscribed({ expiresAt: new Date(start.getTime() + 30 * DAY) });
    const before = t.host.charges();
    const expiries: number[] = [];
    // 13 months = the month bought + 12 renewals; the 13th renewal (for month 14) is due on day 389.
    for (let day = 1; day < 389; day++) {
      for (const hour of [0, 12]) {
        const now = new Date(start.getTime() + day * DAY + hour * 3_600_000);
        t.clock.now = now;
        await renewDue(deps(), now);
        const row = await reload(sub.id);
        // never a moment without a paid period
        expect(row.expiresAt.getTime()).toBeGreaterThan(now.getTime());
        if (expiries.at(-1) !== row.expiresAt.getTime()) expiries.push(row.expiresAt.getTime());
      }
    }
    const row = await reload(sub.id);
    expect(t.host.charges() - before).toBe(12);
    expect(row).toMatchObject({ renewals: 12, failedAttempts: 0, status: 'active' });
    expect(row.expiresAt.toISOString()).toBe(new Date(start.getTime() + 13 * 30 * DAY).toISOString());
    // each renewal moved the expiry exactly one period from the previous one
    expect(expiries.slice(1).map((e, i) => (e - expiries[i]!) / DAY)).toEqual(Array(12).fill(30));
    const ledger = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    expect(ledger.length).toBe(12);
    expect(ledger.every((p) => p.kind === 'charge' && p.status === 'succeeded' && p.amount === 499)).toBe(true);
  }, 300_000);

  it('is charged a day ahead, not earlier; the host\'s notification of the same charge changes nothing', async () => {
    const now = new Date('2028-01-01T00:00:00Z');
    t.clock.now = now;
    const { sub } = await subscribed({ expiresAt: new Date(now.getTime() + 2 * DAY) });
    expect((await renewDue(deps(), now)).charged).toBe(0);
    const dayBefore = new Date(now.getTime() + DAY);
    t.clock.now = dayBefore;
    expect(await renewDue(deps(), dayBefore)).toMatchObject({ charged: 1, succeeded: 1 });
    const renewed = await reload(sub.id);
    expect(renewed.expiresAt.toISOString()).toBe(new Date(now.getTime() + 32 * DAY).toISOString());
    const [order] = await t.db.select().from(orders).where(and(eq(orders.subscriptionId, sub.id), eq(orders.kind, 'renewal')));
    expect(order!.idempotencyKey).toBe(`renewal:${sub.id}:1:0`);
    const [ledger] = await t.db.select().from(payments).where(eq(payments.orderId, order!.id));
    // the same transaction, now as a notification
    const res = await deliver(t, paymentNotification(t, { InvoiceId: order!.id, AccountId: sub.userId, TransactionId: ledger!.providerTxnId, Token: null }));
    expect(res.statusCode).toBe(200);
    expect(await reload(sub.id)).toEqual(renewed);
    expect((await t.db.select().from(payments).where(eq(payments.orderId, order!.id))).length).toBe(1);
  });

  it('a declined renewal: grace until expires_at + 3 days, retried once a day, then expired', async () => {
    const now = new Date('2029-01-01T00:00:00Z');
    t.clock.now = now;
    const expiresAt = new Date(now.getTime() + 12 * 3_600_000);
    const { sub, card } = await subscribed({ expiresAt });
    t.host.decliningTokens.add(card.token!);
    const before = t.host.charges();
    expect(await renewDue(deps(), now)).toMatchObject({ charged: 1, declined: 1 });
    let row = await reload(sub.id);
    expect(row).toMatchObject({ status: 'grace', failedAttempts: 1 });
    expect(row.billingExpiresAt!.toISOString()).toBe(new Date(expiresAt.getTime() + BILLING_WINDOW_DAYS * DAY).toISOString());
    // the same day: no retry
    expect((await renewDue(deps(), new Date(now.getTime() + 6 * 3_600_000))).charged).toBe(0);
    // every day of the window: one retry
    for (let d = 1; d <= 3; d++) await renewDue(deps(), new Date(now.getTime() + d * DAY + 60_000));
    row = await reload(sub.id);
    expect(t.host.charges() - before).toBe(4);
    expect(row.failedAttempts).toBe(4);
    const keys = (await t.db.select().from(orders).where(eq(orders.subscriptionId, sub.id))).map((o) => o.idempotencyKey).sort();
    expect(keys).toEqual([0, 1, 2, 3].map((n) => `renewal:${sub.id}:1:${n}`));
    // the window ends: expired, no more charges
    expect((await renewDue(deps(), new Date(expiresAt.getTime() + 3 * DAY + 60_000))).expired).toBeGreaterThanOrEqual(1);
    expect((await reload(sub.id)).status).toBe('expired');
    await renewDue(deps(), new Date(expiresAt.getTime() + 4 * DAY));
    expect(t.host.charges() - before).toBe(4);
  });

  it('a discount tariff renews on its next tariff at the next tariff\'s price', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    t.clock.now = now;
    const { sub } = await subscribed({ tariffId: firstMonth.id, expiresAt: new Date(now.getTime() + 12 * 3_600_000) });
    await renewDue(deps(), now);
    const row = await reload(sub.id);
    expect(row).toMatchObject({ tariffId: monthly.id, renewals: 1 });
    const [order] = await t.db.select().from(orders).where(and(eq(orders.subscriptionId, sub.id), eq(orders.kind, 'renewal')));
    expect(order!.amount).toBe(499);
  });

  it('no card, a removed card, or renewal turned off: nothing is charged', async () => {
    const now = new Date('2031-01-01T00:00:00Z');
    t.clock.now = now;
    const soon = new Date(now.getTime() + 3_600_000);
    const a = await subscribed({ expiresAt: soon });
    await t.db.update(subscriptions).set({ isRecurrent: false }).where(eq(subscriptions.id, a.sub.id));
    const b = await subscribed({ expiresAt: soon });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/account/payment_methods/${b.card.id}`, headers: b.auth });
    expect(del.statusCode).toBe(204);
    expect((await reload(b.sub.id)).paymentMethodId).toBeNull();
    const before = t.host.charges();
    expect((await renewDue(deps(), now)).charged).toBe(0);
    expect(t.host.charges()).toBe(before);
  });
});

describe('POST /api/v1/billing/subscriptions/:id/extend', () => {
  it('charges a subscription in grace now, from its old expiry, once per key', async () => {
    const now = new Date('2032-01-01T00:00:00Z');
    t.clock.now = now;
    const { sub, card, auth } = await subscribed({ expiresAt: new Date(now.getTime() + 3_600_000) });
    t.host.decliningTokens.add(card.token!);
    await renewDue(deps(), now);
    expect((await reload(sub.id)).status).toBe('grace');
    t.host.decliningTokens.delete(card.token!);
    const extend = (key: string) => t.app.inject({ method: 'POST', url: `/api/v1/billing/subscriptions/${sub.id}/extend`, headers: { ...auth, 'idempotency-key': key } });
    const [a, b] = await Promise.all([extend('ext-1'), extend('ext-1')]);
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.json()).toMatchObject({ kind: 'extend', status: 'succeeded', amount: 499 });
    const row = await reload(sub.id);
    expect(row).toMatchObject({ status: 'active', renewals: 1, failedAttempts: 0, billingExpiresAt: null });
    expect(row.expiresAt.toISOString()).toBe(new Date(now.getTime() + 3_600_000 + 30 * DAY).toISOString());
    // a later renewal run does not charge the same period again
    const charges = t.host.charges();
    await renewDue(deps(), new Date(now.getTime() + DAY));
    expect(t.host.charges()).toBe(charges);
  });

  it('409 outside the billing window, 404 for another account\'s subscription, 400 without a key', async () => {
    const now = new Date('2033-01-01T00:00:00Z');
    t.clock.now = now;
    const { sub, auth } = await subscribed({ expiresAt: new Date(now.getTime() + 20 * DAY) });
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/billing/subscriptions/${sub.id}/extend`, headers: { ...auth, 'idempotency-key': 'x' } });
    expect([res.statusCode, res.json().code]).toEqual([409, ErrorCode.SubscriptionNotExtendable]);
    const other = await registered(t);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/billing/subscriptions/${sub.id}/extend`, headers: { ...other.auth, 'idempotency-key': 'y' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/billing/subscriptions/${sub.id}/extend`, headers: auth })).statusCode).toBe(400);
  });
});
