import { parentalControls, pinResetTokens, profiles, type Db } from '@ekran/db';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';

export type ParentalControlRow = typeof parentalControls.$inferSelect;

/** Drizzle queries of the parental PIN, its wrong-try lock and its reset links; no rules. */
export function createPinRepo(db: Db) {
  const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  return {
    /** What pin_status is made of: the number of child profiles, whether a PIN is set, whether it was declined. */
    async facts(userId: string): Promise<{ childProfiles: number; hasPin: boolean; skipped: boolean }> {
      const [[children], [row]] = await Promise.all([
        db.select({ n: count() }).from(profiles).where(and(eq(profiles.userId, userId), eq(profiles.isChild, true))),
        db.select({ pinHash: parentalControls.pinHash, skippedAt: parentalControls.skippedAt }).from(parentalControls).where(eq(parentalControls.userId, userId)),
      ]);
      return { childProfiles: Number(children?.n ?? 0), hasPin: Boolean(row?.pinHash), skipped: Boolean(row?.skippedAt) };
    },

    async get(userId: string): Promise<ParentalControlRow | null> {
      const [row] = await db.select().from(parentalControls).where(eq(parentalControls.userId, userId)).limit(1);
      return row ?? null;
    },

    /** Sets the PIN only when none is set (two concurrent creations: one wins); true when it was set. */
    async createPin(userId: string, pinHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(parentalControls)
        .values({ userId, pinHash, updatedAt: now })
        .onConflictDoUpdate({
          target: parentalControls.userId,
          set: { pinHash, skippedAt: null, failedAttempts: 0, lockedUntil: null, lockCount: 0, updatedAt: now },
          setWhere: isNull(parentalControls.pinHash),
        })
        .returning({ userId: parentalControls.userId });
      return rows.length > 0;
    },

    /** Replaces the PIN (after the old one was checked). */
    async replacePin(userId: string, pinHash: string, now: Date) {
      await db.update(parentalControls).set({ pinHash, failedAttempts: 0, lockedUntil: null, lockCount: 0, updatedAt: now }).where(eq(parentalControls.userId, userId));
    },

    /** Removes the PIN; `declined` records that the viewer chose to have none (pin_status skip). */
    async removePin(userId: string, now: Date, declined: boolean) {
      await db
        .update(parentalControls)
        .set({ pinHash: null, skippedAt: declined ? now : null, failedAttempts: 0, lockedUntil: null, lockCount: 0, updatedAt: now })
        .where(eq(parentalControls.userId, userId));
    },

    /** Records that the viewer declined to make a PIN, unless one is set; true when recorded. */
    async skip(userId: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(parentalControls)
        .values({ userId, skippedAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: parentalControls.userId, set: { skippedAt: now, updatedAt: now }, setWhere: isNull(parentalControls.pinHash) })
        .returning({ userId: parentalControls.userId });
      return rows.length > 0;
    },

    /**
     * Takes one try of the account atomically, before the PIN is compared, so parallel guesses cannot
     * outrun the count: the try that reaches `maxAttempts` locks checks for the next step of `locksMs` (the
     * account's earlier locks since its last right PIN choose the step; the last step repeats), and a right
     * PIN clears both. An expired lock starts the count of tries again, not the steps. Null when there is no
     * PIN or checks are locked.
     */
    async takeAttempt(userId: string, now: Date, maxAttempts: number, locksMs: readonly number[]): Promise<{ attempts: number; pinHash: string; lockedUntil: Date | null } | null> {
      const expired = sql`(${parentalControls.lockedUntil} is not null and ${parentalControls.lockedUntil} <= ${ts(now)})`;
      const next = sql`(case when ${expired} then 1 else ${parentalControls.failedAttempts} + 1 end)`;
      const steps = locksMs.slice(0, -1).map((ms, i) => sql`when ${parentalControls.lockCount} = ${i} then ${ms}::bigint`);
      const lockMs = sql`(case ${sql.join(steps, sql` `)} else ${locksMs.at(-1)}::bigint end)`;
      const [row] = await db
        .update(parentalControls)
        .set({
          failedAttempts: sql`${next}`,
          lockedUntil: sql`case when ${next} >= ${maxAttempts} then ${ts(now)} + ${lockMs} * interval '1 millisecond' else null end`,
          lockCount: sql`case when ${next} >= ${maxAttempts} then ${parentalControls.lockCount} + 1 else ${parentalControls.lockCount} end`,
          updatedAt: now,
        })
        .where(
          and(
            eq(parentalControls.userId, userId),
            sql`${parentalControls.pinHash} is not null`,
            sql`(${parentalControls.lockedUntil} is null or ${parentalControls.lockedUntil} <= ${ts(now)})`,
          ),
        )
        .returning({ attempts: parentalControls.failedAttempts, pinHash: parentalControls.pinHash, lockedUntil: parentalControls.lockedUntil });
      return row?.pinHash ? { attempts: row.attempts, pinHash: row.pinHash, lockedUntil: row.lockedUntil } : null;
    },

    /** A right PIN: the count starts again, any lock ends and the next lock is the shortest again. */
    async clearAttempts(userId: string) {
      await db.update(parentalControls).set({ failedAttempts: 0, lockedUntil: null, lockCount: 0 }).where(eq(parentalControls.userId, userId));
    },

    /** A new reset link; the earlier unused ones stop working. */
    async issueResetToken(userId: string, tokenHash: string, now: Date, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx.update(pinResetTokens).set({ consumedAt: now }).where(and(eq(pinResetTokens.userId, userId), isNull(pinResetTokens.consumedAt)));
        await tx.insert(pinResetTokens).values({ userId, tokenHash, expiresAt, createdAt: now });
      });
    },

    /** The live reset link of a token hash, or null. */
    async liveResetToken(tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(pinResetTokens)
        .where(and(eq(pinResetTokens.tokenHash, tokenHash), isNull(pinResetTokens.consumedAt), gt(pinResetTokens.expiresAt, now)))
        .limit(1);
      return row ?? null;
    },

    /** Uses a live reset link once (concurrent uses: one wins) and removes the PIN; the user, or null. */
    async consumeResetToken(tokenHash: string, now: Date): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(pinResetTokens)
          .set({ consumedAt: now })
          .where(and(eq(pinResetTokens.tokenHash, tokenHash), isNull(pinResetTokens.consumedAt), gt(pinResetTokens.expiresAt, now)))
          .returning({ userId: pinResetTokens.userId });
        if (!used) return null;
        await tx
          .update(parentalControls)
          .set({ pinHash: null, skippedAt: null, failedAttempts: 0, lockedUntil: null, lockCount: 0, updatedAt: now })
          .where(eq(parentalControls.userId, used.userId));
        return used.userId;
      });
    },

    /** Ends every unused reset link of the account (the PIN changed or was removed another way). */
    async revokeResetTokens(userId: string, now: Date) {
      await db.update(pinResetTokens).set({ consumedAt: now }).where(and(eq(pinResetTokens.userId, userId), isNull(pinResetTokens.consumedAt)));
    },
  };
}
export type PinRepo = ReturnType<typeof createPinRepo>;
