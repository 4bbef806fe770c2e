import { emailSubscriptionTokens, notificationSubscriptions, users, type Db } from '@ekran/db';
import { and, eq, gt, isNull } from 'drizzle-orm';

export type NotifyRow = typeof notificationSubscriptions.$inferSelect;
type Channel = NotifyRow['channel'];

/** Drizzle queries of notification subscriptions and double opt-in links; no rules. */
export function createNotificationsRepo(db: Db) {
  return {
    async user(userId: string) {
      const [row] = await db.select({ id: users.id, email: users.email, phone: users.phone, isVirtual: users.isVirtual }).from(users).where(eq(users.id, userId)).limit(1);
      return row ?? null;
    },

    list(userId: string) {
      return db.select().from(notificationSubscriptions).where(eq(notificationSubscriptions.userId, userId));
    },

    async set(input: { userId: string; channel: Channel; status: NotifyRow['status']; destination: string | null; confirmedAt?: Date | null; at: Date }) {
      const values = { status: input.status, destination: input.destination, updatedAt: input.at, ...(input.confirmedAt !== undefined ? { confirmedAt: input.confirmedAt } : {}) };
      const [row] = await db
        .insert(notificationSubscriptions)
        .values({ userId: input.userId, channel: input.channel, ...values })
        .onConflictDoUpdate({ target: [notificationSubscriptions.userId, notificationSubscriptions.channel], set: values })
        .returning();
      return row!;
    },

    async addToken(input: { userId: string; email: string; tokenHash: string; expiresAt: Date; at: Date }) {
      await db.insert(emailSubscriptionTokens).values({ userId: input.userId, email: input.email, tokenHash: input.tokenHash, expiresAt: input.expiresAt, createdAt: input.at });
    },

    /** Uses a live token once: only one of two concurrent uses finds it unconsumed. */
    async consumeToken(tokenHash: string, at: Date) {
      const [row] = await db
        .update(emailSubscriptionTokens)
        .set({ consumedAt: at })
        .where(and(eq(emailSubscriptionTokens.tokenHash, tokenHash), isNull(emailSubscriptionTokens.consumedAt), gt(emailSubscriptionTokens.expiresAt, at)))
        .returning();
      return row ?? null;
    },

    /** Earlier links of the user stop working (a new letter went out, or the subscription was turned off). */
    async dropTokens(userId: string, at: Date) {
      await db
        .update(emailSubscriptionTokens)
        .set({ consumedAt: at })
        .where(and(eq(emailSubscriptionTokens.userId, userId), isNull(emailSubscriptionTokens.consumedAt)));
    },
  };
}
