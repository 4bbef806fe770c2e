import { sessions, users, type Db } from '@ekran/db';
import { and, eq, isNull, sql } from 'drizzle-orm';

/** Drizzle queries of sign-up, confirmation and passwords; no rules. */
export function createAccountsRepo(db: Db) {
  return {
    async userByEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
      return row ?? null;
    },

    /**
     * Turns a virtual user into a registered one in place, so what it made before (favorites, history,
     * progress) stays its own. Answers null when the user is no longer virtual (a second tab won).
     */
    async registerVirtual(userId: string, email: string, passwordHash: string) {
      const [row] = await db
        .update(users)
        .set({ email, passwordHash, isVirtual: false })
        .where(and(eq(users.id, userId), eq(users.isVirtual, true)))
        .returning();
      return row ?? null;
    },

    async confirmEmail(userId: string, at: Date) {
      await db.update(users).set({ emailConfirmedAt: at }).where(eq(users.id, userId));
    },

    /** A new password; every live session of the user ends with it. */
    async setPassword(userId: string, passwordHash: string, at: Date) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      });
    },

  };
}
