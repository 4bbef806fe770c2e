// The renewal charge. The scheduler (pg-boss, wired by another part of issue 6) calls renewDue
// every few minutes; each call is safe to repeat and to run on several instances at once: a period's charge
// is an order with the key renewal:<subscription>:<period>:<failed attempts>, unique per account.
import { BILLING_WINDOW_DAYS, RENEWAL_LEAD_DAYS, RENEWAL_RETRY_HOURS } from '@ekran/core';
import { orders, paymentMethods, subscriptions, tariffs, type Db } from '@ekran/db';
import { and, desc, eq, inArray, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import { applyLedgerEvent, failUnanswered, markProcessing } from './billing.ledger.ts';
import { ProviderError } from './providers/types.ts';
import { refundPendingSurpluses, refundSurplus } from './billing.surplus.ts';
import { insertRenewalOrder } from './billing.repo.ts';
import { renewalPrice, requestHash, type BillingDeps } from './billing-payments.service.ts';

const DAY_MS = 86_400_000;

/**
 * The order charging a subscription's next period at the current renewal price, keyed
 * renewal:<subscription>:<period>:<failed attempts>; undefined when that key's order exists already.
 */
export async function createRenewalOrder(db: Db, sub: typeof subscriptions.$inferSelect, tariff: typeof tariffs.$inferSelect, now: Date) {
  const key = `renewal:${sub.id}:${sub.renewals + 1}:${sub.failedAttempts}`;
  return insertRenewalOrder(db, sub, { amount: await renewalPrice(db, tariff), currency: tariff.currency, idempotencyKey: key, requestHash: requestHash({ key }) }, now);
}

export interface RenewalReport {
  /** Charges asked of the provider in this call. */
  charged: number;
  succeeded: number;
  declined: number;
  /** Subscriptions whose billing window ended without a successful renewal. */
  expired: number;
  /** Double payments refunded in this call (a surplus renewal's, and those still owed). */
  refunded: number;
}

/**
 * Charges the renewals due at `now`: recurrent subscriptions (active, trial, grace) with a card, ending within
 * RENEWAL_LEAD_DAYS and not yet charged for this period; a failed renewal is retried once per
 * RENEWAL_RETRY_HOURS until the billing window (expires_at + BILLING_WINDOW_DAYS) ends, then the subscription
 * expires. The synchronous answer goes through the ledger, so its notification arriving first or later changes nothing.
 * Each run also retries the refunds of double payments still owed (billing.surplus.ts).
 */
export async function renewDue(deps: BillingDeps, now: Date): Promise<RenewalReport> {
  const db = deps.database.db;
  const provider = deps.payments.active;
  const report: RenewalReport = { charged: 0, succeeded: 0, declined: 0, expired: 0, refunded: 0 };

  // The window is over: the subscription ends (playback stops at expires_at anyway; this records it).
  const ended = await db
    .update(subscriptions)
    .set({ status: 'expired', updatedAt: now })
    .where(and(eq(subscriptions.status, 'grace'), isNotNull(subscriptions.billingExpiresAt), lt(subscriptions.billingExpiresAt, now)))
    .returning({ id: subscriptions.id });
  report.expired = ended.length;

  const due = await db
    .select({ sub: subscriptions, tariff: tariffs, token: paymentMethods.token })
    .from(subscriptions)
    .innerJoin(tariffs, eq(tariffs.id, subscriptions.tariffId))
    .innerJoin(paymentMethods, and(eq(paymentMethods.id, subscriptions.paymentMethodId), eq(paymentMethods.state, 'active')))
    .where(
      and(
        eq(subscriptions.isRecurrent, true),
        isNull(subscriptions.cancelledAt),
        inArray(subscriptions.status, ['active', 'trial', 'grace']),
        lte(subscriptions.expiresAt, new Date(now.getTime() + RENEWAL_LEAD_DAYS * DAY_MS)),
        isNotNull(paymentMethods.token),
      ),
    );

  for (const { sub, tariff, token } of due) {
    const windowEnd = sub.billingExpiresAt ?? new Date(sub.expiresAt.getTime() + BILLING_WINDOW_DAYS * DAY_MS);
    if (now >= windowEnd) continue;
    const [last] = await db
      .select({ status: orders.status, createdAt: orders.createdAt })
      .from(orders)
      .where(and(eq(orders.subscriptionId, sub.id), inArray(orders.kind, ['renewal', 'extend']), eq(orders.period, sub.renewals + 1)))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    // One charge in flight at a time, and a failed one is retried once a day.
    if (last?.status === 'pending' || last?.status === 'processing') continue;
    if (last?.status === 'failed' && now.getTime() - last.createdAt.getTime() < RENEWAL_RETRY_HOURS * 3_600_000) continue;

    const order = await createRenewalOrder(db, sub, tariff, now);
    if (!order) continue; // another call got here first
    report.charged++;
    try {
      const result = await provider.chargeToken(
        { invoiceId: order.id, accountId: sub.userId, token: token!, amount: order.amount, currency: order.currency, description: `Продление: ${tariff.title}` },
        order.id,
      );
      const outcome = await applyLedgerEvent(
        db,
        {
          provider: provider.name, notificationId: null, transactionId: result.transactionId, refundOf: null, invoiceId: order.id, amount: order.amount, currency: order.currency,
          operation: 'payment', status: result.status === 'succeeded' ? 'completed' : 'declined', reason: result.reason, card: null, occurredAt: now,
        },
        now,
      );
      // The period was paid meanwhile (an extension): this charge goes back.
      if (outcome === 'surplus' && (await refundSurplus(db, provider, result.transactionId, now)) === 'refunded') report.refunded++;
      if (result.status === 'succeeded') report.succeeded++;
      else report.declined++;
    } catch (err) {
      // A refusal made no charge: a failed attempt (retried tomorrow). No answer may have charged the card: the order
      // is processing until its notification or reconciliation settles it (decision 032).
      if (err instanceof ProviderError && err.status !== null) await failUnanswered(db, order.id, now);
      else await markProcessing(db, order.id, now);
      report.declined++;
    }
  }
  // Refunds of double payments the provider did not make when first asked (it was down) are retried.
  report.refunded += (await refundPendingSurpluses(db, (name) => deps.payments.byName(name), now)).refunded;
  return report;
}
