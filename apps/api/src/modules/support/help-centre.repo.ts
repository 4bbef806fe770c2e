import { queryRows, supportArticles, supportArticleVotes, supportCategories, supportSections, type Db } from '@ekran/db';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';

/** An article row with the section and category it sits in. */
export type ArticleRow = typeof supportArticles.$inferSelect & {
  sectionAlias: string;
  sectionTitle: string;
  categoryAlias: string;
  categoryTitle: string;
};

// The typo match of the catalogue's search (modules/search/search.repo.ts): word_similarity at 0.5 lets one wrong
// letter of a word through («отминить» finds «отменить»); shorter words match by prefix only.
const WORD_SIMILARITY_THRESHOLD = 0.5;
const TYPO_MIN_CHARS = 4;

/** A ranked search hit: tier 0 the title, 1 anywhere in the text, 2 by similarity (a typo). */
interface RawHit {
  id: string;
  tier: number | string;
  rank: number | string;
  total: number | string;
}

/** Queries of the help centre: sections, categories, articles, their search and votes. */
export function createHelpCentreRepo(db: Db) {
  const withPlace = () =>
    db
      .select({
        article: supportArticles,
        sectionAlias: supportSections.alias,
        sectionTitle: supportSections.title,
        categoryAlias: supportCategories.alias,
        categoryTitle: supportCategories.title,
      })
      .from(supportArticles)
      .innerJoin(supportCategories, eq(supportCategories.id, supportArticles.categoryId))
      .innerJoin(supportSections, eq(supportSections.id, supportCategories.sectionId));
  const flat = (rows: Awaited<ReturnType<ReturnType<typeof withPlace>['where']>>): ArticleRow[] =>
    rows.map((r) => ({ ...r.article, sectionAlias: r.sectionAlias, sectionTitle: r.sectionTitle, categoryAlias: r.categoryAlias, categoryTitle: r.categoryTitle }));
  const inOrder = [asc(supportSections.position), asc(supportCategories.position), asc(supportArticles.position), asc(supportArticles.alias)] as const;
  /** Articles in the help centre's order (sections, categories, positions), optionally only those of `where`. */
  const flatArticles = async (where?: SQL) => flat(await withPlace().where(where).orderBy(...inOrder));

  return {
    sections() {
      return db.select().from(supportSections).orderBy(asc(supportSections.position), asc(supportSections.alias));
    },

    sectionByAlias: async (alias: string) => (await db.select().from(supportSections).where(eq(supportSections.alias, alias)).limit(1))[0] ?? null,

    categoriesOf(sectionId: string) {
      return db.select().from(supportCategories).where(eq(supportCategories.sectionId, sectionId)).orderBy(asc(supportCategories.position), asc(supportCategories.alias));
    },

    /** Every article in the help centre's order (sections, categories, positions). */
    articles: () => flatArticles(),

    articlesOfSection: (sectionId: string) => flatArticles(eq(supportCategories.sectionId, sectionId)),
    articlesOfCategory: (categoryId: string) => flatArticles(eq(supportArticles.categoryId, categoryId)),
    faqArticles: () => flatArticles(eq(supportArticles.isFaq, true)),

    async articleByAlias(alias: string): Promise<ArticleRow | null> {
      return flat(await withPlace().where(eq(supportArticles.alias, alias)).limit(1))[0] ?? null;
    },

    async popular(limit: number) {
      return flat(await withPlace().where(undefined).orderBy(desc(supportArticles.popularity), desc(supportArticles.helpfulCount), asc(supportArticles.alias)).limit(limit));
    },

    /** How many articles each section holds. */
    async countsBySection(): Promise<Map<string, number>> {
      const rows = await db
        .select({ sectionId: supportCategories.sectionId, n: sql<number>`count(*)::int` })
        .from(supportArticles)
        .innerJoin(supportCategories, eq(supportCategories.id, supportArticles.categoryId))
        .groupBy(supportCategories.sectionId);
      return new Map(rows.map((r) => [r.sectionId, Number(r.n)]));
    },

    /**
     * Articles for a query in search form (normalizeSearchText) and its words: every word a prefix in the Russian full
     * text (stemmed, so «подписку» finds «подписка»), or, failing that, every long word similar to a word of the text.
     */
    async search(q: string, words: string[], limit: number): Promise<{ id: string; tier: number; total: number }[]> {
      const prefixes = words.map((w) => `${w}:*`).join(' & ');
      const query = sql`to_tsquery('russian'::regconfig, ${prefixes})`;
      const titleQuery = sql`to_tsquery('russian'::regconfig, ${words.map((w) => `${w}:*A`).join(' & ')})`;
      const long = words.filter((w) => w.length >= TYPO_MIN_CHARS);
      const similar = long.length ? sql.join(long.map((w) => sql`${w} <% ${supportArticles.searchText}`), sql` and `) : sql`false`;
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`);
        const rows = await queryRows<RawHit>(
          tx,
          sql`select ${supportArticles.id} as id,
              case when ${supportArticles.searchVector} @@ ${titleQuery} then 0 when ${supportArticles.searchVector} @@ ${query} then 1 else 2 end as tier,
              ts_rank(${supportArticles.searchVector}, ${query}) + word_similarity(${q}, ${supportArticles.searchText}) as rank,
              count(*) over () as total
            from ${supportArticles}
            where ${supportArticles.searchVector} @@ ${query} or (${similar})
            order by tier, rank desc, ${supportArticles.popularity} desc, ${supportArticles.alias}
            limit ${limit}`,
        );
        return rows.map((r) => ({ id: r.id, tier: Number(r.tier), total: Number(r.total) }));
      });
    },

    /**
     * One visitor's vote on an article: a first vote counts, a changed vote moves from one counter to the other, the
     * same vote again changes nothing. Answers the article's counters after it.
     */
    async vote(articleId: string, voter: string, isHelpful: boolean) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ isHelpful: supportArticleVotes.isHelpful })
          .from(supportArticleVotes)
          .where(and(eq(supportArticleVotes.articleId, articleId), eq(supportArticleVotes.voter, voter)))
          .for('update');
        if (!before) {
          const inserted = await tx.insert(supportArticleVotes).values({ articleId, voter, isHelpful }).onConflictDoNothing().returning();
          if (inserted.length) {
            await tx
              .update(supportArticles)
              .set(isHelpful ? { helpfulCount: sql`${supportArticles.helpfulCount} + 1` } : { unhelpfulCount: sql`${supportArticles.unhelpfulCount} + 1` })
              .where(eq(supportArticles.id, articleId));
          }
        } else if (before.isHelpful !== isHelpful) {
          await tx.update(supportArticleVotes).set({ isHelpful }).where(and(eq(supportArticleVotes.articleId, articleId), eq(supportArticleVotes.voter, voter)));
          const up = isHelpful ? supportArticles.helpfulCount : supportArticles.unhelpfulCount;
          const down = isHelpful ? supportArticles.unhelpfulCount : supportArticles.helpfulCount;
          await tx
            .update(supportArticles)
            .set(isHelpful
              ? { helpfulCount: sql`${up} + 1`, unhelpfulCount: sql`greatest(${down} - 1, 0)` }
              : { unhelpfulCount: sql`${up} + 1`, helpfulCount: sql`greatest(${down} - 1, 0)` })
            .where(eq(supportArticles.id, articleId));
        }
        const [counts] = await tx
          .select({ helpful: supportArticles.helpfulCount, unhelpful: supportArticles.unhelpfulCount })
          .from(supportArticles)
          .where(eq(supportArticles.id, articleId));
        return counts ?? { helpful: 0, unhelpful: 0 };
      });
    },
  };
}
export type HelpCentreRepo = ReturnType<typeof createHelpCentreRepo>;
