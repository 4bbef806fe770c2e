import { orders, paymentMethods, payments, subscriptions, tariffs, users, type Db } from '@ekran/db';
import { and, count, desc, eq, gt, gte, inArray, isNotNull, or } from 'drizzle-orm';
import type { OrderRow } from './billing.ledger.ts';

type OrderInsert = typeof orders.$inferInsert;

/** Drizzle queries of buying: orders, payment methods, the account's payments; no rules. */
export function createPaymentsRepo(db: Db) {
  const orderById = async (id: string): Promise<OrderRow | undefined> => (await db.select().from(orders).where(eq(orders.id, id)))[0];

  return {
    async activeTariff(id: string) {
      const [row] = await db.select().from(tariffs).where(and(eq(tariffs.id, id), eq(tariffs.isActive, true)));
      return row;
    },

    async tariff(id: string) {
      const [row] = await db.select().from(tariffs).where(eq(tariffs.id, id));
      return row;
    },

    async tariffTitle(id: string) {
      const [row] = await db.select({ id: tariffs.id, title: tariffs.title }).from(tariffs).where(eq(tariffs.id, id));
      return row;
    },

    async tariffPrice(id: string) {
      const [row] = await db.select({ price: tariffs.price }).from(tariffs).where(eq(tariffs.id, id));
      return row;
    },

    /** One subscription of the account in one of `statuses` whose period has not ended. */
    async liveSubscription(userId: string, statuses: readonly (typeof subscriptions.$inferSelect)['status'][], now: Date) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...statuses]), gt(subscriptions.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },

    async subscriptionCount(userId: string) {
      const [row] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.userId, userId));
      return row?.n ?? 0;
    },

    async subscriptionOf(userId: string, id: string) {
      const [row] = await db.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
      return row;
    },

    async emailOf(userId: string) {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email ?? null;
    },

    orderById,

    async orderByKey(userId: string, key: string): Promise<OrderRow | undefined> {
      return (await db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key))))[0];
    },

    /** INSERT … ON CONFLICT DO NOTHING: undefined when the account's key is taken (another request got there first). */
    async insertOrderOnce(values: OrderInsert): Promise<OrderRow | undefined> {
      const [row] = await db.insert(orders).values(values).onConflictDoNothing().returning();
      return row;
    },

    async failOrder(id: string, failureReason: string, now: Date) {
      await db.update(orders).set({ status: 'failed', failureReason, updatedAt: now }).where(eq(orders.id, id));
    },

    async setCheckout(id: string, checkout: { id: string; url: string }, now: Date) {
      const [row] = await db.update(orders).set({ checkoutId: checkout.id, paymentUrl: checkout.url, updatedAt: now }).where(eq(orders.id, id)).returning();
      return row;
    },

    /** The account's newest processing order since `since` of one of `kinds` (and the tariff or subscription given). */
    async processingOrder(userId: string, since: Date, match: { kinds: string[]; tariffId?: string; subscriptionId?: string }): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.userId, userId), eq(orders.status, 'processing'), gte(orders.createdAt, since),
            and(
              match.kinds.length === 1 ? eq(orders.kind, match.kinds[0] ?? '') : inArray(orders.kind, match.kinds),
              match.tariffId !== undefined ? eq(orders.tariffId, match.tariffId) : undefined,
              match.subscriptionId !== undefined ? eq(orders.subscriptionId, match.subscriptionId) : undefined,
            ),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1);
      return row;
    },

    /**
     * In one transaction with the account's row locked (SELECT … FOR UPDATE, the same on PGlite and PostgreSQL): the
     * newest pending order of this kind (and tariff) made since `since` whose page is there or was asked for since
     * `opening`, else a new one from `values`.
     */
    claimLinkOrder(userId: string, kind: string, tariffId: string | null, since: Date, opening: Date, values: () => OrderInsert): Promise<{ order: OrderRow; mine: boolean }> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [found] = await tx
          .select()
          .from(orders)
          .where(
            and(
              eq(orders.userId, userId), eq(orders.kind, kind), eq(orders.status, 'pending'), gte(orders.createdAt, since), tariffId ? eq(orders.tariffId, tariffId) : undefined,
              or(isNotNull(orders.paymentUrl), gte(orders.createdAt, opening)),
            ),
          )
          .orderBy(desc(orders.createdAt))
          .limit(1);
        if (found) return { order: found, mine: false };
        const [created] = await tx.insert(orders).values(values()).returning();
        return { order: created!, mine: true };
      });
    },

    async activeMethodOf(userId: string, id: string) {
      const [row] = await db.select().from(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId), eq(paymentMethods.state, 'active')));
      return row;
    },

    async activeMethod(id: string) {
      const [row] = await db.select().from(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.state, 'active')));
      return row;
    },

    async methodOf(userId: string, id: string) {
      const [row] = await db.select().from(paymentMethods).where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)));
      return row;
    },

    /** The account's cards, active first, newest first. */
    methodsOf(userId: string) {
      return db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId)).orderBy(desc(paymentMethods.isActive), desc(paymentMethods.createdAt));
    },

    /** In one transaction: the card is removed and the account's subscriptions forget it. */
    async removeMethod(userId: string, id: string, now: Date) {
      await db.transaction(async (tx) => {
        await tx.update(paymentMethods).set({ state: 'removed', isActive: false }).where(eq(paymentMethods.id, id));
        await tx.update(subscriptions).set({ paymentMethodId: null, updatedAt: now }).where(and(eq(subscriptions.userId, userId), eq(subscriptions.paymentMethodId, id)));
      });
    },

    /** The account's payments of `kinds`, newest first, with the card: the page and the total. */
    async paymentsPage(userId: string, kinds: string[], page: { skip: number; limit: number }) {
      const where = and(eq(payments.userId, userId), inArray(payments.kind, kinds));
      const [total] = await db.select({ n: count() }).from(payments).where(where);
      const rows = await db
        .select({ p: payments, last4: paymentMethods.cardLast4, brand: paymentMethods.brand })
        .from(payments)
        .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
        .where(where)
        .orderBy(desc(payments.occurredAt), desc(payments.createdAt))
        .offset(page.skip)
        .limit(page.limit);
      return { total: total?.n ?? 0, rows };
    },
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
