import type { ArticleSummary } from '@ekran/contracts';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { Poster } from '../ui/poster.tsx';
import { formatArticleDate } from './article-date.ts';

/**
 * An article as a card of the journal's lists, of a title's articles and of «Читайте также»: the cover, the rubric,
 * the title (the link), the lead, the date and the reading time («5 минут чтения», Intl.PluralRules through i18next).
 */
export function ArticleCard({ article, t, priority = false, headingLevel = 2 }: { article: ArticleSummary; t: TFunction; priority?: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="article-card" data-testid="article-card">
      <Link to={article.url} className="article-card__cover" tabIndex={-1} aria-hidden="true" prefetch="intent">
        <Poster image={article.cover} orientation="horizontal" width={400} sizes="(max-width: 567px) calc(100vw - 32px), (max-width: 1023px) 45vw, 400px" priority={priority} />
      </Link>
      <div className="article-card__body">
        <Link to={article.rubric.url} className="article-card__rubric">
          {article.rubric.title}
        </Link>
        <Heading className="article-card__title">
          <Link to={article.url} prefetch="intent">
            {article.title}
          </Link>
        </Heading>
        <p className="article-card__lead">{article.lead}</p>
        <p className="article-card__meta">
          <time dateTime={article.published_at}>{formatArticleDate(article.published_at)}</time>
          <span aria-hidden="true"> · </span>
          <span>{t('journal.readingTime', { count: article.reading_minutes })}</span>
        </p>
      </div>
    </article>
  );
}

/** A grid of article cards; the first ones are above the fold. */
export function ArticleGrid({ articles, t, headingLevel = 2, testId }: { articles: ArticleSummary[]; t: TFunction; headingLevel?: 2 | 3; testId?: string }) {
  return (
    <ul className="article-grid" data-testid={testId}>
      {articles.map((a, i) => (
        <li key={a.alias}>
          <ArticleCard article={a} t={t} priority={i < 3} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
