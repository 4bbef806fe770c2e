import { accountDetails, subscriptions, tariffs, users, type Db } from '@ekran/db';
import { desc, eq } from 'drizzle-orm';

/** Drizzle queries of the account page: the holder's details, subscriptions, deletion; no rules. */
export function createAccountRepo(db: Db) {
  return {
    /** The user with its details row (absent until a detail is first saved). */
    async person(userId: string) {
      const [row] = await db
        .select({ user: users, details: accountDetails })
        .from(users)
        .leftJoin(accountDetails, eq(accountDetails.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    /** Saves some of the details, leaving the others as they are. */
    async saveDetails(userId: string, values: Partial<Pick<typeof accountDetails.$inferInsert, 'personName' | 'birthday' | 'gender'>>, at: Date) {
      await db
        .insert(accountDetails)
        .values({ userId, ...values, updatedAt: at })
        .onConflictDoUpdate({ target: accountDetails.userId, set: { ...values, updatedAt: at } });
    },

    /** Every subscription of the user with its tariff, the latest expiry first. */
    subscriptions(userId: string) {
      return db
        .select({ subscription: subscriptions, tariff: tariffs })
        .from(subscriptions)
        .innerJoin(tariffs, eq(tariffs.id, subscriptions.tariffId))
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.expiresAt));
    },

    /** Deletes the account; its profiles, devices, sessions, codes, details and subscriptions go with it (cascade). */
    async deleteUser(userId: string) {
      await db.delete(users).where(eq(users.id, userId));
    },
  };
}
