import { accountState, devices, externalSubscriptions, orders, profiles, sessions, subscriptions, users, type Db } from '@ekran/db';
import { and, asc, desc, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ExternalSubscriptionRow = typeof externalSubscriptions.$inferSelect;
/** A live session with its account, profile and the account's version (findSession). */
export type SessionRow = { session: typeof sessions.$inferSelect; user: UserRow; profile: ProfileRow; accountVersion: number };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A device as a sign-in or a registration names it. */
export interface NewDevice {
  uid: string;
  type: string;
  userAgent: string | null;
}
/** The device-limit rule, decided by the caller: whether this user may add one more device to these. */
export type MayAddDevice = (user: { isVirtual: boolean }, devices: DeviceRow[]) => boolean;

/**
 * Puts a device on the user's list (or marks a listed one as seen) when `mayAdd` allows a new one. The
 * user's row is locked meanwhile, so two sign-ins at once cannot both take the last free slot.
 */
async function claimDevice(
  tx: Tx,
  input: { userId: string; now: Date; device: NewDevice; mayAdd: MayAddDevice },
): Promise<{ ok: true; device: DeviceRow } | { ok: false; devices: DeviceRow[] }> {
  const [user] = await tx.select({ isVirtual: users.isVirtual }).from(users).where(eq(users.id, input.userId)).for('update');
  if (!user) throw new Error(`user ${input.userId} does not exist`);
  const own = await tx.select().from(devices).where(eq(devices.userId, input.userId)).orderBy(asc(devices.createdAt));
  const known = own.some((d) => d.deviceUid === input.device.uid);
  if (!known && !input.mayAdd(user, own)) return { ok: false, devices: own };
  const [device] = await tx
    .insert(devices)
    .values({ userId: input.userId, deviceUid: input.device.uid, deviceType: input.device.type, userAgent: input.device.userAgent, createdAt: input.now, lastSeenAt: input.now })
    .onConflictDoUpdate({
      target: [devices.userId, devices.deviceUid],
      set: { lastSeenAt: input.now, ...(input.device.userAgent ? { userAgent: input.device.userAgent } : {}) },
    })
    .returning();
  if (!device) throw new Error('upsert devices returned nothing');
  return { ok: true, device };
}

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
      userAgent: string | null;
      tokenHash: string;
      apiClientId: string;
      expiresAt: Date;
      now: Date;
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
          .values({ userId: user.id, deviceUid: input.deviceUid, deviceType: input.deviceType, userAgent: input.userAgent, createdAt: input.now, lastSeenAt: input.now })
          .returning();
        if (!device) throw new Error('insert devices returned nothing');
        await tx.insert(sessions).values({
          tokenHash: input.tokenHash,
          userId: user.id,
          profileId: profile.id,
          deviceId: device.id,
          apiClientId: input.apiClientId,
          expiresAt: input.expiresAt,
          createdAt: input.now,
          lastUsedAt: input.now,
        });
        return { user, profile, device };
      });
    },

    /** The live session for a token hash with its user and profile. */
    /** Whether a registered account holds this email (compared as the sign-in compares it: lowercase). */
    async hasAccountWithEmail(email: string): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
      return row !== undefined;
    },

    async findSession(tokenHash: string, now: Date): Promise<SessionRow | null> {
      const [row] = await db
        .select({ session: sessions, user: users, profile: profiles, accountVersion: accountState.version })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(profiles, eq(profiles.id, sessions.profileId))
        .leftJoin(accountState, eq(accountState.userId, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .limit(1);
      // An account written before its version row existed (no trigger has fired for it yet) is at version 0.
      return row ? { ...row, accountVersion: row.accountVersion ?? 0 } : null;
    },

    /** Extends a session and marks its device as seen now. */
    async touchSession(sessionId: string, now: Date, expiresAt: Date, deviceId: string | null) {
      await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, sessionId));
      if (deviceId) await db.update(devices).set({ lastSeenAt: now }).where(eq(devices.id, deviceId));
    },

    /** Why the session of a token ended, when it was ended on purpose with a reason (device removal). */
    async endReasonOf(tokenHash: string) {
      const [row] = await db
        .select({ reason: sessions.revokedReason })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, tokenHash), isNotNull(sessions.revokedAt)))
        .limit(1);
      return row?.reason ?? null;
    },

    listDevices(userId: string) {
      return db.select().from(devices).where(eq(devices.userId, userId)).orderBy(asc(devices.createdAt));
    },

    /** Every subscription of the user, newest first (a handful per user). */
    listSubscriptions(userId: string) {
      return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.expiresAt));
    },

    /** Whether the account ever started a trial (a trial order that went through). */
    async hadTrialOrder(userId: string): Promise<boolean> {
      const [row] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, userId), eq(orders.kind, 'trial'), eq(orders.status, 'succeeded'))).limit(1);
      return row !== undefined;
    },

    /** Subscriptions bought through partners (platform §3 externals) that have not expired. */
    listLiveExternals(userId: string, now: Date) {
      return db
        .select()
        .from(externalSubscriptions)
        .where(and(eq(externalSubscriptions.userId, userId), or(isNull(externalSubscriptions.expiresAt), gt(externalSubscriptions.expiresAt, now))))
        .orderBy(asc(externalSubscriptions.createdAt));
    },
    /**
     * A new session of a user on its main profile on a device, registering the device when it is new and
     * `mayAdd` lets it (see claimDevice). Answers the user's devices when it does not.
     */
    async createSession(input: {
      userId: string;
      tokenHash: string;
      apiClientId: string;
      expiresAt: Date;
      now: Date;
      device: NewDevice;
      mayAdd: MayAddDevice;
    }): Promise<{ ok: true; device: DeviceRow } | { ok: false; devices: DeviceRow[] }> {
      return db.transaction(async (tx) => {
        // A new session starts on the main profile (an account may have several).
        const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, input.userId)).orderBy(desc(profiles.isMain), asc(profiles.createdAt)).limit(1);
        if (!profile) throw new Error(`user ${input.userId} has no profile`);
        const claimed = await claimDevice(tx, input);
        if (!claimed.ok) return claimed;
        await tx.insert(sessions).values({
          tokenHash: input.tokenHash,
          userId: input.userId,
          profileId: profile.id,
          deviceId: claimed.device.id,
          apiClientId: input.apiClientId,
          expiresAt: input.expiresAt,
          createdAt: input.now,
          lastUsedAt: input.now,
        });
        return claimed;
      });
    },

    /** Registers a device to a user as a sign-in would (same limit) and moves the given session onto it. */
    async registerDevice(input: { userId: string; sessionId: string; now: Date; device: NewDevice; mayAdd: MayAddDevice }) {
      return db.transaction(async (tx) => {
        const claimed = await claimDevice(tx, input);
        if (claimed.ok) await tx.update(sessions).set({ deviceId: claimed.device.id }).where(eq(sessions.id, input.sessionId));
        return claimed;
      });
    },

    /**
     * Removes a device of the user: its sessions end with the reason device_removed (so that browser learns
     * why), then the device row goes. Answers false when the user has no such device.
     */
    async removeDevice(userId: string, deviceId: string, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [device] = await tx.select({ id: devices.id }).from(devices).where(and(eq(devices.id, deviceId), eq(devices.userId, userId))).for('update');
        if (!device) return false;
        await tx
          .update(sessions)
          .set({ revokedAt: at, revokedReason: 'device_removed' })
          .where(and(eq(sessions.deviceId, deviceId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
        await tx.delete(devices).where(eq(devices.id, deviceId));
        return true;
      });
    },

    /** The user's device with this uid, if registered. */
    async deviceByUid(userId: string, uid: string) {
      const [row] = await db.select().from(devices).where(and(eq(devices.userId, userId), eq(devices.deviceUid, uid))).limit(1);
      return row ?? null;
    },

    async revokeSession(sessionId: string, at: Date) {
      await db.update(sessions).set({ revokedAt: at }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
    },

    async deviceUidOf(deviceId: string | null) {
      if (!deviceId) return null;
      const [row] = await db
        .select({ uid: devices.deviceUid, type: devices.deviceType, userAgent: devices.userAgent })
        .from(devices)
        .where(eq(devices.id, deviceId))
        .limit(1);
      return row ?? null;
    },
  };
}
export type IdentityRepo = ReturnType<typeof createIdentityRepo>;
