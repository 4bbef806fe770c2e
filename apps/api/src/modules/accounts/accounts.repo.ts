import { devices, profiles, sessions, users, type Db } from '@ekran/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

/** Drizzle queries of sign-up, sign-in and sign-out; no rules. */
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

    /** A new session of a user on its main profile, registering the device when it is new. */
    async createSession(input: { userId: string; tokenHash: string; apiClientId: string; expiresAt: Date; deviceUid: string | null; deviceType: string }) {
      return db.transaction(async (tx) => {
        const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, input.userId)).orderBy(asc(profiles.createdAt)).limit(1);
        if (!profile) throw new Error(`user ${input.userId} has no profile`);
        let deviceId: string | null = null;
        if (input.deviceUid) {
          const [device] = await tx
            .insert(devices)
            .values({ userId: input.userId, deviceUid: input.deviceUid, deviceType: input.deviceType })
            .onConflictDoUpdate({ target: [devices.userId, devices.deviceUid], set: { lastSeenAt: sql`now()` } })
            .returning({ id: devices.id });
          deviceId = device?.id ?? null;
        }
        await tx.insert(sessions).values({
          tokenHash: input.tokenHash,
          userId: input.userId,
          profileId: profile.id,
          deviceId,
          apiClientId: input.apiClientId,
          expiresAt: input.expiresAt,
        });
      });
    },

    /** A new password; every live session of the user ends with it. */
    async setPassword(userId: string, passwordHash: string, at: Date) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
        await tx.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      });
    },

    async revokeSession(sessionId: string, at: Date) {
      await db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async deviceUidOf(deviceId: string | null) {
      if (!deviceId) return null;
      const [row] = await db.select({ uid: devices.deviceUid, type: devices.deviceType }).from(devices).where(eq(devices.id, deviceId)).limit(1);
      return row ?? null;
    },
  };
}
