import { externalSubscriptions, offerImpressions, offers, tariffs, users, type Db } from '@ekran/db';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';

export type OfferRow = typeof offers.$inferSelect;
export type ImpressionRow = typeof offerImpressions.$inferSelect;

/** Drizzle queries of offers and their impressions; no rules. */
export function createOffersRepo(db: Db) {
  return {
    /** Offers of these kinds switched on and within their period at `now`, with their tariffs, highest priority first. */
    running(kinds: readonly OfferRow['kind'][], now: Date) {
      return db
        .select({ offer: offers, tariff: tariffs })
        .from(offers)
        .leftJoin(tariffs, eq(tariffs.id, offers.tariffId))
        .where(
          and(
            inArray(offers.kind, [...kinds]),
            eq(offers.isActive, true),
            or(isNull(offers.startsAt), lte(offers.startsAt, now)),
            or(isNull(offers.endsAt), gt(offers.endsAt, now)),
          ),
        )
        .orderBy(desc(offers.priority), sql`${offers.startsAt} desc nulls last`, offers.alias);
    },

    /** Tariffs by id (the next tariffs of discount chains). */
    tariffsByIds(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([] as (typeof tariffs.$inferSelect)[]);
      return db.select().from(tariffs).where(inArray(tariffs.id, ids));
    },

    /** An offer with its tariff (null when it sells none). */
    async byId(id: string) {
      const [row] = await db.select({ offer: offers, tariff: tariffs }).from(offers).leftJoin(tariffs, eq(tariffs.id, offers.tariffId)).where(eq(offers.id, id)).limit(1);
      return row ?? null;
    },

    /** The account's impressions of these offers. */
    impressions(userId: string, offerIds: string[]) {
      if (offerIds.length === 0) return Promise.resolve([] as ImpressionRow[]);
      return db.select().from(offerImpressions).where(and(eq(offerImpressions.userId, userId), inArray(offerImpressions.offerId, offerIds)));
    },

    /** When an offer of each kind was last shown to the account. */
    async lastShownByKind(userId: string) {
      const rows = await db
        .select({ kind: offers.kind, at: sql<string>`max(${offerImpressions.shownAt})` })
        .from(offerImpressions)
        .innerJoin(offers, eq(offers.id, offerImpressions.offerId))
        .where(eq(offerImpressions.userId, userId))
        .groupBy(offers.kind);
      return new Map(rows.map((r) => [r.kind, new Date(r.at)]));
    },

    async isVirtual(userId: string) {
      const [row] = await db.select({ isVirtual: users.isVirtual }).from(users).where(eq(users.id, userId));
      return row?.isVirtual ?? true;
    },

    async hasLiveExternals(userId: string, now: Date) {
      const rows = await db
        .select({ id: externalSubscriptions.id })
        .from(externalSubscriptions)
        .where(and(eq(externalSubscriptions.userId, userId), or(isNull(externalSubscriptions.expiresAt), gt(externalSubscriptions.expiresAt, now))))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * Records a show once: the unique (offer, account) key lets one of any number of concurrent calls insert. When
     * `againBefore` is given (the upsell), a row whose windows are over (shown_at before it, the answer older) is
     * shown again: shown_at moves on and the old answer is cleared, under the same single-row guard.
     */
    async recordShown(input: { offerId: string; userId: string; placement: string; at: Date }, again?: { shownBefore: Date; answeredBefore: Date }) {
      const insert = db.insert(offerImpressions).values({ offerId: input.offerId, userId: input.userId, placement: input.placement, shownAt: input.at });
      const rows = again
        ? await insert
            .onConflictDoUpdate({
              target: [offerImpressions.offerId, offerImpressions.userId],
              set: { shownAt: input.at, placement: input.placement, answer: null, answeredAt: null },
              setWhere: and(lte(offerImpressions.shownAt, again.shownBefore), or(isNull(offerImpressions.answeredAt), lte(offerImpressions.answeredAt, again.answeredBefore))),
            })
            .returning({ id: offerImpressions.id })
        : await insert.onConflictDoNothing().returning({ id: offerImpressions.id });
      return rows.length > 0;
    },

    /**
     * Records the answer of a show once (the first answer stands); an answer without a recorded show (its call was
     * lost) records both.
     */
    async recordAnswer(input: { offerId: string; userId: string; placement: string; answer: 'closed' | 'accepted'; at: Date }) {
      const inserted = await db
        .insert(offerImpressions)
        .values({ offerId: input.offerId, userId: input.userId, placement: input.placement, shownAt: input.at, answer: input.answer, answeredAt: input.at })
        .onConflictDoNothing()
        .returning({ id: offerImpressions.id });
      if (inserted.length > 0) return true;
      const updated = await db
        .update(offerImpressions)
        .set({ answer: input.answer, answeredAt: input.at })
        .where(and(eq(offerImpressions.offerId, input.offerId), eq(offerImpressions.userId, input.userId), isNull(offerImpressions.answer)))
        .returning({ id: offerImpressions.id });
      return updated.length > 0;
    },
  };
}
