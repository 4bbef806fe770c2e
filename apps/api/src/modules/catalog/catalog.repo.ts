import { collectionItems, collections, countries, credits, extras, genres, people, seasons, episodes, titleCountries, titleGenres, titles, type Db } from '@ekran/db';
import type { Category, TitleListQuery } from '@ekran/contracts';
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';

export type TitleRow = typeof titles.$inferSelect;
export interface GenreOfTitle { titleId: string; alias: string; title: string; position: number }

/** The SQL condition of a category page (spec platform §2 Category pages). */
function categoryCondition(category: Category | undefined): SQL | undefined {
  if (category === 'movies') return and(eq(titles.kind, 'movie'), eq(titles.isAnimation, false));
  if (category === 'series') return and(eq(titles.kind, 'series'), eq(titles.isAnimation, false));
  if (category === 'animation') return eq(titles.isAnimation, true);
  return undefined;
}

const SORT_COLUMNS = {
  popularity: titles.popularity,
  ekran_release_date: titles.ekranReleaseDate,
  rating_ekran: titles.ratingEkran,
  year: titles.year,
  title: titles.title,
} as const;

/** Drizzle queries of the catalogue; no rules. */
export function createCatalogRepo(db: Db) {
  const visible = eq(titles.isDisabled, false);
  // A child session's age cap (issue 3 profiles): only these ratings; undefined or null means any.
  const ratingIn = (ratings: readonly string[] | null | undefined) => (ratings ? inArray(titles.ratingAge, [...ratings]) : undefined);

  async function genresOf(titleIds: string[]): Promise<GenreOfTitle[]> {
    if (titleIds.length === 0) return [];
    return db
      .select({ titleId: titleGenres.titleId, alias: genres.alias, title: genres.title, position: titleGenres.position })
      .from(titleGenres)
      .innerJoin(genres, eq(genres.id, titleGenres.genreId))
      .where(inArray(titleGenres.titleId, titleIds))
      .orderBy(asc(titleGenres.position));
  }

  async function seasonCounts(titleIds: string[]): Promise<Map<string, number>> {
    if (titleIds.length === 0) return new Map();
    const rows = await db
      .select({ titleId: seasons.titleId, n: count() })
      .from(seasons)
      .where(inArray(seasons.titleId, titleIds))
      .groupBy(seasons.titleId);
    return new Map(rows.map((r) => [r.titleId, Number(r.n)]));
  }

  return {
    genresOf,
    seasonCounts,

    /** A page of titles with the total count of the filter. */
    async listTitles(q: TitleListQuery, ratings?: readonly string[] | null) {
      const conditions: (SQL | undefined)[] = [visible, categoryCondition(q.category), ratingIn(ratings)];
      if (q.for_kids) conditions.push(eq(titles.forKids, true));
      if (q.year) conditions.push(eq(titles.year, q.year));
      if (q.genre) {
        conditions.push(
          inArray(
            titles.id,
            db.select({ id: titleGenres.titleId }).from(titleGenres).innerJoin(genres, eq(genres.id, titleGenres.genreId)).where(eq(genres.alias, q.genre)),
          ),
        );
      }
      if (q.country) {
        conditions.push(inArray(titles.id, db.select({ id: titleCountries.titleId }).from(titleCountries).where(eq(titleCountries.countryCode, q.country))));
      }
      const where = and(...conditions);
      const descending = q.sort.startsWith('-');
      const column = SORT_COLUMNS[q.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(titles)
          .where(where)
          .orderBy(descending ? desc(column) : asc(column), asc(titles.alias))
          .limit(q.limit)
          .offset(q.skip),
        db.select({ n: count() }).from(titles).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Genres with title counts per kind, for the menu catalogue. */
    catalogGenres(forKids: boolean, ratings?: readonly string[] | null) {
      return db
        .select({ kind: titles.kind, alias: genres.alias, title: genres.title, position: genres.position, total: count() })
        .from(titleGenres)
        .innerJoin(titles, eq(titles.id, titleGenres.titleId))
        .innerJoin(genres, eq(genres.id, titleGenres.genreId))
        .where(and(visible, forKids ? eq(titles.forKids, true) : eq(titles.isAnimation, false), ratingIn(ratings)))
        .groupBy(titles.kind, genres.alias, genres.title, genres.position)
        .orderBy(asc(genres.position), asc(genres.alias));
    },

    listCollections(forKids: boolean) {
      return db
        .select()
        .from(collections)
        .where(forKids ? eq(collections.forKids, true) : sql`true`)
        .orderBy(asc(collections.position));
    },

    async collectionTitles(collectionIds: string[], forKids: boolean, ratings?: readonly string[] | null) {
      if (collectionIds.length === 0) return [];
      return db
        .select({ collectionId: collectionItems.collectionId, title: titles })
        .from(collectionItems)
        .innerJoin(titles, eq(titles.id, collectionItems.titleId))
        .where(and(inArray(collectionItems.collectionId, collectionIds), visible, forKids ? eq(titles.forKids, true) : undefined, ratingIn(ratings)))
        .orderBy(asc(collectionItems.position));
    },

    async titleByAlias(alias: string) {
      const [row] = await db.select().from(titles).where(and(eq(titles.alias, alias), visible)).limit(1);
      return row ?? null;
    },

    countriesOf(titleId: string) {
      return db
        .select({ code: countries.code, title: countries.title })
        .from(titleCountries)
        .innerJoin(countries, eq(countries.code, titleCountries.countryCode))
        .where(eq(titleCountries.titleId, titleId))
        .orderBy(asc(titleCountries.position));
    },

    creditsOf(titleId: string) {
      return db
        .select({ role: credits.role, characterName: credits.characterName, person: people })
        .from(credits)
        .innerJoin(people, eq(people.id, credits.personId))
        .where(eq(credits.titleId, titleId))
        .orderBy(asc(credits.position));
    },

    /** Other titles of the given people, newest first, for filmographies. */
    filmographies(personIds: string[], excludeTitleId: string, kids?: { ratings: readonly string[] | null } | null) {
      if (personIds.length === 0) return Promise.resolve([]);
      return db
        .selectDistinct({ personId: credits.personId, alias: titles.alias, title: titles.title, year: titles.year })
        .from(credits)
        .innerJoin(titles, eq(titles.id, credits.titleId))
        .where(and(inArray(credits.personId, personIds), ne(titles.id, excludeTitleId), visible, kids ? eq(titles.forKids, true) : undefined, ratingIn(kids?.ratings)))
        .orderBy(desc(titles.year), asc(titles.alias));
    },

    seasonsOf(titleId: string) {
      return db
        .select({ season: seasons, episode: episodes })
        .from(seasons)
        .innerJoin(episodes, eq(episodes.seasonId, seasons.id))
        .where(eq(seasons.titleId, titleId))
        .orderBy(asc(seasons.number), asc(episodes.number));
    },

    extrasOf(titleId: string) {
      return db.select().from(extras).where(eq(extras.titleId, titleId)).orderBy(asc(extras.position));
    },

    /** Titles sharing genres with the given one, best match first, then popularity. */
    similar(titleId: string, genreAliases: string[], forKids: boolean, limit: number, ratings?: readonly string[] | null) {
      if (genreAliases.length === 0) return Promise.resolve([]);
      const shared = sql<number>`count(*)`.as('shared');
      const matches = db
        .select({ titleId: titleGenres.titleId, shared })
        .from(titleGenres)
        .innerJoin(genres, eq(genres.id, titleGenres.genreId))
        .where(and(inArray(genres.alias, genreAliases), ne(titleGenres.titleId, titleId)))
        .groupBy(titleGenres.titleId)
        .as('matches');
      return db
        .select({ title: titles })
        .from(matches)
        .innerJoin(titles, eq(titles.id, matches.titleId))
        .where(and(visible, forKids ? eq(titles.forKids, true) : undefined, ratingIn(ratings)))
        .orderBy(desc(matches.shared), desc(titles.popularity))
        .limit(limit)
        .then((rows) => rows.map((r) => r.title));
    },
  };
}
export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
