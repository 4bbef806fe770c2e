import { orders, tariffs, type Db, type subscriptions } from '@ekran/db';
import { and, asc, eq, isNull } from 'drizzle-orm';

export type TariffRow = typeof tariffs.$inferSelect;

/** Drizzle queries of tariffs; no rules. */
export function createBillingRepo(db: Db) {
  return {
    /**
     * Active tariffs of a sales channel (null: the regular list), in weight order, then cheapest first. Discount
     * tariffs that are not listed (reached through an offer or a chain) stay off the list but can be bought.
     */
    activeTariffs(channel: string | null) {
      return db
        .select()
        .from(tariffs)
        .where(and(eq(tariffs.isActive, true), eq(tariffs.isListed, true), channel === null ? isNull(tariffs.channel) : eq(tariffs.channel, channel)))
        .orderBy(asc(tariffs.weight), asc(tariffs.price), asc(tariffs.alias));
    },
  };
}
export type BillingRepo = ReturnType<typeof createBillingRepo>;

/**
 * The order of a subscription's next period's charge. The key is unique per account, so a second insert for the
 * same period and attempt inserts nothing and answers undefined: the caller that got here first charges it.
 */
export async function insertRenewalOrder(
  db: Db,
  sub: typeof subscriptions.$inferSelect,
  charge: { amount: number; currency: string; idempotencyKey: string; requestHash: string },
  now: Date,
) {
  const [order] = await db
    .insert(orders)
    .values({
      userId: sub.userId, kind: 'renewal', tariffId: sub.tariffId, subscriptionId: sub.id, paymentMethodId: sub.paymentMethodId, period: sub.renewals + 1,
      amount: charge.amount, currency: charge.currency, idempotencyKey: charge.idempotencyKey, requestHash: charge.requestHash, createdAt: now, updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return order;
}
