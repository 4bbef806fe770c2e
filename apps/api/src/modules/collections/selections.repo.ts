import type { SelectionRule } from '@ekran/core';
import { genres, selectionItems, selections, titleCountries, titleGenres, titles, type Db } from '@ekran/db';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { TitleRow } from '../catalog/catalog.types.ts';
import { scopeCondition, type TitleScope } from './title-scope.ts';

export type SelectionRow = typeof selections.$inferSelect;

const SORT_COLUMNS = {
  popularity: titles.popularity,
  ekran_release_date: titles.ekranReleaseDate,
  rating_ekran: titles.ratingEkran,
  year: titles.year,
  title: titles.title,
} as const;

/** The SQL condition of a selection rule (the rule is validated before it gets here). */
export function ruleCondition(db: Db, rule: SelectionRule): SQL | undefined {
  const c: (SQL | undefined)[] = [];
  // The categories of the category pages (spec platform §2): animation is its own category.
  if (rule.category === 'movies') c.push(and(eq(titles.kind, 'movie'), eq(titles.isAnimation, false)));
  if (rule.category === 'series') c.push(and(eq(titles.kind, 'series'), eq(titles.isAnimation, false)));
  if (rule.category === 'animation') c.push(eq(titles.isAnimation, true));
  if (rule.kind) c.push(eq(titles.kind, rule.kind));
  if (rule.genres) {
    c.push(
      inArray(
        titles.id,
        db.select({ id: titleGenres.titleId }).from(titleGenres).innerJoin(genres, eq(genres.id, titleGenres.genreId)).where(inArray(genres.alias, rule.genres)),
      ),
    );
  }
  if (rule.country) c.push(inArray(titles.id, db.select({ id: titleCountries.titleId }).from(titleCountries).where(eq(titleCountries.countryCode, rule.country))));
  if (rule.for_kids !== undefined) c.push(eq(titles.forKids, rule.for_kids));
  if (rule.free !== undefined) c.push(eq(titles.isFree, rule.free));
  if (rule.year_from !== undefined) c.push(gte(titles.year, rule.year_from));
  if (rule.year_to !== undefined) c.push(lte(titles.year, rule.year_to));
  if (rule.rating_min !== undefined) c.push(gte(titles.ratingEkran, rule.rating_min));
  if (rule.hashtag) c.push(sql`${rule.hashtag} = any(${titles.hashtags})`);
  return and(...c);
}

/** Drizzle queries of selections; no rules beyond turning a rule into SQL. */
export function createSelectionsRepo(db: Db) {
  return {
    /** Active selections of the given locations, in order. */
    list(locations: SelectionRow['location'][]) {
      return db
        .select()
        .from(selections)
        .where(and(eq(selections.isActive, true), inArray(selections.location, locations)))
        .orderBy(asc(selections.position), asc(selections.alias));
    },

    async byAlias(alias: string) {
      const [row] = await db.select().from(selections).where(and(eq(selections.alias, alias), eq(selections.isActive, true))).limit(1);
      return row ?? null;
    },

    /** A page of a rule's titles within the scope; max_items caps the list (the total says so too). */
    async titlesByRule(rule: SelectionRule, scope: TitleScope, skip: number, limit: number): Promise<{ rows: TitleRow[]; total: number }> {
      const cap = rule.max_items ?? Number.POSITIVE_INFINITY;
      const take = Math.max(0, Math.min(limit, cap - skip));
      const where = and(scopeCondition(scope), ruleCondition(db, rule));
      const sort = rule.sort ?? '-popularity';
      const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
      const order = sort.startsWith('-') ? desc(column) : asc(column);
      const [rows, [total]] = await Promise.all([
        take > 0 ? db.select().from(titles).where(where).orderBy(order, asc(titles.alias)).limit(take).offset(skip) : Promise.resolve([]),
        db.select({ n: count() }).from(titles).where(where),
      ]);
      return { rows, total: Math.min(Number(total?.n ?? 0), cap) };
    },

    /** A page of a selection's hand-picked titles within the scope, in order. */
    async pickedTitles(selectionId: string, scope: TitleScope, skip: number, limit: number): Promise<{ rows: TitleRow[]; total: number }> {
      const where = and(eq(selectionItems.selectionId, selectionId), scopeCondition(scope));
      const [rows, [total]] = await Promise.all([
        db
          .select({ title: titles })
          .from(selectionItems)
          .innerJoin(titles, eq(titles.id, selectionItems.titleId))
          .where(where)
          .orderBy(asc(selectionItems.position), asc(titles.alias))
          .limit(limit)
          .offset(skip),
        db.select({ n: count() }).from(selectionItems).innerJoin(titles, eq(titles.id, selectionItems.titleId)).where(where),
      ]);
      return { rows: rows.map((r) => r.title), total: Number(total?.n ?? 0) };
    },

    // ---- Whether a selection holds a title (the selections sub-page of a title page)
    /** Whether a rule's list within the scope holds the title; max_items counts only the first so many. */
    async ruleHolds(rule: SelectionRule, scope: TitleScope, titleId: string): Promise<boolean> {
      const where = and(scopeCondition(scope), ruleCondition(db, rule));
      if (rule.max_items === undefined) {
        const [row] = await db.select({ id: titles.id }).from(titles).where(and(where, eq(titles.id, titleId))).limit(1);
        return Boolean(row);
      }
      const sort = rule.sort ?? '-popularity';
      const column = SORT_COLUMNS[sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
      const order = sort.startsWith('-') ? desc(column) : asc(column);
      const first = db.select({ id: titles.id }).from(titles).where(where).orderBy(order, asc(titles.alias)).limit(rule.max_items).as('first');
      const [row] = await db.select({ id: first.id }).from(first).where(eq(first.id, titleId)).limit(1);
      return Boolean(row);
    },

    /** Whether a hand-picked selection holds the title. */
    async picks(selectionId: string, titleId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: selectionItems.titleId })
        .from(selectionItems)
        .where(and(eq(selectionItems.selectionId, selectionId), eq(selectionItems.titleId, titleId)))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type SelectionsRepo = ReturnType<typeof createSelectionsRepo>;
