import { landings, tariffs, titles, type Db } from '@ekran/db';
import { eq } from 'drizzle-orm';

export type LandingRow = typeof landings.$inferSelect;

/** Drizzle queries of landings; no rules. */
export function createLandingsRepo(db: Db) {
  return {
    /** A landing by slug with its tariff and featured title rows (either may be null). */
    async bySlug(slug: string) {
      const [row] = await db
        .select({ landing: landings, tariff: tariffs, title: titles })
        .from(landings)
        .leftJoin(tariffs, eq(tariffs.id, landings.tariffId))
        .leftJoin(titles, eq(titles.id, landings.titleId))
        .where(eq(landings.slug, slug))
        .limit(1);
      return row ?? null;
    },

    /** A tariff by id (the next tariff of a discount chain). */
    async tariff(id: string | null) {
      if (!id) return null;
      const [row] = await db.select().from(tariffs).where(eq(tariffs.id, id)).limit(1);
      return row ?? null;
    },
  };
}
