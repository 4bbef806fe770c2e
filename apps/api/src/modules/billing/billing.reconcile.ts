// Reconciliation (docs/decisions/032-payment-reconciliation.md): notifications can be missed (the API down longer
// than the provider retries, a notification lost on the way), so unsettled and recent orders are compared with the
// provider's own record of them, and what the record holds that the ledger lacks is applied through the very same
// applyLedgerEvent, with the same amount and currency check. The ledger row is unique per (provider, transaction,
// kind), so a transaction applied here and its late notification (or the other way round) count once.
import { HOUR_MS } from '@ekran/core';
import { orders, type Db } from '@ekran/db';
import { and, asc, gte, inArray } from 'drizzle-orm';
import type { JobsLogger } from '../../jobs/jobs.ts';
import { applyLedgerEvent, failUnanswered } from './billing.ledger.ts';
import type { BillingDeps, PaymentsService } from './billing-payments.service.ts';
import { refundSurplus } from './billing.surplus.ts';

/** How many orders one run compares at most (the oldest first); the next run takes the rest. */
export const RECONCILE_BATCH = 500;

export interface ReconcileReport {
  /** Orders whose record was asked of the provider. */
  checked: number;
  /** Transactions the notifications had missed, now applied. */
  applied: number;
  /** Transactions refused: amount or currency not the order's. */
  refused: number;
  /** Processing orders the provider has no record of, now failed. */
  failed: number;
  /** Orders whose record the provider did not give (tried again next run). */
  unanswered: number;
}

export type Reconcile = (now: Date) => Promise<ReconcileReport>;

/**
 * The reconciliation run: pending, processing and failed orders made within RECONCILE_WINDOW_HOURS (a failed one may
 * still have been paid: a late success after a decline on the same page, a charge failed before this rule existed).
 */
export function createReconciler(deps: BillingDeps & { log: JobsLogger }, payments: Pick<PaymentsService, 'refundCardCheck'>): Reconcile {
  const db: Db = deps.database.db;
  const log = deps.log;

  return async function reconcile(now: Date): Promise<ReconcileReport> {
    const report: ReconcileReport = { checked: 0, applied: 0, refused: 0, failed: 0, unanswered: 0 };
    const provider = deps.payments.active;
    const since = new Date(now.getTime() - deps.env.RECONCILE_WINDOW_HOURS * HOUR_MS);
    const settled = new Date(now.getTime() - deps.env.RECONCILE_SETTLE_MINUTES * 60_000);
    const due = await db
      .select()
      .from(orders)
      .where(and(gte(orders.createdAt, since), inArray(orders.status, ['pending', 'processing', 'failed'])))
      .orderBy(asc(orders.createdAt))
      .limit(RECONCILE_BATCH);

    for (const order of due) {
      let record;
      try {
        record = await provider.paymentStatus(order.id);
      } catch (err) {
        report.unanswered++;
        log.warn({ err, order: order.id, provider: provider.name }, 'reconciliation: the provider did not give the order\'s record');
        continue;
      }
      report.checked++;
      for (const txn of record) {
        const event = { ...txn, invoiceId: order.id, provider: provider.name, notificationId: null };
        const outcome = await applyLedgerEvent(db, event, now, (m) =>
          log.error({ provider: provider.name, order: m.orderId, transaction: m.transactionId, operation: m.operation, reason: m.reason, expected: m.expected, got: m.got }, 'reconciliation: the provider\'s transaction does not match its order; refused'),
        );
        if (outcome === 'mismatch') report.refused++;
        if (outcome !== 'applied' && outcome !== 'surplus') continue;
        report.applied++;
        log.warn({ provider: provider.name, order: order.id, transaction: txn.transactionId, operation: txn.operation, status: txn.status }, 'reconciliation applied a transaction the notifications missed');
        if (outcome === 'surplus') await refundSurplus(db, provider, txn.transactionId, now);
        if (outcome === 'applied' && !provider.refundsCardCheck && !(await payments.refundCardCheck(provider, event))) {
          log.error({ provider: provider.name, transaction: txn.transactionId }, 'card-check refund failed; refund it by hand');
        }
      }
      // A charge that got no answer and that the provider never recorded did not happen: the attempt failed.
      if (!record.some((t) => t.operation === 'payment') && order.status === 'processing' && order.updatedAt < settled) {
        await failUnanswered(db, order.id, now);
        report.failed++;
      }
    }
    if (report.applied || report.refused || report.failed || report.unanswered) log.info({ ...report }, 'reconciliation done');
    return report;
  };
}
