import { operatorNotifications, operatorSubscriptions, tariffs, users, type Db } from '@ekran/db';
import { and, eq } from 'drizzle-orm';
import { operatorEntitles } from './operator.filters.ts';
import type { OperatorSubscriptionRow, OperatorTariffRow } from './operator.types.ts';

export type { OperatorSubscriptionRow, OperatorTariffRow } from './operator.types.ts';
type Popup = 'no_money' | 'got_money' | 'info' | null;

/** Operator subscriptions, the users' operator flags and the applied operator notifications. */
export function createOperatorRepo(db: Db) {
  return {
    async byUser(userId: string): Promise<OperatorSubscriptionRow | null> {
      const [row] = await db.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.userId, userId)).limit(1);
      return row ?? null;
    },

    async byMsisdn(msisdn: string): Promise<OperatorSubscriptionRow | null> {
      const [row] = await db.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.msisdn, msisdn)).limit(1);
      return row ?? null;
    },

    /** The account's entitling operator subscription with its tariff, or null. */
    async liveWithTariff(userId: string, now: Date): Promise<{ subscription: OperatorSubscriptionRow; tariff: OperatorTariffRow } | null> {
      const [row] = await db
        .select({ subscription: operatorSubscriptions, tariff: tariffs })
        .from(operatorSubscriptions)
        .innerJoin(tariffs, eq(tariffs.id, operatorSubscriptions.tariffId))
        .where(and(eq(operatorSubscriptions.userId, userId), operatorEntitles(now)))
        .limit(1);
      return row ?? null;
    },

    /** The tariff the operator sells, by alias (migration 0016 makes it). */
    async tariffByAlias(alias: string): Promise<OperatorTariffRow | null> {
      const [row] = await db.select().from(tariffs).where(eq(tariffs.alias, alias)).limit(1);
      return row ?? null;
    },

    /** The account's subscription connected (or reconnected) to the msisdn, and the account marked an operator customer. */
    async saveConnected(input: { userId: string; msisdn: string; externalId: string; tariffId: string; startedAt: Date; expiresAt: Date }): Promise<OperatorSubscriptionRow> {
      return db.transaction(async (tx) => {
        const values = { ...input, status: 'active' as const, balanceState: 'ok' as const, updatedAt: input.startedAt };
        const [row] = await tx
          .insert(operatorSubscriptions)
          .values(values)
          .onConflictDoUpdate({ target: operatorSubscriptions.userId, set: values })
          .returning();
        await tx.update(users).set({ isOperator: true, operatorPopup: 'info' }).where(eq(users.id, input.userId));
        return row!;
      });
    },

    async markOperator(userId: string) {
      await db.update(users).set({ isOperator: true }).where(eq(users.id, userId));
    },

    /** Records a notification; false when it was applied before (the operator repeats them). */
    async recordNotification(input: { notificationId: string; msisdn: string; event: string; at: Date }, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .insert(operatorNotifications)
        .values({ notificationId: input.notificationId, msisdn: input.msisdn, event: input.event, receivedAt: input.at })
        .onConflictDoNothing()
        .returning({ id: operatorNotifications.notificationId });
      return rows.length > 0;
    },

    /** Changes a subscription and its account's popup state together. */
    async update(id: string, userId: string, set: Partial<Pick<OperatorSubscriptionRow, 'status' | 'balanceState' | 'expiresAt'>>, popup: Popup | undefined, at: Date, tx: Db = db) {
      await tx.update(operatorSubscriptions).set({ ...set, updatedAt: at }).where(eq(operatorSubscriptions.id, id));
      if (popup !== undefined) await tx.update(users).set({ operatorPopup: popup }).where(eq(users.id, userId));
    },

    /** Clears an informing popup if it is still the one shown; no_money is never cleared here. */
    async clearPopup(userId: string, popup: 'got_money' | 'info') {
      await db.update(users).set({ operatorPopup: null }).where(and(eq(users.id, userId), eq(users.operatorPopup, popup)));
    },

    /** The customer closed the no_app popup in this country (it shows again in another one). */
    async markNoAppSeen(userId: string, countryCode: string) {
      await db.update(users).set({ operatorNoAppSeenCountry: countryCode }).where(eq(users.id, userId));
    },

    transaction: <T>(fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db)),
  };
}
