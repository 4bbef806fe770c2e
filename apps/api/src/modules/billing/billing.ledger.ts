// The one function that turns a provider's word about money into our state, whether the word is a
// signed notification or the synchronous answer of a charge. Everything happens in ONE transaction:
//   1. the notification id is recorded (a duplicate stops here),
//   2. the ledger row is inserted, unique per (provider, transaction, kind) (a second word about the same
//      transaction, under another notification id or as the sync answer, stops here),
//   3. only a new ledger row applies its effect on the order and the subscription, under row locks.
// A crash anywhere rolls all three back, so the provider's redelivery applies it once.
// A successful charge that buys nothing (its order, or the subscription period it pays for, was
// already paid: two hosted pages paid, say) is marked surplus_refund = pending in the same transaction, and the
// caller refunds it through the provider (billing.surplus.ts); the refund is a ledger row like any other.
// Reconciliation (docs/decisions/032-payment-reconciliation.md) applies what the provider's own record holds through
// this same function, so a late notification and a reconciled transaction are one ledger row. A completed event is
// checked against its order's amount and currency before anything is applied: a mismatch is refused, recorded as a
// `refused` ledger row and reported to the caller (onRefused), which logs it. A refund takes back what it refunds.
import { BILLING_WINDOW_DAYS, cardBrand } from '@ekran/core';
import { orders, paymentMethods, paymentNotifications, payments, subscriptions, tariffs, users, type Db } from '@ekran/db';
import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { NormalizedNotification } from './providers/types.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type OrderRow = typeof orders.$inferSelect;

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Subscription statuses that are live while unexpired (identity's ENTITLING_STATUSES). */
const LIVE = ['active', 'trial', 'grace'] as const;

/** A provider's word about one transaction: a notification (with its id) or a charge's synchronous answer (id null). */
export type LedgerEvent = Omit<NormalizedNotification, 'notificationId' | 'accountId'> & { provider: string; notificationId: string | null };

/**
 * What became of an event. surplus: a new successful charge that bought nothing, so it is owed
 * back; the caller refunds it (refundSurplus).
 */
export type LedgerOutcome = 'applied' | 'surplus' | 'duplicate_notification' | 'duplicate_transaction' | 'unknown_order' | 'mismatch';

/** A completed event whose amount or currency is not its order's (refused; the caller alerts). */
export interface LedgerMismatch {
  orderId: string;
  transactionId: string;
  operation: LedgerEvent['operation'];
  reason: 'amount_mismatch' | 'currency_mismatch';
  expected: { amount: number; currency: string };
  got: { amount: number; currency: string };
}

const minor = (amount: number) => Math.round(amount * 100);

/**
 * Whether a completed event fits its order: a payment is exactly the order's amount in its currency; a refund is in
 * the order's currency and at most the order's amount (a partial refund is less). Null when it fits.
 */
export function mismatchOf(order: Pick<OrderRow, 'id' | 'amount' | 'currency'>, event: Pick<LedgerEvent, 'transactionId' | 'operation' | 'status' | 'amount' | 'currency'>): LedgerMismatch | null {
  if (event.status !== 'completed') return null;
  const base = { orderId: order.id, transactionId: event.transactionId, operation: event.operation, expected: { amount: order.amount, currency: order.currency }, got: { amount: event.amount, currency: event.currency } };
  if (event.currency.toUpperCase() !== order.currency.toUpperCase()) return { ...base, reason: 'currency_mismatch' };
  const fits = event.operation === 'refund' ? minor(event.amount) > 0 && minor(event.amount) <= minor(order.amount) : minor(event.amount) === minor(order.amount);
  return fits ? null : { ...base, reason: 'amount_mismatch' };
}

/** Test seam: runs after the ledger insert, inside the transaction (a throw there is a crash mid-apply). */
export const ledgerTestHooks: { afterLedgerInsert: ((event: LedgerEvent) => void) | null } = { afterLedgerInsert: null };

/** Applies one provider event exactly once (see the top of this file). */
export async function applyLedgerEvent(db: Db, event: LedgerEvent, now: Date, onRefused?: (mismatch: LedgerMismatch) => void): Promise<LedgerOutcome> {
  return db.transaction(async (tx) => {
    let notificationRow: string | null = null;
    if (event.notificationId !== null) {
      const fresh = await tx
        .insert(paymentNotifications)
        .values({ provider: event.provider, notificationId: event.notificationId, kind: event.operation, receivedAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentNotifications.id });
      if (!fresh.length) return 'duplicate_notification';
      notificationRow = fresh[0]!.id;
    }
    // The order row is locked first, so concurrent words about one order serialise here.
    const [order] = event.invoiceId && UUID.test(event.invoiceId) ? await tx.select().from(orders).where(eq(orders.id, event.invoiceId)).for('update') : [];
    // Not ours (another shop on the same account, a test from the cabinet): acknowledged, nothing to apply.
    if (!order) return 'unknown_order';

    // Money that is not what the order asked for is never applied. The notification is not kept as seen (its
    // retries are refused again, and alerted again), and the refusal is a ledger row of its own kind, so it never
    // takes the (provider, transaction, kind) slot of a true word about the same transaction.
    const mismatch = mismatchOf(order, event);
    if (mismatch) {
      if (notificationRow) await tx.delete(paymentNotifications).where(eq(paymentNotifications.id, notificationRow));
      await tx
        .insert(payments)
        .values({
          orderId: order.id, userId: order.userId, provider: event.provider, providerTxnId: event.transactionId, kind: 'refused', status: 'refused', amount: event.amount,
          currency: event.currency.slice(0, 3), description: `${event.operation === 'refund' ? 'Возврат' : 'Платёж'} отклонён: ожидалось ${order.amount} ${order.currency}`,
          reason: mismatch.reason, occurredAt: event.occurredAt,
        })
        .onConflictDoNothing();
      onRefused?.(mismatch);
      return 'mismatch';
    }

    const method = event.operation === 'payment' && event.status === 'completed' && event.card?.token ? await saveCard(tx, order.userId, event) : null;
    const [tariff] = order.tariffId ? await tx.select().from(tariffs).where(eq(tariffs.id, order.tariffId)) : [];
    // A refund shows the card of the charge it returns (when that charge is already known).
    const [refunded] = event.refundOf
      ? await tx
          .select({ methodId: payments.paymentMethodId, surplus: payments.surplusRefund })
          .from(payments)
          .where(and(eq(payments.provider, event.provider), eq(payments.providerTxnId, event.refundOf), eq(payments.kind, 'charge')))
      : [];
    const inserted = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        userId: order.userId,
        provider: event.provider,
        providerTxnId: event.transactionId,
        kind: event.operation === 'refund' ? 'refund' : 'charge',
        status: event.status === 'completed' ? 'succeeded' : 'declined',
        amount: event.amount,
        currency: event.currency,
        paymentMethodId: method?.id ?? refunded?.methodId ?? order.paymentMethodId,
        description: refunded?.surplus ? 'Возврат повторной оплаты' : describe(order, tariff?.title ?? null, event),
        reason: event.status === 'declined' ? (event.reason ?? 'declined') : null,
        occurredAt: event.occurredAt,
        refundOf: event.operation === 'refund' ? event.refundOf : null,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (!inserted.length) return 'duplicate_transaction';
    ledgerTestHooks.afterLedgerInsert?.(event);

    // A refund is money going back: the ledger row is its whole effect (the order keeps its result), and a
    // surplus charge it returns is owed nothing more (whoever asked for the refund: us, or support by hand).
    if (event.operation === 'refund') {
      if (event.status === 'completed' && event.refundOf && refunded?.surplus && refunded.surplus !== 'refunded') {
        await tx
          .update(payments)
          .set({ surplusRefund: 'refunded' })
          .where(and(eq(payments.provider, event.provider), eq(payments.providerTxnId, event.refundOf), eq(payments.kind, 'charge')));
      }
      // A refund of what the order bought takes it back (a surplus charge bought nothing; a refund that comes
      // before its charge is taken back when the charge is applied, below).
      const chargeKnown = refunded !== undefined || !event.refundOf;
      if (event.status === 'completed' && chargeKnown && !refunded?.surplus && order.status === 'succeeded') await takeBack(tx, order, event.amount, now);
      return 'applied';
    }
    if (event.status === 'declined') {
      await declined(tx, order, event.reason ?? 'declined', now);
      return 'applied';
    }
    // Card checks (a trial's, a binding's) are refunded whatever happens (by the host or refundCardCheck); a second
    // one bought nothing but is not a surplus to refund again.
    const isCardCheck = order.kind === 'trial' || order.kind === 'bind_card';
    // A second successful charge of an order already paid (a double payment) buys nothing more: it is refunded.
    if (order.status === 'succeeded') return isCardCheck ? 'applied' : markSurplus(tx, inserted[0]!.id, event);
    await tx.update(orders).set({ status: 'succeeded', failureReason: null, paymentMethodId: method?.id ?? order.paymentMethodId, updatedAt: now }).where(eq(orders.id, order.id));
    const bought = await activate(tx, { ...order, paymentMethodId: method?.id ?? order.paymentMethodId }, now);
    if (!bought && !isCardCheck) return markSurplus(tx, inserted[0]!.id, event);
    // Refunds of this charge that came before it take back what it just bought.
    const early = await tx
      .select({ amount: payments.amount })
      .from(payments)
      .where(and(eq(payments.provider, event.provider), eq(payments.refundOf, event.transactionId), eq(payments.kind, 'refund'), eq(payments.status, 'succeeded')));
    if (early.length) {
      const [applied] = await tx.select().from(orders).where(eq(orders.id, order.id));
      for (const r of early) await takeBack(tx, applied!, r.amount, now);
    }
    return 'applied';
  });
}

/**
 * A refund of a paid order takes back what the order bought (docs/decisions/032-payment-reconciliation.md): a full
 * refund ends the subscription now (and its renewals); a partial one shortens it by the refunded share of the
 * order's period, ending it now when nothing is left. Card checks (trial, binding) bought no days: nothing to take.
 */
async function takeBack(tx: Tx, order: OrderRow, refundAmount: number, now: Date) {
  if (!['purchase', 'renewal', 'extend'].includes(order.kind) || !order.subscriptionId || order.amount <= 0) return;
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, order.subscriptionId)).for('update');
  if (!sub || sub.expiresAt <= now) return;
  const share = Math.min(1, refundAmount / order.amount);
  const [tariff] = await tx.select({ durationDays: tariffs.durationDays }).from(tariffs).where(eq(tariffs.id, order.kind === 'purchase' && order.tariffId ? order.tariffId : sub.tariffId));
  const shortened = new Date(sub.expiresAt.getTime() - Math.round(share * (tariff?.durationDays ?? 0) * DAY_MS));
  if (share >= 1 || shortened <= now) {
    await tx
      .update(subscriptions)
      .set({ status: 'expired', expiresAt: now, isRecurrent: false, billingExpiresAt: null, cancelledAt: sub.cancelledAt ?? now, updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    return;
  }
  await tx.update(subscriptions).set({ expiresAt: shortened, updatedAt: now }).where(eq(subscriptions.id, sub.id));
}

/**
 * A charge that bought nothing is owed back: pending until refunded, or already refunded when a
 * refund of it is in the ledger (a refund's notification may come before its charge's).
 */
async function markSurplus(tx: Tx, paymentId: string, event: LedgerEvent): Promise<'surplus'> {
  const [returned] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, event.provider), eq(payments.refundOf, event.transactionId), eq(payments.kind, 'refund'), eq(payments.status, 'succeeded')))
    .limit(1);
  await tx.update(payments).set({ surplusRefund: returned ? 'refunded' : 'pending' }).where(eq(payments.id, paymentId));
  return 'surplus';
}

function describe(order: OrderRow, tariffTitle: string | null, event: LedgerEvent): string {
  if (event.operation === 'refund') return 'Возврат';
  if (order.kind === 'bind_card' || order.kind === 'trial') return 'Привязка карты';
  if (order.kind === 'renewal' || order.kind === 'extend') return `Продление: ${tariffTitle ?? 'подписка'}`;
  return tariffTitle ?? 'Подписка';
}

/** Saves (or finds) the card a completed payment reports, by provider + token; it becomes the one renewals charge. */
async function saveCard(tx: Tx, userId: string, event: LedgerEvent) {
  const card = event.card!;
  const values = {
    brand: cardBrand(card.type, card.firstSix),
    cardFirst6: card.firstSix,
    cardLast4: card.lastFour,
    cardExpire: card.expDate && /^\d{2}\/\d{2}$/.test(card.expDate) ? card.expDate : null,
    state: 'active',
    isActive: true,
  };
  const [row] = await tx
    .insert(paymentMethods)
    .values({ userId, provider: event.provider, type: 'card', token: card.token, ...values })
    .onConflictDoUpdate({ target: [paymentMethods.provider, paymentMethods.token], set: values })
    .returning();
  await tx.update(paymentMethods).set({ isActive: false }).where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, row!.id)));
  return row!;
}

/** A declined charge: the order fails with the reason; a renewal puts the subscription in grace for the billing window. */
async function declined(tx: Tx, order: OrderRow, reason: string, now: Date) {
  if (order.status !== 'pending' && order.status !== 'processing') return;
  await tx.update(orders).set({ status: 'failed', failureReason: reason, updatedAt: now }).where(eq(orders.id, order.id));
  if ((order.kind === 'renewal' || order.kind === 'extend') && order.subscriptionId) {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, order.subscriptionId)).for('update');
    // Only a failure of the period still due counts (a late decline of a period already paid changes nothing).
    if (!sub || order.period !== sub.renewals + 1) return;
    await tx
      .update(subscriptions)
      .set({
        failedAttempts: sub.failedAttempts + 1,
        status: 'grace',
        billingExpiresAt: sub.billingExpiresAt ?? new Date(sub.expiresAt.getTime() + BILLING_WINDOW_DAYS * DAY_MS),
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id));
  }
}

/**
 * What a paid order buys (issue 6 brief §5). Answers false when it buys nothing because what it pays for was paid
 * already (the charge is then refunded): a renewal or extension of a period already paid, or a
 * purchase made while no subscription was live whose payment comes when another order has started one.
 */
async function activate(tx: Tx, order: OrderRow, now: Date): Promise<boolean> {
  if (order.kind === 'bind_card') {
    if (!order.paymentMethodId) return true;
    // The new card replaces the old one on every live subscription, so renewals charge it.
    await tx
      .update(subscriptions)
      .set({ paymentMethodId: order.paymentMethodId, updatedAt: now })
      .where(and(eq(subscriptions.userId, order.userId), inArray(subscriptions.status, [...LIVE]), gt(subscriptions.expiresAt, now)));
    return true;
  }
  if (order.kind === 'renewal' || order.kind === 'extend') {
    if (!order.subscriptionId) return true;
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, order.subscriptionId)).for('update');
    if (!sub) return true;
    // The period was already paid (a renewal and an extension of the same period both succeeded): the subscription
    // moves once, and this charge is refunded.
    if (order.period !== sub.renewals + 1) return false;
    const [current] = await tx.select().from(tariffs).where(eq(tariffs.id, sub.tariffId));
    const next = current?.nextTariffId ? (await tx.select().from(tariffs).where(eq(tariffs.id, current.nextTariffId)))[0] : undefined;
    const renewOn = next ?? current!;
    await tx
      .update(subscriptions)
      .set({
        // One period from the old expiry, not from now: paying late in grace does not lose days, nor gain them.
        expiresAt: new Date(sub.expiresAt.getTime() + renewOn.durationDays * DAY_MS),
        tariffId: renewOn.id,
        renewals: sub.renewals + 1,
        failedAttempts: 0,
        status: 'active',
        billingExpiresAt: null,
        paymentMethodId: sub.paymentMethodId ?? order.paymentMethodId,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, sub.id));
    return true;
  }
  // purchase or trial
  const [tariff] = order.tariffId ? await tx.select().from(tariffs).where(eq(tariffs.id, order.tariffId)) : [];
  if (!tariff) return true;
  const days = order.kind === 'trial' ? tariff.trialDays : tariff.durationDays;
  // The account's row is locked first, so payments of two orders of one account applied at once
  // (on PostgreSQL they really are) see each other's subscription, rather than each starting one.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, order.userId)).for('update');
  const [live] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, order.userId), inArray(subscriptions.status, [...LIVE]), gt(subscriptions.expiresAt, now)))
    .orderBy(desc(subscriptions.expiresAt))
    .limit(1)
    .for('update');
  // A purchase is only made while no subscription is live (409 otherwise), so a live one now was started by
  // another order since: this is a second payment for the same subscription (two hosted pages paid), refunded.
  // A trial only checks the card (refunded anyway): its days still add up as before.
  if (live && order.kind === 'purchase') return false;
  if (live) {
    await tx
      .update(subscriptions)
      .set({ expiresAt: new Date(live.expiresAt.getTime() + days * DAY_MS), paymentMethodId: order.paymentMethodId ?? live.paymentMethodId, updatedAt: now })
      .where(eq(subscriptions.id, live.id));
    await tx.update(orders).set({ subscriptionId: live.id }).where(eq(orders.id, order.id));
    return true;
  }
  const [created] = await tx
    .insert(subscriptions)
    .values({
      userId: order.userId,
      tariffId: tariff.id,
      status: order.kind === 'trial' ? 'trial' : 'active',
      startedAt: now,
      expiresAt: new Date(now.getTime() + days * DAY_MS),
      isRecurrent: order.kind === 'trial' || order.paymentMethodId !== null,
      source: 'card',
      paymentMethodId: order.paymentMethodId,
      updatedAt: now,
    })
    .returning({ id: subscriptions.id });
  await tx.update(orders).set({ subscriptionId: created!.id }).where(eq(orders.id, order.id));
  return true;
}

/**
 * A charge the provider did not answer (a timeout, a dropped connection) may still go through: the order waits as
 * processing, which the viewer is shown, until its notification or reconciliation settles it (never a failure on a
 * guess). Only a pending order moves; one already settled meanwhile stays as it is.
 */
export async function markProcessing(db: Db, orderId: string, now: Date): Promise<void> {
  await db.update(orders).set({ status: 'processing', updatedAt: now }).where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
}

/** Marks a charge the provider refused (or never made) as a failed attempt (the same path as a decline). */
export async function failUnanswered(db: Db, orderId: string, now: Date, reason = 'provider_unavailable'): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (order) await declined(tx, order, reason, now);
  });
}

