import { paymentMethods, promoActivations, promoCodes, subscriptions, tariffs, type Db } from '@ekran/db';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';

// Queries of the subscription lifecycle (expiry, renewal on/off, the pending subscription); no rules.

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type TariffRow = typeof tariffs.$inferSelect;

/** Whether the subscription's bound card is still there (not removed). */
const hasCard = sql<boolean>`exists (select 1 from ${paymentMethods} where ${paymentMethods.id} = ${subscriptions.paymentMethodId} and ${paymentMethods.state} = 'active')`;

export function createLifecycleRepo(db: Db) {
  return {
    /** Live-status subscriptions whose period is over (expires_at ≤ now), in id order after `afterId`. */
    lapsed(now: Date, afterId: string | null, limit: number) {
      return db
        .select({ subscription: subscriptions, hasPaymentMethod: hasCard })
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.status, ['active', 'trial', 'grace']),
            lte(subscriptions.expiresAt, now),
            afterId ? gt(subscriptions.id, afterId) : undefined,
          ),
        )
        .orderBy(asc(subscriptions.id))
        .limit(limit);
    },

    /**
     * Moves a subscription to `status` only if it is still as read (status and expires_at): a renewal that
     * landed meanwhile (a new expires_at, active again) wins. Answers whether it moved.
     */
    async transition(row: Pick<SubscriptionRow, 'id' | 'status' | 'expiresAt'>, status: SubscriptionRow['status'], now: Date) {
      const moved = await db
        .update(subscriptions)
        .set({ status, updatedAt: now })
        .where(and(eq(subscriptions.id, row.id), eq(subscriptions.status, row.status), eq(subscriptions.expiresAt, row.expiresAt)))
        .returning({ id: subscriptions.id });
      return moved.length === 1;
    },

    /** The promo codes that granted these subscriptions (by subscription id; a coupon's activation has no code). */
    async promoCodes(subscriptionIds: string[]): Promise<Map<string, string | null>> {
      if (subscriptionIds.length === 0) return new Map();
      const rows = await db
        .select({ subscriptionId: promoActivations.subscriptionId, code: promoCodes.code })
        .from(promoActivations)
        .leftJoin(promoCodes, eq(promoCodes.id, promoActivations.codeId))
        .where(inArray(promoActivations.subscriptionId, subscriptionIds));
      return new Map(rows.filter((r) => r.subscriptionId !== null).map((r) => [r.subscriptionId!, r.code]));
    },

    /** One subscription with its tariff and whether its card is there; null when unknown. */
    async subscription(id: string) {
      const [row] = await db
        .select({ subscription: subscriptions, tariff: tariffs, hasPaymentMethod: hasCard })
        .from(subscriptions)
        .innerJoin(tariffs, eq(tariffs.id, subscriptions.tariffId))
        .where(eq(subscriptions.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Turns renewal on or off; cancelled_at records when it was turned off (kept on a repeat, cleared when on). */
    async setRecurrent(id: string, enabled: boolean, now: Date) {
      await db
        .update(subscriptions)
        .set({
          isRecurrent: enabled,
          cancelledAt: enabled ? null : sql`coalesce(${subscriptions.cancelledAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, id));
    },

    /** The ids of the user's cards that are still there. */
    async activeCardIds(userId: string): Promise<Set<string>> {
      const rows = await db.select({ id: paymentMethods.id }).from(paymentMethods).where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.state, 'active')));
      return new Set(rows.map((r) => r.id));
    },

    /** Tariffs by id (for following next_tariff_id chains). */
    tariffsByIds(ids: string[]) {
      return ids.length ? db.select().from(tariffs).where(inArray(tariffs.id, ids)) : Promise.resolve([]);
    },
  };
}
export type LifecycleRepo = ReturnType<typeof createLifecycleRepo>;
