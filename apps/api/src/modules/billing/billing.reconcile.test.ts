// Money is never lost nor applied twice (docs/decisions/032-payment-reconciliation.md): notifications checked
// against their order's amount and currency, refunds taking back what they refund, reconciliation applying what the
// notifications missed exactly once, and a hung provider leaving a processing order rather than a false failure.
import { ApiPath, ErrorCode, OrderSchema } from '@ekran/contracts';
import { orders, paymentMethods, paymentNotifications, payments, queryRows, subscriptions } from '@ekran/db';
import { and, count, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOBS_SCHEMA, type JobsLogger } from '../../jobs/jobs.ts';
import { createReconciler } from './billing.reconcile.ts';
import { renewDue } from './billing.renewal.ts';
import { createPaymentsService } from './billing-payments.service.ts';
import { createBillingTestApp, deliver, paymentNotification, registered, type BillingTestApp } from './billing.test-helpers.ts';

let t: BillingTestApp;
let monthly: { id: string };
const DAY = 86_400_000;

beforeAll(async () => {
  // A short timeout stands in for the 15 s one, so a hung host is a test of milliseconds.
  t = await createBillingTestApp({ timeoutMs: 150 });
  monthly = await t.make.tariff({ alias: 'monthly', title: 'Подписка на месяц', price: 1190, durationDays: 30, allowTrial: false });
});
afterAll(() => t.close());
afterEach(() => {
  t.host.setHangCharges(false);
  vi.restoreAllMocks();
});

/** A logger that keeps what it is told (the reconciler's). */
function capture() {
  const lines: { level: string; obj: Record<string, unknown>; msg?: string }[] = [];
  const log: JobsLogger = {
    info: (obj, msg) => void lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
    warn: (obj, msg) => void lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
    error: (obj, msg) => void lines.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
  };
  return { lines, log };
}

function reconciler(log = capture().log) {
  return createReconciler({ ...t.app.deps, log }, createPaymentsService(t.app.deps, t.app.services));
}

/** A pending 1 190 ₽ purchase of a new account, opened on the host (as the payment link leaves it). */
async function pendingPurchase(values: Partial<typeof orders.$inferInsert> = {}) {
  const { user, auth } = await registered(t);
  const [order] = await t.db
    .insert(orders)
    .values({ userId: user.id, kind: 'purchase', tariffId: monthly.id, amount: 1190, checkoutId: `co_${randomUUID()}`, idempotencyKey: `k-${randomUUID()}`, requestHash: 'h', createdAt: t.clock.now, updatedAt: t.clock.now, ...values })
    .returning();
  return { user, auth, order: order! };
}

const subsOf = (userId: string) => t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
const ledgerOf = (orderId: string) => t.db.select().from(payments).where(eq(payments.orderId, orderId));
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('a notification is checked against its order', () => {
  it.each([
    ['amount', { Amount: 1.0 }, 'amount_mismatch', { amount: 1, currency: 'RUB' }],
    ['currency', { Currency: 'KZT' }, 'currency_mismatch', { amount: 1190, currency: 'KZT' }],
  ] as const)('a signed Completed payment with another %s is refused (422), recorded, alerted, and activates nothing', async (_what, change, reason, got) => {
    const { user, auth, order } = await pendingPurchase();
    const errors = vi.spyOn(t.app.log, 'error');
    const n = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, Amount: 1190, ...change });
    const res = await deliver(t, n);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(ErrorCode.InvalidNotification);
    expect(await subsOf(user.id)).toEqual([]);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await ledgerOf(order.id)).toMatchObject([{ kind: 'refused', status: 'refused', providerTxnId: n.TransactionId, reason, amount: got.amount, currency: got.currency }]);
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ order: order.id, reason, expected: { amount: 1190, currency: 'RUB' }, got }), expect.stringMatching(/does not match/));
    // Not remembered as seen: the provider's retry is refused again (never acknowledged as applied), one record kept.
    const retry = await deliver(t, n);
    expect(retry.statusCode).toBe(422);
    expect(await ledgerOf(order.id)).toHaveLength(1);
    expect((await t.db.select({ n: count() }).from(paymentNotifications).where(eq(paymentNotifications.notificationId, n.NotificationId)))[0]!.n).toBe(0);
    // The refusal is not the account's money: the history does not show it.
    expect((await t.app.inject({ url: ApiPath.paymentHistory, headers: auth })).json().data.items).toEqual([]);
    // The true word about the same transaction still applies.
    expect((await deliver(t, { ...n, NotificationId: randomUUID(), Amount: 1190, Currency: 'RUB' })).json()).toEqual({ code: 0 });
    expect((await subsOf(user.id)).map((s) => s.status)).toEqual(['active']);
  });

  it('a refund larger than the order, or in another currency, is refused and takes nothing back', async () => {
    const { user, order } = await pendingPurchase();
    const pay = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, Amount: 1190 });
    await deliver(t, pay);
    for (const change of [{ Amount: 5000 }, { Amount: 1190, Currency: 'USD' }]) {
      const refund = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, OperationType: 'Refund', RefundOf: pay.TransactionId, Token: null, ...change });
      expect((await deliver(t, refund)).statusCode).toBe(422);
    }
    expect((await subsOf(user.id)).map((s) => s.status)).toEqual(['active']);
  });
});

describe('a refund takes back what it refunds', () => {
  it('a full refund ends the subscription now and its renewals', async () => {
    const { user, order } = await pendingPurchase();
    const pay = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, Amount: 1190 });
    await deliver(t, pay);
    expect((await subsOf(user.id)).map((s) => s.status)).toEqual(['active']);
    const refund = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, OperationType: 'Refund', RefundOf: pay.TransactionId, Amount: 1190, Token: null });
    expect((await deliver(t, refund)).json()).toEqual({ code: 0 });
    const [sub] = await subsOf(user.id);
    expect(sub).toMatchObject({ status: 'expired', isRecurrent: false });
    expect(sub!.expiresAt.getTime()).toBe(t.clock.now.getTime());
    const me = await t.app.inject({ url: `/api/v1/billing/orders/${order.id}`, headers: (await t.make.session({ userId: user.id })).auth });
    expect(me.json().status).toBe('succeeded');
  });

  it('a partial refund shortens the subscription by the refunded share of its period', async () => {
    const { user, order } = await pendingPurchase();
    const pay = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, Amount: 1190 });
    await deliver(t, pay);
    const before = (await subsOf(user.id))[0]!.expiresAt.getTime();
    await deliver(t, paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, OperationType: 'Refund', RefundOf: pay.TransactionId, Amount: 595, Token: null }));
    const [sub] = await subsOf(user.id);
    expect(sub!.status).toBe('active');
    expect(before - sub!.expiresAt.getTime()).toBe(15 * DAY);
  });

  it('a refund that comes before its charge takes the period back when the charge is applied', async () => {
    const { user, order } = await pendingPurchase();
    const pay = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, Amount: 1190 });
    await deliver(t, paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, OperationType: 'Refund', RefundOf: pay.TransactionId, Amount: 1190, Token: null }));
    await deliver(t, pay);
    expect((await subsOf(user.id)).map((s) => s.status)).toEqual(['expired']);
  });
});

describe('reconciliation with the provider\'s record', () => {
  it('applies a payment whose notification never came, exactly once, also when the late notification arrives afterwards', async () => {
    const { user, order } = await pendingPurchase();
    // The host holds a succeeded 1 190 ₽ payment; every notification of it was lost.
    const paid = t.host.record(order.id, { transaction_id: `tx_${randomUUID().slice(0, 8)}`, amount: 1190, token: `tok_${randomUUID()}`, card: { first6: '424242', last4: '4242', exp: '12/30', brand: 'Visa' } });
    const { lines, log } = capture();
    const first = await reconciler(log)(t.clock.now);
    expect(first).toMatchObject({ applied: 1, refused: 0 });
    expect(lines.some((l) => l.level === 'warn' && l.obj.order === order.id)).toBe(true);
    expect((await orderRow(order.id)).status).toBe('succeeded');
    expect((await subsOf(user.id)).map((s) => s.status)).toEqual(['active']);
    // The card it paid with is saved for renewals, as the notification would have.
    expect(await t.db.select({ last4: paymentMethods.cardLast4 }).from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toEqual([{ last4: '4242' }]);

    const again = await reconciler()(t.clock.now);
    expect(again.applied).toBe(0);
    const late = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, TransactionId: paid.transaction_id, Amount: 1190 });
    expect((await deliver(t, late)).json()).toEqual({ code: 0 });
    expect(await ledgerOf(order.id)).toHaveLength(1);
    expect(await subsOf(user.id)).toHaveLength(1);
    expect(t.host.refunds()).toEqual([]);
  });

  it('a notification first, then reconciliation: nothing applied twice', async () => {
    const { user, order } = await pendingPurchase();
    const paid = t.host.record(order.id, { transaction_id: `tx_${randomUUID().slice(0, 8)}`, amount: 1190 });
    await deliver(t, paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, TransactionId: paid.transaction_id, Amount: 1190 }));
    const expires = (await subsOf(user.id))[0]!.expiresAt.getTime();
    expect((await reconciler()(t.clock.now)).applied).toBe(0);
    expect(await ledgerOf(order.id)).toHaveLength(1);
    expect((await subsOf(user.id))[0]!.expiresAt.getTime()).toBe(expires);
  });

  it('a payment and its refund both missed: the order is paid and the subscription ended', async () => {
    const { user, order } = await pendingPurchase();
    const paid = t.host.record(order.id, { transaction_id: `tx_${randomUUID().slice(0, 8)}`, amount: 1190 });
    t.host.record(order.id, { transaction_id: `rf_${randomUUID().slice(0, 8)}`, kind: 'refund', amount: 1190, refund_of: paid.transaction_id });
    expect((await reconciler()(t.clock.now)).applied).toBe(2);
    expect((await subsOf(user.id)).map((s) => s.status)).toEqual(['expired']);
  });

  it('refuses the provider\'s transaction of another amount, alerts, and activates nothing', async () => {
    const { user, order } = await pendingPurchase();
    t.host.record(order.id, { transaction_id: `tx_${randomUUID().slice(0, 8)}`, amount: 1 });
    const { lines, log } = capture();
    expect(await reconciler(log)(t.clock.now)).toMatchObject({ applied: 0, refused: 1 });
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', obj: expect.objectContaining({ order: order.id, expected: { amount: 1190, currency: 'RUB' }, got: { amount: 1, currency: 'RUB' } }) }));
    expect(await subsOf(user.id)).toEqual([]);
    expect((await orderRow(order.id)).status).toBe('pending');
  });

  it('leaves alone orders older than the window and orders with nothing at the provider', async () => {
    const { order: old } = await pendingPurchase({ createdAt: new Date(t.clock.now.getTime() - 4 * DAY) });
    t.host.record(old.id, { transaction_id: `tx_${randomUUID().slice(0, 8)}`, amount: 1190 });
    const { order: unpaid } = await pendingPurchase();
    await reconciler()(t.clock.now);
    expect((await orderRow(old.id)).status).toBe('pending');
    expect((await orderRow(unpaid.id)).status).toBe('pending');
  });
});

describe('the reconciliation job', () => {
  it('is scheduled on RECONCILE_CRON and runs once when the queue starts', async () => {
    const withJobs = await createBillingTestApp({
      env: { JOBS_ENABLED: 'true', RECONCILE_CRON: '7 3 * * *', RENEWALS_CRON: '0 0 1 1 *', EXPIRY_CRON: '0 0 1 1 *', TV_IMPORT_CRON: '0 0 1 1 *' },
      jobsTiming: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, stopTimeoutMs: 5000 },
    });
    try {
      const schedules = await queryRows<{ cron: string }>(withJobs.db, sql.raw(`select cron from ${JOBS_SCHEMA}.schedule where name = 'billing.reconcile'`));
      expect(schedules).toEqual([{ cron: '7 3 * * *' }]);
      const deadline = Date.now() + 30_000;
      let states: { state: string }[] = [];
      while (Date.now() < deadline) {
        states = await queryRows<{ state: string }>(withJobs.db, sql.raw(`select state from ${JOBS_SCHEMA}.job where name = 'billing.reconcile'`));
        if (states.some((s) => s.state === 'completed')) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(states).toContainEqual({ state: 'completed' });
    } finally {
      await withJobs.close();
    }
  }, 90_000);
});

describe('a hung provider', () => {
  /** An account whose saved card the one-click buy charges. */
  async function withCard() {
    const { user, auth } = await registered(t);
    const [card] = await t.db.insert(paymentMethods).values({ userId: user.id, provider: 'sandbox', type: 'card', cardLast4: '4242', token: `tok_${user.id}` }).returning();
    return { user, auth, card: card! };
  }
  const buy = (auth: Record<string, string>, key: string, body: object) => t.app.inject({ method: 'POST', url: '/api/v1/billing/buy', headers: { ...auth, 'idempotency-key': key }, payload: body });

  it('leaves the order processing (never failed); a retry under a new key answers it and charges nothing more; the provider\'s word settles it', async () => {
    const { user, auth, card } = await withCard();
    t.host.setHangCharges(true);
    const first = await buy(auth, 'hung-1', { tariff_id: monthly.id, payment_method_id: card.id });
    expect(first.statusCode).toBe(200);
    const order = OrderSchema.parse(first.json());
    expect(order).toMatchObject({ status: 'processing', failure_reason: null, payment_url: null });
    expect(t.host.charges()).toBe(1);

    // The viewer retries (the site offered it): the same processing order, no second charge.
    const retry = await buy(auth, 'hung-2', { tariff_id: monthly.id, payment_method_id: card.id });
    expect(retry.json()).toMatchObject({ _id: order._id, status: 'processing' });
    expect(t.host.charges()).toBe(1);
    // The same key again answers the same order.
    expect((await buy(auth, 'hung-1', { tariff_id: monthly.id, payment_method_id: card.id })).json()).toMatchObject({ _id: order._id, status: 'processing' });

    // The charge went through at the host; reconciliation (or its late notification) settles the order.
    t.host.setHangCharges(false);
    expect((await reconciler()(t.clock.now)).applied).toBe(1);
    const settled = await t.app.inject({ url: `/api/v1/billing/orders/${order._id}`, headers: auth });
    expect(settled.json()).toMatchObject({ status: 'succeeded' });
    expect((await subsOf(user.id)).map((s) => s.status)).toEqual(['active']);
    expect(await t.db.select().from(payments).where(and(eq(payments.userId, user.id), eq(payments.kind, 'refund')))).toEqual([]);
  });

  it('a renewal the host did not answer waits as processing: no grace, no second charge by the next run; reconciliation renews it once', async () => {
    const { user } = await withCard();
    const [card] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    const [sub] = await t.db
      .insert(subscriptions)
      .values({ userId: user.id, tariffId: monthly.id, status: 'active', startedAt: t.clock.now, expiresAt: new Date(t.clock.now.getTime() + 12 * 3_600_000), paymentMethodId: card!.id, isRecurrent: true })
      .returning();
    t.host.setHangCharges(true);
    const charges = t.host.charges();
    await renewDue(t.app.deps, t.clock.now);
    expect(t.host.charges()).toBe(charges + 1);
    const [order] = await t.db.select().from(orders).where(eq(orders.subscriptionId, sub!.id));
    expect(order).toMatchObject({ kind: 'renewal', status: 'processing' });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id))).toMatchObject([{ status: 'active', failedAttempts: 0, billingExpiresAt: null }]);
    t.host.setHangCharges(false);
    await renewDue(t.app.deps, t.clock.now);
    expect(t.host.charges()).toBe(charges + 1);
    expect((await reconciler()(t.clock.now)).applied).toBeGreaterThanOrEqual(1);
    const [renewed] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(renewed).toMatchObject({ status: 'active', renewals: 1 });
    expect(renewed!.expiresAt.getTime()).toBe(sub!.expiresAt.getTime() + 30 * DAY);
  });

  it('a processing charge the provider never recorded fails once the settle time has passed', async () => {
    const { user, auth } = await withCard();
    const [order] = await t.db
      .insert(orders)
      .values({ userId: user.id, kind: 'purchase', tariffId: monthly.id, amount: 1190, status: 'processing', idempotencyKey: `k-${randomUUID()}`, requestHash: 'h', createdAt: t.clock.now, updatedAt: t.clock.now })
      .returning();
    await reconciler()(t.clock.now);
    expect((await orderRow(order!.id)).status).toBe('processing');
    expect((await reconciler()(new Date(t.clock.now.getTime() + 16 * 60_000))).failed).toBe(1);
    const res = await t.app.inject({ url: `/api/v1/billing/orders/${order!.id}`, headers: auth });
    expect(res.json()).toMatchObject({ status: 'failed', failure_reason: 'provider_unavailable' });
  });
});
