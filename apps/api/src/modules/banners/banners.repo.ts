import { isUuid } from '@ekran/core';
import { banners, collectionItems, collections, extras, titles, type Db } from '@ekran/db';
import type { BannerLocation } from '@ekran/contracts';
import { and, asc, count, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';

export type BannerRow = typeof banners.$inferSelect;


/** Drizzle queries of banners and of what they point at; no rules. */
export function createBannersRepo(db: Db) {
  return {
    /** Banners of a location inside their window at `now`, in editorial order; kidsOnly keeps for_kids ones. */
    active(location: BannerLocation, now: Date, kidsOnly: boolean): Promise<BannerRow[]> {
      const conditions: (SQL | undefined)[] = [
        eq(banners.location, location),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
        kidsOnly ? eq(banners.forKids, true) : undefined,
      ];
      return db.select().from(banners).where(and(...conditions)).orderBy(asc(banners.position), asc(banners.alias));
    },

    /** Titles by alias, with what a kids scope reads. */
    async titlesByAlias(aliases: string[]) {
      if (aliases.length === 0) return [];
      return db
        .select({ alias: titles.alias, forKids: titles.forKids, ratingAge: titles.ratingAge, isDisabled: titles.isDisabled })
        .from(titles)
        .where(inArray(titles.alias, aliases));
    },

    /** Extras (trailers) by id with their title; ids that are not UUIDs match nothing. */
    async extrasById(ids: string[]) {
      const valid = ids.filter((id) => isUuid(id));
      if (valid.length === 0) return [];
      return db
        .select({ id: extras.id, forKids: titles.forKids, ratingAge: titles.ratingAge, isDisabled: titles.isDisabled })
        .from(extras)
        .innerJoin(titles, eq(titles.id, extras.titleId))
        .where(inArray(extras.id, valid));
    },

    /**
     * Collections by alias with the number of their visible titles, counting only kids titles of the given
     * ratings when `kids` is set (null ratings: any kids title).
     */
    async collectionsByAlias(aliases: string[], kids: { ratings: readonly string[] | null } | null) {
      if (aliases.length === 0) return [];
      const titleConditions: (SQL | undefined)[] = [
        eq(titles.id, collectionItems.titleId),
        eq(titles.isDisabled, false),
        kids ? eq(titles.forKids, true) : undefined,
        kids?.ratings ? inArray(titles.ratingAge, [...kids.ratings]) : undefined,
      ];
      return db
        .select({ alias: collections.alias, forKids: collections.forKids, visible: count(titles.id) })
        .from(collections)
        .leftJoin(collectionItems, eq(collectionItems.collectionId, collections.id))
        .leftJoin(titles, and(...titleConditions))
        .where(inArray(collections.alias, aliases))
        .groupBy(collections.alias, collections.forKids);
    },
  };
}
