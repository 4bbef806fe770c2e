// Double payments are given back. The ledger marks a successful charge that bought nothing
// (surplus_refund = pending, billing.ledger.ts); this asks its provider to refund it and records the refund
// through the ledger, exactly once however often it runs:
//   - the provider's Idempotency-Key is surplus-refund:<provider>:<transaction>, so a repeat (a retry after a crash,
//     two instances at once) is the same refund at the provider, never a second one;
//   - the refund is a ledger row unique per provider transaction, whether it comes from this answer or from the
//     provider's Refund notification, and either marks the charge refunded.
// It runs right after the surplus charge is applied (a notification, a one-click charge, a renewal), again when a
// duplicate of that charge's notification comes, and for every charge still pending on each renewal run.
import { payments, type Db } from '@ekran/db';
import { and, asc, eq } from 'drizzle-orm';
import { applyLedgerEvent } from './billing.ledger.ts';
import { ProviderError, type PaymentProvider } from './providers/types.ts';

/** What became of a surplus refund: made (or made before), still owed (retried later), refused (by hand), or nothing owed. */
export type SurplusRefundResult = 'refunded' | 'pending' | 'failed' | 'none';

/** How many owed refunds one renewal run retries at most. */
const SWEEP_BATCH = 100;

/** The provider's key of the refund of a surplus charge: one refund per charge, however often it is asked for. */
export const surplusRefundKey = (provider: string, transactionId: string) => `surplus-refund:${provider}:${transactionId}`;

/** Refunds a surplus charge of this provider if one is owed (see the top of this file). */
export async function refundSurplus(db: Db, provider: PaymentProvider, transactionId: string, now: Date): Promise<SurplusRefundResult> {
  const [charge] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.name), eq(payments.providerTxnId, transactionId), eq(payments.kind, 'charge'), eq(payments.surplusRefund, 'pending')))
    .limit(1);
  if (!charge) return 'none';
  let answer;
  try {
    answer = await provider.refund({ transactionId, amount: charge.amount }, surplusRefundKey(provider.name, transactionId));
  } catch (err) {
    // The provider said no (4xx: already refunded by hand, say): a person looks at it. No answer: retried later.
    if (err instanceof ProviderError && err.status !== null && err.status >= 400 && err.status < 500) {
      await markFailed(db, charge.id);
      return 'failed';
    }
    return 'pending';
  }
  await applyLedgerEvent(
    db,
    {
      provider: provider.name, notificationId: null, transactionId: answer.transactionId, refundOf: transactionId, invoiceId: charge.orderId, amount: charge.amount,
      currency: charge.currency, operation: 'refund', status: answer.status === 'succeeded' ? 'completed' : 'declined', reason: answer.status === 'succeeded' ? null : 'declined',
      card: null, occurredAt: now,
    },
    now,
  );
  if (answer.status !== 'succeeded') {
    await markFailed(db, charge.id);
    return 'failed';
  }
  return 'refunded';
}

async function markFailed(db: Db, id: string) {
  await db.update(payments).set({ surplusRefund: 'failed' }).where(and(eq(payments.id, id), eq(payments.surplusRefund, 'pending')));
}

/** Retries the refunds still owed (oldest first), each with the provider that took the charge. */
export async function refundPendingSurpluses(db: Db, providerNamed: (name: string) => PaymentProvider | undefined, now: Date): Promise<{ refunded: number; failed: number }> {
  const owed = await db
    .select({ provider: payments.provider, transactionId: payments.providerTxnId })
    .from(payments)
    .where(eq(payments.surplusRefund, 'pending'))
    .orderBy(asc(payments.createdAt))
    .limit(SWEEP_BATCH);
  const result = { refunded: 0, failed: 0 };
  for (const row of owed) {
    const provider = providerNamed(row.provider);
    if (!provider) continue;
    const done = await refundSurplus(db, provider, row.transactionId, now);
    if (done === 'refunded') result.refunded++;
    if (done === 'failed') result.failed++;
  }
  return result;
}
