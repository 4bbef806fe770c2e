import { GENRE_CATALOGUE_KINDS, type GenreCatalogueKind } from '@ekran/core';
import { genres, genreTexts, titleGenres, titles, type Db } from '@ekran/db';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';

export type GenreRow = typeof genres.$inferSelect;
export type GenreTextRow = typeof genreTexts.$inferSelect;

/** Who is looking: the kids catalogue only, and (a child profile's age cap) only these ratings. */
export interface Audience {
  forKids: boolean;
  ratings?: readonly string[] | null | undefined;
}

/** The catalogue kind of a title in SQL, the same split as the category pages (core genreKindOf). */
const kindOf = sql<GenreCatalogueKind>`case when ${titles.isAnimation} then 'animation' when ${titles.kind} = 'movie' then 'movies' else 'series' end`;

/** Drizzle queries of the genre pages; no rules. */
export function createGenresRepo(db: Db) {
  const seen = (a: Audience): SQL | undefined =>
    and(eq(titles.isDisabled, false), a.forKids ? eq(titles.forKids, true) : undefined, a.ratings ? inArray(titles.ratingAge, [...a.ratings]) : undefined);

  return {
    /** Titles per genre and kind the audience may see; genres without any are absent. */
    async counts(a: Audience) {
      const rows = await db
        .select({ genreId: genres.id, alias: genres.alias, title: genres.title, position: genres.position, kind: kindOf, total: count() })
        .from(titleGenres)
        .innerJoin(titles, eq(titles.id, titleGenres.titleId))
        .innerJoin(genres, eq(genres.id, titleGenres.genreId))
        .where(seen(a))
        .groupBy(genres.id, genres.alias, genres.title, genres.position, kindOf)
        .orderBy(asc(genres.position), asc(genres.alias));
      return rows.map((r) => ({ ...r, total: Number(r.total) }));
    },

    /** The poster art of each genre's most popular title the audience may see. */
    covers(a: Audience) {
      return db
        .selectDistinctOn([titleGenres.genreId], { genreId: titleGenres.genreId, poster: titles.poster })
        .from(titleGenres)
        .innerJoin(titles, eq(titles.id, titleGenres.titleId))
        .where(seen(a))
        .orderBy(titleGenres.genreId, desc(titles.popularity), asc(titles.alias));
    },

    async genreByAlias(alias: string): Promise<GenreRow | null> {
      const [row] = await db.select().from(genres).where(eq(genres.alias, alias)).limit(1);
      return row ?? null;
    },

    /** The genre's texts of the catalogue kinds (the catch-up kinds belong to the archive). */
    textsOf(genreId: string): Promise<GenreTextRow[]> {
      return db
        .select()
        .from(genreTexts)
        .where(and(eq(genreTexts.genreId, genreId), inArray(genreTexts.kind, [...GENRE_CATALOGUE_KINDS])));
    },
  };
}
export type GenresRepo = ReturnType<typeof createGenresRepo>;
