import { offerImpressions, offers, tariffs, type Db } from '@ekran/db';
import { and, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';

export type OfferRow = typeof offers.$inferSelect;
export type ImpressionRow = typeof offerImpressions.$inferSelect;

/** Drizzle queries of offers and their impressions; no rules. */
export function createOffersRepo(db: Db) {
  return {
    /** Offers switched on, with their tariffs, highest priority first (whether each is within its period is the caller's). */
    switchedOn() {
      return db
        .select({ offer: offers, tariff: tariffs })
        .from(offers)
        .leftJoin(tariffs, eq(tariffs.id, offers.tariffId))
        .where(eq(offers.isActive, true))
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

    /** Every impression of the account (a handful: one per offer it was shown), with its offer's kind. */
    impressions(userId: string) {
      return db
        .select({ impression: offerImpressions, kind: offers.kind })
        .from(offerImpressions)
        .innerJoin(offers, eq(offers.id, offerImpressions.offerId))
        .where(eq(offerImpressions.userId, userId));
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
