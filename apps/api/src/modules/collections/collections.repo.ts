import { collectionItems, collections, titles, type Db } from '@ekran/db';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { scopeCondition, type TitleScope } from './title-scope.ts';

export type CollectionRow = typeof collections.$inferSelect;

/** Drizzle queries of editorial collections and hashtag collections; no rules. */
export function createCollectionsRepo(db: Db) {
  /** Visible titles per collection within a scope. */
  const counted = (scope: TitleScope) =>
    db
      .select({ collectionId: collectionItems.collectionId, n: count().as('n') })
      .from(collectionItems)
      .innerJoin(titles, eq(titles.id, collectionItems.titleId))
      .where(scopeCondition(scope))
      .groupBy(collectionItems.collectionId)
      .as('counted');

  // A kids audience sees only kids collections (the kids home shows only those too).
  const audience = (scope: TitleScope) => (scope.kidsOnly ? eq(collections.forKids, true) : undefined);

  return {
    /** A page of the collections that have at least one title in the scope, in editorial order, with counts. */
    async page(scope: TitleScope, skip: number, limit: number) {
      const c = counted(scope);
      const [rows, [total]] = await Promise.all([
        db
          .select({ collection: collections, n: c.n })
          .from(collections)
          .innerJoin(c, eq(c.collectionId, collections.id))
          .where(audience(scope))
          .orderBy(asc(collections.position), asc(collections.alias))
          .limit(limit)
          .offset(skip),
        db.select({ n: count() }).from(collections).innerJoin(c, eq(c.collectionId, collections.id)).where(audience(scope)),
      ]);
      return { rows: rows.map((r) => ({ ...r.collection, itemsTotal: Number(r.n) })), total: Number(total?.n ?? 0) };
    },

    /** The first `perCollection` titles (in collection order) of each collection, within the scope. */
    async firstTitles(collectionIds: string[], scope: TitleScope, perCollection: number) {
      if (collectionIds.length === 0) return [];
      const ranked = db
        .select({
          collectionId: collectionItems.collectionId,
          poster: titles.poster,
          rank: sql<number>`row_number() over (partition by ${collectionItems.collectionId} order by ${collectionItems.position}, ${titles.alias})`.as('rank'),
        })
        .from(collectionItems)
        .innerJoin(titles, eq(titles.id, collectionItems.titleId))
        .where(and(inArray(collectionItems.collectionId, collectionIds), scopeCondition(scope)))
        .as('ranked');
      return db.select().from(ranked).where(lte(ranked.rank, perCollection)).orderBy(asc(ranked.rank));
    },

    async byAlias(alias: string, scope: TitleScope) {
      const [row] = await db.select().from(collections).where(and(eq(collections.alias, alias), audience(scope))).limit(1);
      return row ?? null;
    },

    async byId(id: string) {
      const [row] = await db.select().from(collections).where(eq(collections.id, id)).limit(1);
      return row ?? null;
    },

    /** A page of a collection's titles within the scope, in collection order. */
    async titles(collectionId: string, scope: TitleScope, skip: number, limit: number) {
      const where = and(eq(collectionItems.collectionId, collectionId), scopeCondition(scope));
      const [rows, [total]] = await Promise.all([
        db
          .select({ title: titles })
          .from(collectionItems)
          .innerJoin(titles, eq(titles.id, collectionItems.titleId))
          .where(where)
          .orderBy(asc(collectionItems.position), asc(titles.alias))
          .limit(limit)
          .offset(skip),
        db.select({ n: count() }).from(collectionItems).innerJoin(titles, eq(titles.id, collectionItems.titleId)).where(where),
      ]);
      return { rows: rows.map((r) => r.title), total: Number(total?.n ?? 0) };
    },

    /** Every hashtag of the titles in the scope. */
    async hashtags(scope: TitleScope): Promise<string[]> {
      const rows = await db
        .selectDistinct({ tag: sql<string>`unnest(${titles.hashtags})`.as('tag') })
        .from(titles)
        .where(scopeCondition(scope));
      return rows.map((r) => r.tag);
    },

    /** A page of the titles carrying a hashtag within the scope, most popular first. */
    async titlesWithHashtag(tag: string, scope: TitleScope, skip: number, limit: number) {
      const where = and(sql`${tag} = any(${titles.hashtags})`, scopeCondition(scope));
      const [rows, [total]] = await Promise.all([
        db.select().from(titles).where(where).orderBy(desc(titles.popularity), asc(titles.alias)).limit(limit).offset(skip),
        db.select({ n: count() }).from(titles).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    // ---- The collections that hold a title (the collections sub-page of a title page)
    /** The collections of the audience that hold the title, in editorial order, with their counts within the scope. */
    async holding(titleId: string, scope: TitleScope) {
      const c = counted(scope);
      const rows = await db
        .select({ collection: collections, n: c.n })
        .from(collections)
        .innerJoin(c, eq(c.collectionId, collections.id))
        .innerJoin(collectionItems, and(eq(collectionItems.collectionId, collections.id), eq(collectionItems.titleId, titleId)))
        .where(audience(scope))
        .orderBy(asc(collections.position), asc(collections.alias));
      return rows.map((r) => ({ ...r.collection, itemsTotal: Number(r.n) }));
    },

    /** Whether a collection holds the title. */
    async holds(collectionId: string, titleId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: collectionItems.titleId })
        .from(collectionItems)
        .where(and(eq(collectionItems.collectionId, collectionId), eq(collectionItems.titleId, titleId)))
        .limit(1);
      return Boolean(row);
    },
  };
}
export type CollectionsRepo = ReturnType<typeof createCollectionsRepo>;
