import { deviceAuthorizations, type Db } from '@ekran/db';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';

export type DeviceAuthorizationRow = typeof deviceAuthorizations.$inferSelect;
type NewDeviceAuthorization = typeof deviceAuthorizations.$inferInsert;

/** Drizzle queries of the TV sign-in codes; every change of state is one conditional update, so racing calls queue. */
export function createDeviceAuthRepo(db: Db) {
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  return {
    /** Inserts a request; null when its user code is taken (the caller draws another). */
    async create(values: NewDeviceAuthorization): Promise<DeviceAuthorizationRow | null> {
      const [row] = await db.insert(deviceAuthorizations).values(values).onConflictDoNothing({ target: deviceAuthorizations.userCode }).returning();
      return row ?? null;
    },

    /** Forgets requests dead since before `before`, which frees their user codes. */
    async pruneExpired(before: Date): Promise<void> {
      await db.delete(deviceAuthorizations).where(lt(deviceAuthorizations.expiresAt, before));
    },

    async byDeviceCodeHash(hash: string): Promise<DeviceAuthorizationRow | null> {
      const [row] = await db.select().from(deviceAuthorizations).where(eq(deviceAuthorizations.deviceCodeHash, hash)).limit(1);
      return row ?? null;
    },

    async byUserCode(userCode: string): Promise<DeviceAuthorizationRow | null> {
      const [row] = await db.select().from(deviceAuthorizations).where(eq(deviceAuthorizations.userCode, userCode)).limit(1);
      return row ?? null;
    },

    /**
     * Records a poll at `now` when the one before it was at least the interval (less `graceMs`) ago; null when it
     * came too soon. Two polls at once: the second waits for the first's row lock and then finds it too soon.
     */
    async poll(id: string, now: Date, graceMs: number): Promise<DeviceAuthorizationRow | null> {
      const { lastPolledAt, intervalSeconds } = deviceAuthorizations;
      const [row] = await db
        .update(deviceAuthorizations)
        .set({ lastPolledAt: now })
        .where(
          and(
            eq(deviceAuthorizations.id, id),
            or(isNull(lastPolledAt), sql`${lastPolledAt} + (${intervalSeconds} * 1000 - ${graceMs}) * interval '1 millisecond' <= ${at(now)}`),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** RFC 8628 §3.5 slow_down: the interval grows by `stepSeconds` and this poll counts as the last one. */
    async slowDown(id: string, now: Date, stepSeconds: number): Promise<number | null> {
      const [row] = await db
        .update(deviceAuthorizations)
        .set({ intervalSeconds: sql`${deviceAuthorizations.intervalSeconds} + ${stepSeconds}`, lastPolledAt: now })
        .where(eq(deviceAuthorizations.id, id))
        .returning({ interval: deviceAuthorizations.intervalSeconds });
      return row?.interval ?? null;
    },

    /** A pending, live request decided by a viewer (approved or denied); null when it is no longer pending or live. */
    async decide(id: string, input: { userId: string; status: 'approved' | 'denied'; now: Date }): Promise<DeviceAuthorizationRow | null> {
      const [row] = await db
        .update(deviceAuthorizations)
        .set({ status: input.status, userId: input.userId, decidedAt: input.now })
        .where(and(eq(deviceAuthorizations.id, id), eq(deviceAuthorizations.status, 'pending'), gt(deviceAuthorizations.expiresAt, input.now)))
        .returning();
      return row ?? null;
    },

    /** Takes an approved, live request for its one session: only one caller ever gets the row back. */
    async claim(id: string, now: Date): Promise<DeviceAuthorizationRow | null> {
      const [row] = await db
        .update(deviceAuthorizations)
        .set({ status: 'used', usedAt: now })
        .where(and(eq(deviceAuthorizations.id, id), eq(deviceAuthorizations.status, 'approved'), gt(deviceAuthorizations.expiresAt, now)))
        .returning();
      return row ?? null;
    },
  };
}
export type DeviceAuthRepo = ReturnType<typeof createDeviceAuthRepo>;
