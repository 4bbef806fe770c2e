import { ApiPath, ArticleListSchema, ArticleSchema, JournalRubricListSchema, TitleArticlesSchema, type JournalListQuery } from '@ekran/contracts';
import type { ApiCall } from './api-call.server.ts';

/** The journal for loaders: rubrics, a page of articles, an article, and the articles that mention a title. */
export function journalApi(call: ApiCall) {
  return {
    journalRubrics: () => call(JournalRubricListSchema, ApiPath.journalRubrics),
    journalArticles: (query: JournalListQuery) => call(ArticleListSchema, ApiPath.journalArticles, { query }),
    journalArticle: (alias: string) => call(ArticleSchema, ApiPath.journalArticle(alias)),
    titleArticles: (alias: string) => call(TitleArticlesSchema, ApiPath.watchArticles(alias)),
  };
}
