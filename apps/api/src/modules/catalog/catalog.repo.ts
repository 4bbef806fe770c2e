import { isUuid } from '@ekran/core';
import { catalogRevision, collectionItems, collections, countries, credits, extras, genres, people, seasons, episodes, titleCountries, titleGenres, titles, type Db } from '@ekran/db';
import type { Category } from '@ekran/contracts';
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { SORT_FIELDS, type ListingCursor, type SortField } from './listing-cursor.ts';

import type { GenreOfTitle } from './catalog.types.ts';

export type { GenreOfTitle, TitleRow } from './catalog.types.ts';

/** The SQL condition of a category page (spec platform §2 Category pages); the generated column is indexed. */
function categoryCondition(category: Category | undefined): SQL | undefined {
  return category ? eq(titles.category, category) : undefined;
}

/**
 * The expressions listings sort by. Titles sort in the ICU root collation, so Russian ones are in dictionary
 * order (Ё with Е, case ignored) whatever the database's own collation is; the index on it matches
 * (schema.ts titles_listing_title_idx).
 */
const SORT_COLUMNS = {
  popularity: sql`${titles.popularity}`,
  ekran_release_date: sql`${titles.ekranReleaseDate}`,
  rating_ekran: sql`${titles.ratingEkran}`,
  year: sql`${titles.year}`,
  title: sql`${titles.title} collate "und-x-icu"`,
} as const satisfies Record<SortField, SQL>;

/** What a listing asks for: the filters, a sort alias, and where the page starts (skip, or a keyset cursor). */
export interface ListingQuery {
  category?: Category | undefined;
  genre?: string | undefined;
  year?: number | undefined;
  country?: string | undefined;
  for_kids: boolean;
  sort: string;
  limit: number;
  skip: number;
  after?: ListingCursor | undefined;
}

/** The filters of the category pages that narrow a listing or a facet (catalogue §2). */
export interface FacetSelection {
  genre?: string | undefined;
  year?: number | undefined;
  country?: string | undefined;
}

/** The sort field and direction of a sort alias the contract accepted. */
export function sortOf(alias: string): { field: SortField; descending: boolean } {
  const descending = alias.startsWith('-');
  const field = alias.slice(descending ? 1 : 0);
  if (!(field in SORT_COLUMNS)) throw new Error(`unknown sort ${alias}`);
  return { field: field as SortField, descending };
}

/** Drizzle queries of the catalogue; no rules. */
export function createCatalogRepo(db: Db) {
  const visible = eq(titles.isDisabled, false);
  // A child session's age cap: only these ratings; undefined or null means any.
  const ratingIn = (ratings: readonly string[] | null | undefined) => (ratings ? inArray(titles.ratingAge, [...ratings]) : undefined);
  const inGenre = (alias: string) =>
    inArray(titles.id, db.select({ id: titleGenres.titleId }).from(titleGenres).innerJoin(genres, eq(genres.id, titleGenres.genreId)).where(eq(genres.alias, alias)));
  const inCountry = (code: string) => inArray(titles.id, db.select({ id: titleCountries.titleId }).from(titleCountries).where(eq(titleCountries.countryCode, code)));

  /** The conditions of a listing: visible, the category, the kids scope and the selected filters. */
  function filterConditions(q: FacetSelection & { category?: Category | undefined }, scope: { forKids: boolean; ratings?: readonly string[] | null | undefined }) {
    return [
      visible,
      categoryCondition(q.category),
      ratingIn(scope.ratings),
      scope.forKids ? eq(titles.forKids, true) : undefined,
      q.year ? eq(titles.year, q.year) : undefined,
      q.genre ? inGenre(q.genre) : undefined,
      q.country ? inCountry(q.country) : undefined,
    ];
  }

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

  const repo = {
    genresOf,
    seasonCounts,

    /**
     * A page of titles. The page's ids are read first in the listing's order (an index range scan of
     * titles_listing_*_idx: after a keyset cursor, or past `skip` ids, index-only where the table is
     * vacuumed), and only those rows are then read whole, so a deep page costs about what page 1 does
     * (docs/decisions/009-catalogue-paging.md).
     */
    async pageTitles(q: ListingQuery, ratings?: readonly string[] | null) {
      const where = and(...filterConditions(q, { forKids: q.for_kids, ratings }));
      const { field, descending } = sortOf(q.sort);
      const column = SORT_COLUMNS[field];
      const direction = descending ? desc : asc;
      // The alias breaks ties in the sort's direction, so one index serves both and a cursor is a row comparison.
      const order = [direction(column), direction(titles.alias)];
      const after = q.after
        ? sql`(${column}, ${titles.alias}) ${sql.raw(descending ? '<' : '>')} (${sql`${q.after.value}`}::${sql.raw(SORT_FIELDS[field])}, ${q.after.alias})`
        : undefined;
      const pageIds = db
        .select({ id: titles.id })
        .from(titles)
        .where(and(where, after))
        .orderBy(...order)
        .limit(q.limit)
        .offset(q.after ? 0 : q.skip)
        .as('page_ids');
      const rows = await db.select({ title: titles }).from(pageIds).innerJoin(titles, eq(titles.id, pageIds.id)).orderBy(...order);
      return rows.map((r) => r.title);
    },

    /** How many titles a listing's filters match (its items_total). */
    async countTitles(q: FacetSelection & { category?: Category | undefined; for_kids: boolean }, ratings?: readonly string[] | null) {
      const [total] = await db
        .select({ n: count() })
        .from(titles)
        .where(and(...filterConditions(q, { forKids: q.for_kids, ratings })));
      return Number(total?.n ?? 0);
    },

    /** A page of titles with the total count of the filter. */
    async listTitles(q: ListingQuery, ratings?: readonly string[] | null) {
      const [rows, total] = await Promise.all([repo.pageTitles(q, ratings), repo.countTitles(q, ratings)]);
      return { rows, total };
    },

    /**
     * Faceted counts of a category page (spec catalogue §3, §4 Catalogue filter): per genre, year and country
     * the titles of the category matching it and the OTHER selected filters (`total`), and how many the
     * category has at all (`all`, which decides what the list offers); per group, the titles matching the
     * other groups' filters (the all-option's total).
     */
    async facets(category: Category, selected: FacetSelection, scope: { forKids: boolean; ratings?: readonly string[] | null }) {
      const base = and(visible, categoryCondition(category), scope.forKids ? eq(titles.forKids, true) : undefined, ratingIn(scope.ratings));
      const genreCond = selected.genre ? inGenre(selected.genre) : undefined;
      const yearCond = selected.year ? eq(titles.year, selected.year) : undefined;
      const countryCond = selected.country ? inCountry(selected.country) : undefined;
      const countWhere = (...conditions: (SQL | undefined)[]) => {
        const cond = and(...conditions);
        return cond ? sql<number>`count(*) filter (where ${cond})`.mapWith(Number) : sql<number>`count(*)`.mapWith(Number);
      };
      const [genreRows, yearRows, countryRows, [allRow]] = await Promise.all([
        db
          .select({ alias: genres.alias, title: genres.title, titleEn: genres.titleEn, position: genres.position, total: countWhere(yearCond, countryCond), all: countWhere() })
          .from(titleGenres)
          .innerJoin(titles, eq(titles.id, titleGenres.titleId))
          .innerJoin(genres, eq(genres.id, titleGenres.genreId))
          .where(base)
          .groupBy(genres.id)
          .orderBy(asc(genres.position), asc(genres.alias)),
        db
          .select({ year: titles.year, total: countWhere(genreCond, countryCond), all: countWhere() })
          .from(titles)
          .where(base)
          .groupBy(titles.year)
          .orderBy(desc(titles.year)),
        db
          .select({ code: countries.code, title: countries.title, total: countWhere(genreCond, yearCond), all: countWhere() })
          .from(titleCountries)
          .innerJoin(titles, eq(titles.id, titleCountries.titleId))
          .innerJoin(countries, eq(countries.code, titleCountries.countryCode))
          .where(base)
          .groupBy(countries.code),
        db
          .select({ genre: countWhere(yearCond, countryCond), year: countWhere(genreCond, countryCond), country: countWhere(genreCond, yearCond) })
          .from(titles)
          .where(base),
      ]);
      return { genres: genreRows, years: yearRows, countries: countryRows, all: allRow ?? { genre: 0, year: 0, country: 0 } };
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

    // ---- /movie/{product} and the mini-app's {product} name a title by its id too (platform §2).
    /** A visible title by its alias, else by its id when the reference is a uuid. */
    async titleByRef(ref: string) {
      const byRef = isUuid(ref) ? or(eq(titles.alias, ref), eq(titles.id, ref.toLowerCase())) : eq(titles.alias, ref);
      // An alias wins over an id (an alias could look like a uuid).
      const rows = await db.select().from(titles).where(and(byRef, visible)).limit(2);
      return rows.find((r) => r.alias === ref) ?? rows[0] ?? null;
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

    /** The catalogue's revision (the one row the migration made; 0 if it is missing). */
    async revision(): Promise<number> {
      const [row] = await db.select({ revision: catalogRevision.revision }).from(catalogRevision).limit(1);
      return row?.revision ?? 0;
    },
  };
  return repo;
}
export type CatalogRepo = ReturnType<typeof createCatalogRepo>;
