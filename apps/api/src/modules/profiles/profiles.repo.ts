import { profiles, sessions, users, type Db } from '@ekran/db';
import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';

export type ProfileRow = typeof profiles.$inferSelect;
export type NewProfile = Omit<typeof profiles.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/** Drizzle queries of profiles and of the session's current profile; no rules. */
export function createProfilesRepo(db: Db) {
  return {
    /** The account's profiles: the main one first, then by creation. */
    list(userId: string) {
      return db.select().from(profiles).where(eq(profiles.userId, userId)).orderBy(desc(profiles.isMain), asc(profiles.createdAt), asc(profiles.id));
    },

    /** A profile of this account, or null (another account's profile is as unknown as a missing one). */
    async byId(userId: string, profileId: string): Promise<ProfileRow | null> {
      const [row] = await db.select().from(profiles).where(and(eq(profiles.id, profileId), eq(profiles.userId, userId))).limit(1);
      return row ?? null;
    },

    /**
     * Creates a profile unless the account already has `max`; the account row is locked meanwhile, so two
     * concurrent creations cannot both pass the count. Null when the limit is reached.
     */
    async createWithin(userId: string, max: number, values: (existing: number) => NewProfile): Promise<ProfileRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [row] = await tx.select({ n: count() }).from(profiles).where(eq(profiles.userId, userId));
        const existing = Number(row?.n ?? 0);
        if (existing >= max) return null;
        const [created] = await tx.insert(profiles).values({ ...values(existing), userId }).returning();
        return created ?? null;
      });
    },

    async update(userId: string, profileId: string, set: Partial<NewProfile>): Promise<ProfileRow | null> {
      const [row] = await db.update(profiles).set(set).where(and(eq(profiles.id, profileId), eq(profiles.userId, userId))).returning();
      return row ?? null;
    },

    /**
     * Deletes a profile. Sessions on it move to the main profile; when it was a child profile, those other
     * sessions also end (a child's device must not wake up in an adult profile).
     */
    async remove(input: { userId: string; profileId: string; mainId: string; isChild: boolean; now: Date }) {
      await db.transaction(async (tx) => {
        const onIt = and(eq(sessions.profileId, input.profileId), eq(sessions.userId, input.userId));
        if (input.isChild) {
          await tx.update(sessions).set({ profileId: input.mainId, revokedAt: input.now }).where(and(onIt, isNull(sessions.revokedAt)));
        }
        await tx.update(sessions).set({ profileId: input.mainId }).where(onIt);
        await tx.delete(profiles).where(and(eq(profiles.id, input.profileId), eq(profiles.userId, input.userId)));
      });
    },

    /** Makes a profile the session's current one. */
    async selectForSession(sessionId: string, profileId: string) {
      await db.update(sessions).set({ profileId }).where(eq(sessions.id, sessionId));
    },
  };
}
export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;
