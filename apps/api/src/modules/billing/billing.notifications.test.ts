// Provider notifications (protocol: signature, replay window, SentAt; duplicates, reordering) and
// the ledger's exactly-once guarantee under duplicates, shuffling, refunds first and crashes mid-apply.
import { ErrorCode } from '@ekran/contracts';
import { orders, paymentMethods, paymentNotifications, payments, subscriptions } from '@ekran/db';
import { and, count, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTestHooks } from './billing.ledger.ts';
import { createBillingTestApp, deliver, paymentNotification, registered, SECRET, type BillingTestApp } from './billing.test-helpers.ts';
import { contentHmac } from './providers/hmac.ts';

let t: BillingTestApp;
let monthly: { id: string };

beforeAll(async () => {
  t = await createBillingTestApp();
  monthly = await t.make.tariff({ alias: 'monthly', title: 'Подписка на месяц', price: 499, durationDays: 30, allowTrial: false });
});
afterAll(() => t.close());
afterEach(() => {
  ledgerTestHooks.afterLedgerInsert = null;
});

const DAY = 86_400_000;
const counts = async () => ({
  notifications: (await t.db.select({ n: count() }).from(paymentNotifications))[0]!.n,
  payments: (await t.db.select({ n: count() }).from(payments))[0]!.n,
  orders: (await t.db.select().from(orders)).map((o) => `${o.id}:${o.status}`).sort().join(','),
  subscriptions: (await t.db.select().from(subscriptions)).map((s) => `${s.id}:${s.status}:${s.expiresAt.toISOString()}`).sort().join(','),
  methods: (await t.db.select({ n: count() }).from(paymentMethods))[0]!.n,
});

/** A pending purchase order of a new account. */
async function pendingPurchase() {
  const { user, auth } = await registered(t);
  const [order] = await t.db.insert(orders).values({ userId: user.id, kind: 'purchase', tariffId: monthly.id, amount: 499, idempotencyKey: `k-${randomUUID()}`, requestHash: 'h' }).returning();
  return { user, auth, order: order! };
}

describe('POST /api/v1/billing/notifications/:provider — verification', () => {
  it('a valid Payment activates the order once; the same NotificationId again answers {code:0} and changes nothing', async () => {
    const { user, order } = await pendingPurchase();
    const n = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id });
    const first = await deliver(t, n);
    expect([first.statusCode, first.json()]).toEqual([200, { code: 0 }]);
    const after = await counts();
    // a retry re-signs with a new SentAt, same NotificationId
    t.clock.now = new Date(t.clock.now.getTime() + 2000);
    const retry = await deliver(t, { ...n, SentAt: Math.floor(t.clock.now.getTime() / 1000) });
    expect([retry.statusCode, retry.json()]).toEqual([200, { code: 0 }]);
    expect(await counts()).toEqual(after);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(sub!.expiresAt.getTime() - t.clock.now.getTime()).toBeGreaterThan(29 * DAY);
  });

  it('tampered body, wrong key, stale timestamp, SentAt mismatch, replay after the window, missing signature: 401 each, nothing changed', async () => {
    const { user, order } = await pendingPurchase();
    const n = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id });
    const before = await counts();
    const now = Math.floor(t.clock.now.getTime() / 1000);
    const signed = JSON.stringify(n);
    const cases = [
      // tampered: signed one amount, delivered another
      () => t.app.inject({
        method: 'POST', url: '/api/v1/billing/notifications/sandbox',
        headers: { 'content-type': 'application/json', 'content-hmac': contentHmac(SECRET, signed), 'x-notification-timestamp': String(now) },
        payload: signed.replace('"Amount":499', '"Amount":1'),
      }),
      () => deliver(t, n, { secret: 'another-secret-entirely' }),
      () => deliver(t, { ...n, SentAt: now - 301 }),
      () => deliver(t, { ...n, SentAt: now + 301 }),
      () => deliver(t, n, { timestamp: now - 1 }),
      () => t.app.inject({ method: 'POST', url: '/api/v1/billing/notifications/sandbox', headers: { 'content-type': 'application/json', 'x-notification-timestamp': String(now) }, payload: signed }),
      () => deliver(t, 'not json at all'),
    ];
    for (const make of cases) {
      const res = await make();
      expect([res.statusCode, res.json().code]).toEqual([401, ErrorCode.InvalidNotification]);
    }
    // An old notification (signed earlier, valid then) replayed after the window, even with a fresh header.
    t.clock.now = new Date(t.clock.now.getTime() + 10 * 60_000);
    expect((await deliver(t, n)).statusCode).toBe(401);
    expect((await deliver(t, n, { timestamp: Math.floor(t.clock.now.getTime() / 1000) })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe('pending');
  });

  it('a notification of an order that is not ours is acknowledged and changes nothing but its record', async () => {
    const before = await counts();
    const res = await deliver(t, paymentNotification(t, { InvoiceId: '00000000-0000-4000-8000-000000000000', AccountId: 'someone' }));
    expect([res.statusCode, res.json()]).toEqual([200, { code: 0 }]);
    expect(await counts()).toEqual({ ...before, notifications: before.notifications + 1 });
  });

  it('an unknown provider is 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/billing/notifications/paypal', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.statusCode).toBe(404);
  });

  it('a Payment twice with different NotificationIds is applied once (ledger: provider + transaction + kind)', async () => {
    const { user, order } = await pendingPurchase();
    const n = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id });
    await deliver(t, n);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    await deliver(t, { ...n, NotificationId: randomUUID() });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([sub]);
    expect((await t.db.select().from(payments).where(eq(payments.orderId, order.id))).length).toBe(1);
  });

  it('a Declined Payment fails the order with its reason; a Refund is a ledger row of its own and leaves the order as it was', async () => {
    const { user, order } = await pendingPurchase();
    await deliver(t, paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, Status: 'Declined', Reason: 'expired_card', Token: null }));
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'failed', failureReason: 'expired_card' });
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toEqual([]);

    const paid = await pendingPurchase();
    const charge = paymentNotification(t, { InvoiceId: paid.order.id, AccountId: paid.user.id });
    const refund = paymentNotification(t, { InvoiceId: paid.order.id, AccountId: paid.user.id, OperationType: 'Refund', RefundOf: charge.TransactionId, Token: null });
    // the refund arrives first: stored and counted
    expect((await deliver(t, refund)).statusCode).toBe(200);
    expect((await deliver(t, charge)).statusCode).toBe(200);
    const ledger = await t.db.select().from(payments).where(eq(payments.orderId, paid.order.id));
    expect(ledger.map((p) => p.kind).sort()).toEqual(['charge', 'refund']);
    expect((await t.db.select().from(orders).where(eq(orders.id, paid.order.id)))[0]!.status).toBe('succeeded');
    const history = await t.app.inject({ url: '/api/v1/account/payment_history', headers: paid.auth });
    expect(history.json().data.items.map((i: { kind: string; card_number: string | null }) => [i.kind, i.card_number]).sort()).toEqual([['charge', '4242'], ['refund', null]]);
    // a refund after its charge shows the charge's card
    const later = await pendingPurchase();
    const charge2 = paymentNotification(t, { InvoiceId: later.order.id, AccountId: later.user.id, CardLastFour: '1111' });
    await deliver(t, charge2);
    await deliver(t, paymentNotification(t, { InvoiceId: later.order.id, AccountId: later.user.id, OperationType: 'Refund', RefundOf: charge2.TransactionId, Token: null, CardLastFour: null }));
    const cards = (await t.app.inject({ url: '/api/v1/account/payment_history', headers: later.auth })).json().data.items.map((i: { kind: string; card_number: string | null }) => [i.kind, i.card_number]);
    expect(cards.sort()).toEqual([['charge', '1111'], ['refund', '1111']]);
  });
});

describe('reliability', () => {
  it('1,000 notifications for 200 orders: duplicates, shuffled, refunds first, crashes mid-apply → one ledger row per transaction and kind, each subscription extended once and shortened once by its partial refund', async () => {
    const base = new Date('2026-12-01T00:00:00Z');
    const subs: { id: string; userId: string; orderId: string }[] = [];
    for (let i = 0; i < 200; i++) {
      const user = await t.make.user();
      const [sub] = await t.db.insert(subscriptions).values({ userId: user.id, tariffId: monthly.id, status: 'active', expiresAt: base, renewals: 0 }).returning();
      const [order] = await t.db
        .insert(orders)
        .values({ userId: user.id, kind: 'renewal', tariffId: monthly.id, subscriptionId: sub!.id, period: 1, amount: 499, idempotencyKey: `renewal:${sub!.id}:1:0`, requestHash: 'h' })
        .returning();
      subs.push({ id: sub!.id, userId: user.id, orderId: order!.id });
    }
    const deliveries = subs.flatMap(({ userId, orderId }) => {
      const pay = paymentNotification(t, { InvoiceId: orderId, AccountId: userId, Token: null });
      // A partial refund (100 of 499) shortens the period by its share: applied twice, it would show.
      const refund = paymentNotification(t, { InvoiceId: orderId, AccountId: userId, OperationType: 'Refund', RefundOf: pay.TransactionId, Token: null, Amount: 100 });
      return [
        pay,
        { ...pay }, // the same NotificationId again (a retry)
        { ...pay, NotificationId: randomUUID() }, // the same TransactionId under a new NotificationId
        refund,
        { ...refund, NotificationId: randomUUID() },
      ];
    });
    expect(deliveries.length).toBe(1000);
    // shuffled (seeded, so a failure can be replayed), refunds often before their payments
    let seed = 42;
    const rand = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    // A crash after the ledger insert, inside the transaction, for the first delivery of every 7th transaction.
    const crashOnce = new Set(deliveries.filter((_, i) => i % 7 === 0).map((d) => `${d.TransactionId}:${d.OperationType}`));
    let crashes = 0;
    ledgerTestHooks.afterLedgerInsert = (e) => {
      const k = `${e.transactionId}:${e.operation === 'refund' ? 'Refund' : 'Payment'}`;
      if (crashOnce.delete(k)) {
        crashes++;
        throw new Error('simulated crash mid-apply');
      }
    };
    let pending = deliveries;
    for (let round = 0; pending.length && round < 5; round++) {
      const failed: typeof deliveries = [];
      // 10 at a time, as a host with several workers would deliver them
      for (let i = 0; i < pending.length; i += 10) {
        const batch = pending.slice(i, i + 10);
        const answers = await Promise.all(batch.map((d) => deliver(t, d)));
        answers.forEach((a, k) => {
          if (a.statusCode !== 200) failed.push(batch[k]!);
        });
      }
      pending = failed; // the host redelivers what was not acknowledged
    }
    expect(crashes).toBeGreaterThan(20);
    expect(pending).toEqual([]);

    const ids = subs.map((s) => s.orderId);
    const ledger = (await t.db.select().from(payments)).filter((p) => ids.includes(p.orderId!));
    expect(ledger.filter((p) => p.kind === 'charge').length).toBe(200);
    expect(ledger.filter((p) => p.kind === 'refund').length).toBe(200);
    expect(new Set(ledger.map((p) => `${p.providerTxnId}:${p.kind}`)).size).toBe(400);
    for (const s of subs) {
      const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, s.id));
      expect(row).toMatchObject({ renewals: 1, status: 'active' });
      expect(row!.expiresAt.toISOString()).toBe(new Date(base.getTime() + 30 * DAY - Math.round((100 / 499) * 30 * DAY)).toISOString());
    }
    const succeeded = await t.db.select({ n: count() }).from(orders).where(and(eq(orders.kind, 'renewal'), eq(orders.status, 'succeeded')));
    expect(succeeded[0]!.n).toBe(200);
  }, 240_000);
});

