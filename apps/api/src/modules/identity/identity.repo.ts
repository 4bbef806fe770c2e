import { devices, profiles, sessions, subscriptions, users, type Db } from '@ekran/db';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Drizzle queries of accounts, devices and sessions; no rules. */
export function createIdentityRepo(db: Db) {
  return {
    /** Creates a virtual user with one main profile, its device and a session, atomically. */
    async createVirtualUserSession(input: {
      countryCode: string;
      trafficSource: string | null;
      isChild: boolean;
      deviceUid: string;
      deviceType: string;
      tokenHash: string;
      apiClientId: string;
      expiresAt: Date;
    }) {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ isVirtual: true, countryCode: input.countryCode, trafficSource: input.trafficSource })
          .returning();
        if (!user) throw new Error('insert users returned nothing');
        const [profile] = await tx
          .insert(profiles)
          .values({ userId: user.id, name: input.isChild ? 'Детский' : 'Основной', isChild: input.isChild, isMain: true })
          .returning();
        if (!profile) throw new Error('insert profiles returned nothing');
        const [device] = await tx
          .insert(devices)
          .values({ userId: user.id, deviceUid: input.deviceUid, deviceType: input.deviceType })
          .returning();
        if (!device) throw new Error('insert devices returned nothing');
        await tx.insert(sessions).values({
          tokenHash: input.tokenHash,
          userId: user.id,
          profileId: profile.id,
          deviceId: device.id,
          apiClientId: input.apiClientId,
          expiresAt: input.expiresAt,
        });
        return { user, profile };
      });
    },

    /** The live session for a token hash with its user and profile. */
    async findSession(tokenHash: string, now: Date) {
      const [row] = await db
        .select({ session: sessions, user: users, profile: profiles })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(profiles, eq(profiles.id, sessions.profileId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },

    async touchSession(sessionId: string, now: Date, expiresAt: Date) {
      await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, sessionId));
    },

    listDevices(userId: string) {
      return db.select().from(devices).where(eq(devices.userId, userId)).orderBy(asc(devices.createdAt));
    },

    /** Every subscription of the user, newest first (a handful per user). */
    listSubscriptions(userId: string) {
      return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.expiresAt));
    },

    /** Subscriptions that have not yet expired, newest first. */
    listLiveSubscriptions(userId: string, now: Date) {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), gt(subscriptions.expiresAt, now)))
        .orderBy(desc(subscriptions.expiresAt));
    },
    /** A new session of a user on its main profile, registering the device when it is new. */
    async createSession(input: { userId: string; tokenHash: string; apiClientId: string; expiresAt: Date; deviceUid: string | null; deviceType: string }) {
      return db.transaction(async (tx) => {
        // A new session starts on the main profile (issue 3 profiles: an account may have several).
        const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, input.userId)).orderBy(desc(profiles.isMain), asc(profiles.createdAt)).limit(1);
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
export type IdentityRepo = ReturnType<typeof createIdentityRepo>;
