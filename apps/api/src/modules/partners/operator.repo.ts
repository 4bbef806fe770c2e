import { operatorNotifications, operatorSubscriptions, users, type Db } from '@ekran/db';
import { and, eq, gt } from 'drizzle-orm';

export type OperatorSubscriptionRow = typeof operatorSubscriptions.$inferSelect;
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

    /** Whether the account has an active, unexpired operator subscription (it entitles playback). */
    async hasLive(userId: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: operatorSubscriptions.id })
        .from(operatorSubscriptions)
        .where(and(eq(operatorSubscriptions.userId, userId), eq(operatorSubscriptions.status, 'active'), gt(operatorSubscriptions.expiresAt, now)))
        .limit(1);
      return Boolean(row);
    },

    /** The account's subscription connected (or reconnected) to the msisdn, and the account marked an operator customer. */
    async saveConnected(input: { userId: string; msisdn: string; externalId: string; startedAt: Date; expiresAt: Date }): Promise<OperatorSubscriptionRow> {
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

    transaction: <T>(fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db)),
  };
}
