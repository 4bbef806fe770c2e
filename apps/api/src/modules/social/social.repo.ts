import type { SocialProvider } from '@ekran/core';
import { profiles, socialAuthFlows, socialIdentities, users, type Db } from '@ekran/db';
import { and, asc, count, eq, lt, sql } from 'drizzle-orm';
import type { SocialProfile } from './providers.ts';

export type FlowRow = typeof socialAuthFlows.$inferSelect;
export type { IdentityRow } from './social.types.ts';
type FlowStatus = FlowRow['status'];
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const identityValues = (userId: string, provider: SocialProvider, profile: SocialProfile, at: Date) => ({
  provider,
  subject: profile.subject,
  userId,
  email: profile.email,
  emailVerified: profile.emailVerified,
  phone: profile.phone,
  name: profile.name,
  linkedAt: at,
});

/** Drizzle queries of social identities and sign-in flows; no rules. */
export function createSocialRepo(db: Db) {
  return {
    async createFlow(values: typeof socialAuthFlows.$inferInsert) {
      await db.insert(socialAuthFlows).values(values);
    },

    async flowByBinding(bindingHash: string) {
      const [row] = await db.select().from(socialAuthFlows).where(eq(socialAuthFlows.bindingHash, bindingHash)).limit(1);
      return row ?? null;
    },

    /** Moves a flow from one status to the next; null when another request moved it first (a replay). */
    async moveFlow(id: string, from: FlowStatus, to: FlowStatus, set: Partial<Pick<FlowRow, 'profile' | 'expiresAt'>> = {}) {
      const [row] = await db
        .update(socialAuthFlows)
        .set({ status: to, ...set })
        .where(and(eq(socialAuthFlows.id, id), eq(socialAuthFlows.status, from)))
        .returning();
      return row ?? null;
    },

    async endFlow(id: string, status: 'done' | 'failed') {
      await db.update(socialAuthFlows).set({ status, profile: null }).where(eq(socialAuthFlows.id, id));
    },

    /** Forgets flows that ended or expired a day ago (they are kept a while to tell a replay from a stranger). */
    async purgeFlows(before: Date) {
      await db.delete(socialAuthFlows).where(lt(socialAuthFlows.expiresAt, before));
    },

    async identity(provider: SocialProvider, subject: string) {
      const [row] = await db
        .select()
        .from(socialIdentities)
        .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
        .limit(1);
      return row ?? null;
    },

    listIdentities(userId: string) {
      return db.select().from(socialIdentities).where(eq(socialIdentities.userId, userId)).orderBy(asc(socialIdentities.linkedAt));
    },

    /** What the provider says now, refreshed at each sign-in. */
    async refreshIdentity(id: string, profile: SocialProfile) {
      await db
        .update(socialIdentities)
        .set({ email: profile.email, emailVerified: profile.emailVerified, phone: profile.phone, ...(profile.name ? { name: profile.name } : {}) })
        .where(eq(socialIdentities.id, id));
    },

    async linkIdentity(userId: string, provider: SocialProvider, profile: SocialProfile, at: Date) {
      await db.insert(socialIdentities).values(identityValues(userId, provider, profile, at));
    },

    /** A registered (not virtual) account by email, case-insensitive. */
    async registeredUserByEmail(email: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), eq(users.isVirtual, false)))
        .limit(1);
      return row ?? null;
    },

    async emailTaken(email: string) {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
      return Boolean(row);
    },

    async user(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row ?? null;
    },

    /**
     * Turns a virtual user into a registered one in place (same id, its favorites and history stay) and links
     * the identity, atomically. Null when the user is no longer virtual (another tab signed it up first).
     */
    async registerVirtual(userId: string, provider: SocialProvider, profile: SocialProfile, email: string | null, at: Date) {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .update(users)
          .set({ isVirtual: false, ...(email ? { email, emailConfirmedAt: at } : {}) })
          .where(and(eq(users.id, userId), eq(users.isVirtual, true)))
          .returning();
        if (!user) return null;
        await tx.insert(socialIdentities).values(identityValues(user.id, provider, profile, at));
        return user;
      });
    },

    /** A new registered account with its main profile and the identity (a sign-up without a virtual user). */
    async createRegistered(input: { countryCode: string; provider: SocialProvider; profile: SocialProfile; email: string | null; at: Date }) {
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ isVirtual: false, countryCode: input.countryCode, ...(input.email ? { email: input.email, emailConfirmedAt: input.at } : {}) })
          .returning();
        if (!user) throw new Error('insert users returned nothing');
        await tx.insert(profiles).values({ userId: user.id, name: 'Основной', isMain: true });
        await tx.insert(socialIdentities).values(identityValues(user.id, input.provider, input.profile, input.at));
        return user;
      });
    },

    /**
     * Removes the identity unless it is the last way into the account: the user row is locked so two
     * unlinks at once cannot both pass the check. Answers what happened.
     */
    async unlink(userId: string, provider: SocialProvider): Promise<'unlinked' | 'missing' | 'last'> {
      return db.transaction(async (tx: Tx) => {
        const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!user) return 'missing';
        const [mine] = await tx
          .select({ id: socialIdentities.id })
          .from(socialIdentities)
          .where(and(eq(socialIdentities.userId, userId), eq(socialIdentities.provider, provider)));
        if (!mine) return 'missing';
        const [others] = await tx.select({ n: count() }).from(socialIdentities).where(and(eq(socialIdentities.userId, userId), sql`${socialIdentities.id} <> ${mine.id}`));
        if (!user.passwordHash && !user.phone && (others?.n ?? 0) === 0) return 'last';
        await tx.delete(socialIdentities).where(eq(socialIdentities.id, mine.id));
        return 'unlinked';
      });
    },
  };
}
export type SocialRepo = ReturnType<typeof createSocialRepo>;
