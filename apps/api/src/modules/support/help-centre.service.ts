import type { SupportArticle, SupportArticleCard, SupportFaq, SupportFeedbackResponse, SupportHome, SupportSearchResponse, SupportSection } from '@ekran/contracts';
import { normalizeSearchText } from '@ekran/core';
import type { Db } from '@ekran/db';
import { notFound } from '../../lib/errors.ts';
import { renderMarkdown } from '../../lib/markdown.ts';
import { createHelpCentreRepo, type ArticleRow } from './help-centre.repo.ts';

/** How many questions the help centre's home lists as popular. */
export const POPULAR_ARTICLES = 8;

/** The site's address of an article: /support/{section}/{article} (decision 051). */
export const articleUrl = (row: Pick<ArticleRow, 'sectionAlias' | 'alias'>) => `/support/${row.sectionAlias}/${row.alias}`;

const toCard = (row: ArticleRow): SupportArticleCard => ({
  alias: row.alias,
  title: row.title,
  summary: row.summary,
  section: { alias: row.sectionAlias, title: row.sectionTitle },
  url: articleUrl(row),
});

/** The help centre: sections, categories and articles, their search, the FAQ and «Был ли ответ полезен?». */
export function createHelpCentreService(db: Db) {
  const repo = createHelpCentreRepo(db);

  return {
    async home(): Promise<SupportHome> {
      const [sections, counts, popular] = [await repo.sections(), await repo.countsBySection(), await repo.popular(POPULAR_ARTICLES)];
      return {
        sections: sections.map((s) => ({ alias: s.alias, title: s.title, description: s.description, articles_total: counts.get(s.id) ?? 0 })),
        popular: popular.map(toCard),
      };
    },

    async section(alias: string): Promise<SupportSection> {
      const section = await repo.sectionByAlias(alias);
      if (!section) throw notFound('Section');
      const categories = await repo.categoriesOf(section.id);
      const mine = await repo.articlesOfSection(section.id);
      return {
        alias: section.alias,
        title: section.title,
        description: section.description,
        categories: categories
          .map((c) => ({ alias: c.alias, title: c.title, articles: mine.filter((a) => a.categoryAlias === c.alias).map(toCard) }))
          .filter((c) => c.articles.length > 0),
      };
    },

    async article(alias: string): Promise<SupportArticle> {
      const row = await repo.articleByAlias(alias);
      if (!row) throw notFound('Article');
      const siblings = await repo.articlesOfCategory(row.categoryId);
      return {
        alias: row.alias,
        title: row.title,
        summary: row.summary,
        html: renderMarkdown(row.body),
        section: { alias: row.sectionAlias, title: row.sectionTitle },
        category: { alias: row.categoryAlias, title: row.categoryTitle },
        updated_at: row.updatedAt.toISOString(),
        helpful_count: row.helpfulCount,
        unhelpful_count: row.unhelpfulCount,
        related: siblings.filter((a) => a.id !== row.id).slice(0, 5).map(toCard),
      };
    },

    /** An empty (or punctuation-only) query finds nothing, as the catalogue's search (spec catalogue §5). */
    async search(query: string, limit: number): Promise<SupportSearchResponse> {
      const q = normalizeSearchText(query);
      if (!q) return { query, items: [], items_total: 0 };
      const hits = await repo.search(q, q.split(' '), limit);
      const rows = new Map((await repo.articles()).map((a) => [a.id, a]));
      const items = hits.flatMap((h) => {
        const row = rows.get(h.id);
        return row ? [toCard(row)] : [];
      });
      return { query, items, items_total: hits[0]?.total ?? 0 };
    },

    async faq(): Promise<SupportFaq> {
      const [sections, articles] = [await repo.sections(), await repo.faqArticles()];
      return {
        sections: sections
          .map((s) => ({
            alias: s.alias,
            title: s.title,
            items: articles.filter((a) => a.sectionAlias === s.alias).map((a) => ({ alias: a.alias, question: a.title, html: renderMarkdown(a.body), url: articleUrl(a) })),
          }))
          .filter((s) => s.items.length > 0),
      };
    },

    /** A visitor's vote; `voter` is who votes (an account, or an address's hash), one vote each per article. */
    async vote(alias: string, voter: string, helpful: boolean): Promise<SupportFeedbackResponse> {
      const row = await repo.articleByAlias(alias);
      if (!row) throw notFound('Article');
      const counts = await repo.vote(row.id, voter, helpful);
      return { helpful_count: counts.helpful, unhelpful_count: counts.unhelpful, helpful };
    },
  };
}
export type HelpCentreService = ReturnType<typeof createHelpCentreService>;
