import { ENTITLING_STATUSES } from '@ekran/core';
import {
  externalSubscriptions, paymentMethods, promoActivations, promoCampaigns, promoCodes, subscriptions, tariffs, users, type Db,
} from '@ekran/db';
import { and, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';

export type CampaignRow = typeof promoCampaigns.$inferSelect;
export type CodeRow = typeof promoCodes.$inferSelect;
export type TariffRow = typeof tariffs.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Payment methods of subscriptions sold by the app stores: a promo does not apply over them (catalogue §8). */
const FOREIGN_METHOD_TYPES = ['itunes_receipt', 'google_token'];

/** Drizzle queries of promo codes, coupons and certificates; no rules. Works on the database or inside a transaction. */
export function createPromoRepo(db: Db | Tx) {
  return {
    /** A code (case-insensitive) with its campaign; `lock` takes the code row and then the campaign row for update. */
    async codeWithCampaign(code: string, lock = false) {
      const q = db
        .select({ code: promoCodes, campaign: promoCampaigns })
        .from(promoCodes)
        .innerJoin(promoCampaigns, eq(promoCampaigns.id, promoCodes.campaignId))
        .where(eq(sql`upper(${promoCodes.code})`, code.toUpperCase()))
        .limit(1);
      const [row] = lock ? await q.for('update') : await q;
      return row ?? null;
    },

    async campaignByAlias(alias: string, kind: CampaignRow['kind'], lock = false) {
      const q = db.select().from(promoCampaigns).where(and(eq(promoCampaigns.alias, alias), eq(promoCampaigns.kind, kind))).limit(1);
      const [row] = lock ? await q.for('update') : await q;
      return row ?? null;
    },

    async tariff(id: string | null) {
      if (!id) return null;
      const [row] = await db.select().from(tariffs).where(eq(tariffs.id, id)).limit(1);
      return row ?? null;
    },

    /** What the per-account rules read: the account, whether it ever had a subscription, externals, app-store methods, its activations of this campaign. */
    async userFacts(userId: string, campaignId: string, now: Date) {
      const [user] = await db.select({ id: users.id, isVirtual: users.isVirtual, createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
      if (!user) return null;
      const [subs, externals, foreign, used] = await Promise.all([
        db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1),
        db
          .select({ id: externalSubscriptions.id })
          .from(externalSubscriptions)
          .where(and(eq(externalSubscriptions.userId, userId), or(isNull(externalSubscriptions.expiresAt), gt(externalSubscriptions.expiresAt, now))))
          .limit(1),
        db
          .select({ id: paymentMethods.id })
          .from(paymentMethods)
          .where(and(eq(paymentMethods.userId, userId), inArray(paymentMethods.type, FOREIGN_METHOD_TYPES), eq(paymentMethods.state, 'active')))
          .limit(1),
        db
          .select({ codeId: promoActivations.codeId })
          .from(promoActivations)
          .where(and(eq(promoActivations.userId, userId), eq(promoActivations.campaignId, campaignId))),
      ]);
      return {
        createdAt: user.createdAt,
        hadSubscription: subs.length > 0,
        hasExternals: externals.length > 0,
        hasForeignSubscription: foreign.length > 0,
        usedCodeIds: used.map((u) => u.codeId),
      };
    },

    /** The account's live entitling subscription that ends last, locked (a promo extends it from its expiry). */
    async liveSubscriptionForUpdate(userId: string, now: Date) {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), gt(subscriptions.expiresAt, now), inArray(subscriptions.status, [...ENTITLING_STATUSES])))
        .orderBy(desc(subscriptions.expiresAt))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    async extendSubscription(id: string, expiresAt: Date, billingExpiresAt: Date | null, now: Date) {
      const [row] = await db.update(subscriptions).set({ expiresAt, billingExpiresAt, updatedAt: now }).where(eq(subscriptions.id, id)).returning();
      return row!;
    },

    async insertSubscription(values: typeof subscriptions.$inferInsert) {
      const [row] = await db.insert(subscriptions).values(values).returning();
      return row!;
    },

    async insertActivation(values: typeof promoActivations.$inferInsert) {
      await db.insert(promoActivations).values(values);
    },

    /** One more use of a code, only while it has uses left; false when it has none. */
    async useCode(codeId: string): Promise<boolean> {
      const rows = await db
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1` })
        .where(and(eq(promoCodes.id, codeId), or(isNull(promoCodes.maxUses), sql`${promoCodes.uses} < ${promoCodes.maxUses}`)))
        .returning({ id: promoCodes.id });
      return rows.length > 0;
    },

    /** One more activation of a campaign, only while it has activations left; false when it has none. */
    async countActivation(campaignId: string): Promise<boolean> {
      const rows = await db
        .update(promoCampaigns)
        .set({ activations: sql`${promoCampaigns.activations} + 1` })
        .where(and(eq(promoCampaigns.id, campaignId), or(isNull(promoCampaigns.maxActivations), sql`${promoCampaigns.activations} < ${promoCampaigns.maxActivations}`)))
        .returning({ id: promoCampaigns.id });
      return rows.length > 0;
    },

    async lockCampaign(campaignId: string) {
      await db.select({ id: promoCampaigns.id }).from(promoCampaigns).where(eq(promoCampaigns.id, campaignId)).for('update');
    },
  };
}
export type PromoRepo = ReturnType<typeof createPromoRepo>;
