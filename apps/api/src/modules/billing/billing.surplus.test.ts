// A second successful payment for what was already paid (two hosted pages paid, a renewal and an
// extension of one period, two one-click purchases at once) is refunded through the provider, once, and the
// refund is one ledger row, whatever duplicates and reorderings of the notifications follow.
import { orders, paymentMethods, payments, subscriptions } from '@ekran/db';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewDue } from './billing.renewal.ts';
import { refundSurplus, surplusRefundKey } from './billing.surplus.ts';
import { createBillingTestApp, deliver, paymentNotification, registered, type BillingTestApp } from './billing.test-helpers.ts';
import { ProviderError } from './providers/types.ts';

let t: BillingTestApp;
let monthly: { id: string };
let trialTariff: { id: string };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createBillingTestApp();
  monthly = await t.make.tariff({ alias: 'monthly', title: 'Подписка на месяц', price: 499, durationDays: 30, allowTrial: false });
  trialTariff = await t.make.tariff({ alias: 'with-trial', title: 'С пробным периодом', price: 499, durationDays: 30, allowTrial: true, trialDays: 7 });
});
afterAll(() => t.close());

async function pendingOrder(userId: string, o: Partial<typeof orders.$inferInsert> = {}) {
  const [order] = await t.db
    .insert(orders)
    .values({ userId, kind: 'purchase', tariffId: monthly.id, amount: 499, idempotencyKey: `k-${randomUUID()}`, requestHash: 'h', ...o })
    .returning();
  return order!;
}
const ledgerOf = (userId: string) => t.db.select().from(payments).where(eq(payments.userId, userId));
const subsOf = (userId: string) => t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
/** The refunds the host was asked for about this transaction (one per Idempotency-Key). */
const refundsAt = (transactionId: string) => t.host.refunds().filter((b) => b.transaction_id === transactionId);

describe('a second successful payment of one order (two hosted pages paid)', () => {
  it('is refunded once through the provider and recorded once; its duplicates and the host\'s Refund notification change nothing', async () => {
    const { user } = await registered(t);
    const order = await pendingOrder(user.id);
    const first = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id });
    const second = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, Token: first.Token });
    expect((await deliver(t, first)).json()).toEqual({ code: 0 });
    const [sub] = await subsOf(user.id);
    expect((await deliver(t, second)).json()).toEqual({ code: 0 });

    expect(refundsAt(second.TransactionId)).toEqual([{ transaction_id: second.TransactionId, amount: 499 }]);
    expect(refundsAt(first.TransactionId)).toEqual([]);
    expect(t.host.calls.find((c) => c.path === '/api/refunds' && c.body.transaction_id === second.TransactionId)!.key).toBe(surplusRefundKey('sandbox', second.TransactionId));
    let ledger = await ledgerOf(user.id);
    const refund = ledger.find((p) => p.kind === 'refund')!;
    expect(refund).toMatchObject({ status: 'succeeded', amount: 499, refundOf: second.TransactionId, description: 'Возврат повторной оплаты', orderId: order.id });
    expect(ledger.find((p) => p.providerTxnId === second.TransactionId)).toMatchObject({ kind: 'charge', surplusRefund: 'refunded' });
    expect(ledger.find((p) => p.providerTxnId === first.TransactionId)).toMatchObject({ kind: 'charge', surplusRefund: null });
    // The subscription was bought once: one period.
    expect(await subsOf(user.id)).toEqual([sub]);

    // The host repeats the second payment's notification, and reports it again under another id; then it reports
    // the refund it made.
    t.clock.now = new Date(t.clock.now.getTime() + 1000);
    expect((await deliver(t, { ...second, SentAt: Math.floor(t.clock.now.getTime() / 1000) })).statusCode).toBe(200);
    expect((await deliver(t, { ...second, NotificationId: randomUUID() })).statusCode).toBe(200);
    const hostRefund = paymentNotification(t, {
      InvoiceId: order.id, AccountId: user.id, OperationType: 'Refund', TransactionId: refund.providerTxnId, RefundOf: second.TransactionId, Token: null, CardLastFour: null,
    });
    expect((await deliver(t, hostRefund)).statusCode).toBe(200);
    expect(refundsAt(second.TransactionId)).toHaveLength(1);
    ledger = await ledgerOf(user.id);
    expect(ledger.map((p) => p.kind).sort()).toEqual(['charge', 'charge', 'refund']);
    expect(await subsOf(user.id)).toEqual([sub]);
    // The history shows both charges and the refund.
    const { auth } = await t.make.session({ userId: user.id });
    const history = (await t.app.inject({ url: '/api/v1/account/payment_history', headers: auth })).json().data.items as { kind: string; description: string }[];
    expect(history.map((i) => i.kind).sort()).toEqual(['charge', 'charge', 'refund']);
    expect(history.find((i) => i.kind === 'refund')!.description).toBe('Возврат повторной оплаты');
  });

  it('the host\'s Refund notification first (the refund was made, its answer lost): the payment is marked refunded and not refunded again', async () => {
    const { user } = await registered(t);
    const order = await pendingOrder(user.id);
    const first = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id });
    const second = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id });
    await deliver(t, first);
    await deliver(t, paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, OperationType: 'Refund', RefundOf: second.TransactionId, Token: null, CardLastFour: null }));
    await deliver(t, second);
    expect(refundsAt(second.TransactionId)).toEqual([]);
    expect((await ledgerOf(user.id)).find((p) => p.providerTxnId === second.TransactionId)).toMatchObject({ surplusRefund: 'refunded' });
  });

  it('a trial\'s card check paid twice is not refunded again here (its check is refunded anyway)', async () => {
    const { user } = await registered(t);
    const order = await pendingOrder(user.id, { kind: 'trial', tariffId: trialTariff.id, amount: 1 });
    const a = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, Amount: 1 });
    const b = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id, Amount: 1 });
    await deliver(t, a);
    await deliver(t, b);
    expect([...refundsAt(a.TransactionId), ...refundsAt(b.TransactionId)]).toEqual([]);
    expect((await ledgerOf(user.id)).every((p) => p.surplusRefund === null)).toBe(true);
  });
});

describe('two orders paid for one subscription', () => {
  it('two purchase pages paid: the first starts the subscription, the second is refunded and adds no days', async () => {
    const { user } = await registered(t);
    const a = await pendingOrder(user.id);
    const b = await pendingOrder(user.id);
    const payA = paymentNotification(t, { InvoiceId: a.id, AccountId: user.id });
    const payB = paymentNotification(t, { InvoiceId: b.id, AccountId: user.id });
    await deliver(t, payA);
    await deliver(t, payB);
    const [sub] = await subsOf(user.id);
    expect(sub!.expiresAt.toISOString()).toBe(new Date(t.clock.now.getTime() + 30 * DAY).toISOString());
    expect(refundsAt(payB.TransactionId)).toEqual([{ transaction_id: payB.TransactionId, amount: 499 }]);
    expect(refundsAt(payA.TransactionId)).toEqual([]);
    // The second order was paid (and refunded): the result page says so, it did not fail.
    expect((await t.db.select().from(orders).where(eq(orders.id, b.id)))[0]).toMatchObject({ status: 'succeeded', subscriptionId: null });
  });

  it('a renewal and an extension of the same period both paid: the subscription moves once, the later charge is refunded', async () => {
    const { user } = await registered(t);
    const [sub] = await t.db.insert(subscriptions).values({ userId: user.id, tariffId: monthly.id, status: 'grace', expiresAt: t.clock.now, renewals: 0 }).returning();
    const renewal = await pendingOrder(user.id, { kind: 'renewal', subscriptionId: sub!.id, period: 1 });
    const extend = await pendingOrder(user.id, { kind: 'extend', subscriptionId: sub!.id, period: 1 });
    const payRenewal = paymentNotification(t, { InvoiceId: renewal.id, AccountId: user.id, Token: null });
    const payExtend = paymentNotification(t, { InvoiceId: extend.id, AccountId: user.id, Token: null });
    await deliver(t, payExtend);
    await deliver(t, payRenewal);
    const [after] = await subsOf(user.id);
    expect(after).toMatchObject({ renewals: 1, status: 'active' });
    expect(after!.expiresAt.toISOString()).toBe(new Date(sub!.expiresAt.getTime() + 30 * DAY).toISOString());
    expect(refundsAt(payRenewal.TransactionId)).toHaveLength(1);
    expect(refundsAt(payExtend.TransactionId)).toEqual([]);
  });

  it('two one-click purchases at once with different keys: whatever got through, one period is kept and every extra charge is refunded', async () => {
    const { user, auth } = await registered(t);
    const [card] = await t.db.insert(paymentMethods).values({ userId: user.id, provider: 'sandbox', type: 'card', cardLast4: '4242', token: `tok_${user.id}` }).returning();
    t.host.setLatency(30);
    try {
      const buy = (key: string) =>
        t.app.inject({ method: 'POST', url: '/api/v1/billing/buy', headers: { ...auth, 'idempotency-key': key }, payload: { tariff_id: monthly.id, payment_method_id: card!.id } });
      await Promise.all([buy('one'), buy('two'), buy('three')]);
    } finally {
      t.host.setLatency(0);
    }
    const ledger = await ledgerOf(user.id);
    const charges = ledger.filter((p) => p.kind === 'charge' && p.status === 'succeeded');
    const refunds = ledger.filter((p) => p.kind === 'refund');
    expect(charges.length).toBeGreaterThanOrEqual(1);
    expect(refunds).toHaveLength(charges.length - 1);
    expect(new Set(refunds.map((r) => r.refundOf)).size).toBe(refunds.length);
    const [sub, ...more] = await subsOf(user.id);
    expect(more).toEqual([]);
    expect(sub!.expiresAt.toISOString()).toBe(new Date(t.clock.now.getTime() + 30 * DAY).toISOString());
  });
});

describe('a refund the provider could not make at once', () => {
  it('stays owed; a repeat of the payment\'s notification retries it, once', async () => {
    const { user } = await registered(t);
    const order = await pendingOrder(user.id);
    const first = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id });
    const second = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id });
    await deliver(t, first);
    t.host.failNextCalls(1);
    expect((await deliver(t, second)).json()).toEqual({ code: 0 });
    expect((await ledgerOf(user.id)).find((p) => p.providerTxnId === second.TransactionId)).toMatchObject({ surplusRefund: 'pending' });
    expect((await ledgerOf(user.id)).filter((p) => p.kind === 'refund')).toEqual([]);
    await deliver(t, second);
    await deliver(t, second);
    expect((await ledgerOf(user.id)).find((p) => p.providerTxnId === second.TransactionId)).toMatchObject({ surplusRefund: 'refunded' });
    expect((await ledgerOf(user.id)).filter((p) => p.kind === 'refund')).toHaveLength(1);
    // The failed attempt and the retry used one key: one refund at the host.
    expect(refundsAt(second.TransactionId)).toHaveLength(1);
  });

  it('stays owed; the next renewal run refunds it', async () => {
    const { user } = await registered(t);
    const order = await pendingOrder(user.id);
    await deliver(t, paymentNotification(t, { InvoiceId: order.id, AccountId: user.id }));
    const second = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id });
    t.host.failNextCalls(1);
    await deliver(t, second);
    const report = await renewDue(t.app.deps, t.clock.now);
    expect(report.refunded).toBeGreaterThanOrEqual(1);
    expect((await ledgerOf(user.id)).filter((p) => p.kind === 'refund')).toMatchObject([{ refundOf: second.TransactionId, amount: 499 }]);
    expect((await renewDue(t.app.deps, t.clock.now)).refunded).toBe(0);
  });

  it('refused by the provider (4xx): marked failed for a person, not asked again; nothing is owed for an ordinary charge', async () => {
    const { user } = await registered(t);
    const order = await pendingOrder(user.id);
    const first = paymentNotification(t, { InvoiceId: order.id, AccountId: user.id });
    await deliver(t, first);
    // As if the host had already refunded it all: an unknown transaction to it is a 400.
    await t.db.insert(payments).values({ orderId: order.id, userId: user.id, provider: 'sandbox', providerTxnId: 'tx_refused', kind: 'charge', status: 'succeeded', amount: 499, occurredAt: t.clock.now, surplusRefund: 'pending' });
    const refusing = { ...t.app.deps.payments.active, refund: () => Promise.reject(new ProviderError('sandbox', '/api/refunds answered 400', 400)) };
    expect(await refundSurplus(t.db, refusing, 'tx_refused', t.clock.now)).toBe('failed');
    expect((await t.db.select().from(payments).where(and(eq(payments.providerTxnId, 'tx_refused'), eq(payments.kind, 'charge'))))[0]!.surplusRefund).toBe('failed');
    expect(await refundSurplus(t.db, t.app.deps.payments.active, 'tx_refused', t.clock.now)).toBe('none');
    expect(await refundSurplus(t.db, t.app.deps.payments.active, first.TransactionId, t.clock.now)).toBe('none');
  });
});
