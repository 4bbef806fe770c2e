import { queryRows, supportArticles, supportArticleVotes, supportCategories, supportSections, type Db } from '@ekran/db';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';

/** An article row with the section and category it sits in. */
export type ArticleRow = typeof supportArticles.$inferSelect & {
  sectionAlias: string;
  sectionTitle: string;
  categoryAlias: string;
  categoryTitle: string;
};

// The typo match: strict_word_similarity (whole words of the text) at 0.5 lets one wrong letter of a long word
// through («отминить» finds «отменить»). Plain word_similarity would also take a piece of a word, so «отменить»
// found «сменить», «изменить» and «применить» in unrelated articles.
// A swap of two neighbouring letters breaks up to three trigrams, so it is forgiven by trying the word with each
// pair swapped back as a full-text prefix («верунть» finds «вернуть»). Shorter words match by prefix only.
const WORD_SIMILARITY_THRESHOLD = 0.5;
const TYPO_MIN_CHARS = 4;

/** The word with each pair of neighbouring letters swapped (the spellings a transposition typo may have hidden). */
export function transpositions(word: string): string[] {
  const letters = [...word];
  const out = new Set<string>();
  for (let i = 0; i + 1 < letters.length; i++) {
    if (letters[i] === letters[i + 1]) continue;
    const swapped = [...letters];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
    out.add(swapped.join(''));
  }
  out.delete(word);
  return [...out];
}

/** A ranked search hit: tier 0 the title, 1 the keywords, 2 anywhere in the text, 3 with a typo forgiven. */
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
     * Articles for a query in search form (normalizeSearchText) and its words. Every word must match (spec catalogue
     * §5's AND): as a prefix in the Russian full text (stemmed, so «подписку» finds «подписка»; a stop word such as
     * «как» matches anything, though a query of stop words only finds nothing), or, for a long word, with a typo forgiven (a swap of neighbouring letters, or a
     * word of the text similar enough). Title hits rank first, then keyword hits, then the body, then the typos.
     */
    async search(q: string, words: string[], limit: number): Promise<{ id: string; tier: number; total: number }[]> {
      const vector = supportArticles.searchVector;
      const tsquery = (text: string) => sql`to_tsquery('russian'::regconfig, ${text})`;
      // numnode = 0: the word is a stop word, which the text search ignores rather than fails.
      const matches = (text: string) => sql`(numnode(${tsquery(text)}) = 0 or ${vector} @@ ${tsquery(text)})`;
      const perWord = words.map((w) => {
        const exact = matches(`${w}:*`);
        if (w.length < TYPO_MIN_CHARS) return { exact, any: exact };
        const swaps = transpositions(w).map((v) => `${v}:*`).join(' | ');
        const typo = swaps ? sql`${vector} @@ ${tsquery(swaps)} or ${w} <<% ${supportArticles.searchText}` : sql`${w} <<% ${supportArticles.searchText}`;
        return { exact, any: sql`(${exact} or ${typo})` };
      });
      const all = (parts: SQL[]) => sql.join(parts, sql` and `);
      const query = tsquery(words.map((w) => `${w}:*`).join(' & '));
      const inTitle = tsquery(words.map((w) => `${w}:*A`).join(' & '));
      const inKeywords = tsquery(words.map((w) => `${w}:*AB`).join(' & '));
      return db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.strict_word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`);
        const rows = await queryRows<RawHit>(
          tx,
          sql`select ${supportArticles.id} as id,
              case when not (${all(perWord.map((p) => p.exact))}) then 3
                when ${vector} @@ ${inTitle} then 0 when ${vector} @@ ${inKeywords} then 1 else 2 end as tier,
              ts_rank(${vector}, ${query}) + word_similarity(${q}, ${supportArticles.searchText}) as rank,
              count(*) over () as total
            from ${supportArticles}
            where numnode(${query}) > 0 and ${all(perWord.map((p) => p.any))}
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
