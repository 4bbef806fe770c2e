import { sessions, users, verificationCodes, type Db } from '@ekran/db';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';

/** A transaction handle the repo's queries may run in. */
export type AccountsTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Drizzle queries of sign-up, confirmation and passwords; no rules. */
export function createAccountsRepo(db: Db | AccountsTx) {
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

    async userById(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row ?? null;
    },

    async userByPhone(phone: string) {
      const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
      return row ?? null;
    },

    /** Sign-up by phone: the virtual user becomes registered in place; null when it is no longer virtual. */
    async registerVirtualByPhone(userId: string, phone: string) {
      const [row] = await db
        .update(users)
        .set({ phone, isVirtual: false })
        .where(and(eq(users.id, userId), eq(users.isVirtual, true)))
        .returning();
      return row ?? null;
    },

    /** Adds a phone to a registered account that has none (completes a social registration); null otherwise. */
    async attachPhone(userId: string, phone: string) {
      const [row] = await db
        .update(users)
        .set({ phone })
        .where(and(eq(users.id, userId), eq(users.isVirtual, false), isNull(users.phone)))
        .returning();
      return row ?? null;
    },

    /**
     * How many sign-in codes went to a phone since a moment, and when the newest one that is still unused
     * went (null when the last code was used, or none went).
     */
    async smsCodesSince(phone: string, since: Date) {
      const [row] = await db
        .select({
          sent: count(),
          lastUnused: sql<Date | null>`max(${verificationCodes.createdAt}) filter (where ${verificationCodes.consumedAt} is null)`.mapWith(verificationCodes.createdAt),
        })
        .from(verificationCodes)
        .where(and(eq(verificationCodes.destination, phone), eq(verificationCodes.purpose, 'sign_in'), gt(verificationCodes.createdAt, since)));
      return { sent: row?.sent ?? 0, lastUnused: row?.lastUnused ?? null };
    },
  };
}
