import { journalArticles, journalArticleTitles, journalRubrics, titles, type Db } from '@ekran/db';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, ne, sql, type SQL } from 'drizzle-orm';

/** An article row with its rubric, as the journal's queries return it. */
export interface ArticleRow {
  id: string;
  alias: string;
  title: string;
  lead: string;
  cover: string;
  body: string;
  author: string;
  tags: string[];
  publishedAt: Date;
  updatedAt: Date;
  rubric: { alias: string; title: string; description: string };
}
export type TitleRow = typeof titles.$inferSelect;

const articleColumns = {
  id: journalArticles.id,
  alias: journalArticles.alias,
  title: journalArticles.title,
  lead: journalArticles.lead,
  cover: journalArticles.cover,
  body: journalArticles.body,
  author: journalArticles.author,
  tags: journalArticles.tags,
  publishedAt: journalArticles.publishedAt,
  updatedAt: journalArticles.updatedAt,
  rubric: { alias: journalRubrics.alias, title: journalRubrics.title, description: journalRubrics.description },
};

/** Drizzle queries of the journal; no rules beyond what "published" means (published_at has come). */
export function createJournalRepo(db: Db) {
  const published = (now: Date): SQL => and(isNotNull(journalArticles.publishedAt), lte(journalArticles.publishedAt, now))!;
  // published_at is not null by the condition every query carries.
  const rows = (list: { publishedAt: Date | null }[]) => list as ArticleRow[];
  const articles = () => db.select(articleColumns).from(journalArticles).innerJoin(journalRubrics, eq(journalRubrics.id, journalArticles.rubricId));
  const newestFirst = [desc(journalArticles.publishedAt), asc(journalArticles.alias)];

  return {
    rubrics() {
      return db.select().from(journalRubrics).orderBy(asc(journalRubrics.position), asc(journalRubrics.alias));
    },

    /** A page of the published articles, all or one rubric's, newest first. */
    async page(now: Date, rubricId: string | null, skip: number, limit: number): Promise<{ rows: ArticleRow[]; total: number }> {
      const where = and(published(now), rubricId ? eq(journalArticles.rubricId, rubricId) : undefined);
      const [list, [total]] = await Promise.all([
        articles().where(where).orderBy(...newestFirst).limit(limit).offset(skip),
        db.select({ n: count() }).from(journalArticles).where(where),
      ]);
      return { rows: rows(list), total: Number(total?.n ?? 0) };
    },

    async byAlias(alias: string, now: Date): Promise<ArticleRow | null> {
      const [row] = await articles().where(and(eq(journalArticles.alias, alias), published(now))).limit(1);
      return row ? rows([row])[0]! : null;
    },

    /** The published articles that mention a title, newest first. */
    async mentioning(titleId: string, now: Date): Promise<ArticleRow[]> {
      const list = await articles()
        .innerJoin(journalArticleTitles, eq(journalArticleTitles.articleId, journalArticles.id))
        .where(and(eq(journalArticleTitles.titleId, titleId), published(now)))
        .orderBy(...newestFirst);
      return rows(list);
    },

    /** Other published articles: those sharing the most titles with this one first, then its rubric's, newest first. */
    async related(article: { id: string }, rubricAlias: string, now: Date, limit: number): Promise<ArticleRow[]> {
      const shared = sql<number>`(select count(*) from ${journalArticleTitles} a join ${journalArticleTitles} b on a.title_id = b.title_id
        where a.article_id = ${journalArticles.id} and b.article_id = ${article.id})`;
      const list = await articles()
        .where(and(published(now), ne(journalArticles.id, article.id)))
        .orderBy(desc(shared), desc(sql`${journalRubrics.alias} = ${rubricAlias}`), ...newestFirst)
        .limit(limit);
      return rows(list);
    },

    /** The visible titles an article mentions, in the editors' order. */
    titlesOf(articleId: string): Promise<TitleRow[]> {
      return db
        .select({ title: titles })
        .from(journalArticleTitles)
        .innerJoin(titles, eq(titles.id, journalArticleTitles.titleId))
        .where(and(eq(journalArticleTitles.articleId, articleId), eq(titles.isDisabled, false)))
        .orderBy(asc(journalArticleTitles.position))
        .then((list) => list.map((r) => r.title));
    },

    /** Visible titles by alias (the embeds of a body, the art of covers and galleries). */
    async titlesByAlias(aliases: string[]): Promise<TitleRow[]> {
      if (aliases.length === 0) return [];
      return db.select().from(titles).where(and(inArray(titles.alias, aliases), eq(titles.isDisabled, false)));
    },

    /** A visible title by alias. */
    async titleByAlias(alias: string): Promise<TitleRow | null> {
      const [row] = await db.select().from(titles).where(and(eq(titles.alias, alias), eq(titles.isDisabled, false))).limit(1);
      return row ?? null;
    },
  };
}
export type JournalRepo = ReturnType<typeof createJournalRepo>;
