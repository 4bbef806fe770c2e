import type { Article, ArticleSummary, JournalRubric } from '@ekran/contracts';
import { HOME_CRUMB_TITLE, isAlias, JOURNAL_PAGE_SIZE, journalPath, pagedPath } from '@ekran/core';
import type { MetaDescriptor } from 'react-router';
import { Link } from 'react-router';
import { TitleRow } from '../../components/catalog/title-row.tsx';
import { Pager } from '../../components/catalog/pager.tsx';
import { ArticleBody } from '../../components/journal/article-body.tsx';
import { ArticleGrid } from '../../components/journal/article-card.tsx';
import { formatArticleDate } from '../../components/journal/article-date.ts';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { Poster } from '../../components/ui/poster.tsx';
import type { Api } from '../../lib/api.server.ts';
import { toCardView } from '../../lib/card-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { itemListLd, pagingLinks } from '../../lib/list-seo.ts';
import { orNotFound, pageOr404, pagesOr404, redirectToCanonical, skipOr404 } from '../../lib/lists.server.ts';
import { notFound } from '../../lib/not-found.ts';
import { absoluteUrl, breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../styles/journal.css';
import type { Route } from './+types/journal';

const PAGE_SEGMENT = /^page\d+$/;
/** The journal's feed (routes/journal/rss.ts). */
export const JOURNAL_RSS = '/journal/rss.xml';

/**
 * /journal and /journal/{alias} (spec platform §2 Other; decision 052): the list of articles with the catalogue's
 * /page{N} paging (catalogue §2), a rubric's list at /journal/{rubric}/{page?}, and an article's page. A rubric's
 * alias is looked up first; an article never takes one (the seed keeps them apart).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { api } = context.get(visitorContext);
  const { p1, p2 } = params;

  if (p1 !== undefined && !PAGE_SEGMENT.test(p1)) {
    if (!isAlias(p1)) throw notFound();
    const rubrics = (await api.journalRubrics()).items;
    const rubric = rubrics.find((r) => r.alias === p1);
    if (rubric) return list(url, api, rubrics, rubric, pageOr404(p2));
    if (p2 !== undefined) throw notFound();
    redirectToCanonical(url, journalPath(p1));
    const article = await orNotFound(api.journalArticle(p1));
    return { mode: 'article' as const, article };
  }
  if (p2 !== undefined) throw notFound();
  const page = pageOr404(p1);
  const rubrics = (await api.journalRubrics()).items;
  return list(url, api, rubrics, null, page);
}

async function list(url: URL, api: Api, rubrics: JournalRubric[], rubric: JournalRubric | null, page: number) {
  const base = journalPath(rubric?.alias);
  redirectToCanonical(url, pagedPath(base, page));
  const answer = await api.journalArticles({ rubric: rubric?.alias, skip: skipOr404(page, JOURNAL_PAGE_SIZE), limit: JOURNAL_PAGE_SIZE });
  const pages = pagesOr404(page, answer.items_total, JOURNAL_PAGE_SIZE);
  return { mode: 'list' as const, rubrics, rubric, page, pages, base, total: answer.items_total, skip: (page - 1) * JOURNAL_PAGE_SIZE, articles: answer.items };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;
type ListData = Extract<LoaderData, { mode: 'list' }>;

/** The feed's link in the head of every journal page, so readers and browsers find it. */
const rssLink = (origin: string | undefined, title: string): MetaDescriptor => ({
  tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title, href: absoluteUrl(origin, JOURNAL_RSS),
});

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  if (d.mode === 'article') return articleMeta(origin, d.article, t);
  const path = pagedPath(d.base, d.page);
  const name = d.rubric ? d.rubric.title : t('journal.title');
  const titled = (title: string) => (d.page > 1 ? t('journal.metaPage', { title, page: d.page }) : title);
  const crumbs = d.rubric
    ? [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: t('journal.title'), url: journalPath() }, { title: d.rubric.title }]
    : [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: t('journal.title') }];
  return [
    ...seoMeta(origin, {
      title: titled(d.rubric ? t('journal.metaRubric', { rubric: d.rubric.title }) : t('journal.metaTitle')),
      description: d.rubric ? t('journal.metaRubricDescription', { rubric: d.rubric.title, description: d.rubric.description }) : t('journal.metaDescription'),
      path,
      image: d.articles[0] ? imageUrl(d.articles[0].cover, 1280, 'jpeg') : null,
      jsonLd: [breadcrumbListLd(origin, crumbs, path), itemListLd(origin, name, d.articles.map((a) => ({ path: a.url, name: a.title })), d.total, d.skip)],
    }),
    ...pagingLinks(origin, (p) => pagedPath(d.base, p), d.page, d.pages),
    rssLink(origin, t('journal.rssTitle')),
  ];
}

function articleMeta(origin: string | undefined, a: Article, t: ReturnType<typeof tFor>): MetaDescriptor[] {
  const path = a.url;
  const image = imageUrl(a.cover, 1280, 'jpeg');
  const crumbs = [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: t('journal.title'), url: journalPath() }, { title: a.rubric.title, url: a.rubric.url }, { title: a.title }];
  return [
    ...seoMeta(origin, {
      title: t('journal.metaArticle', { title: a.title }),
      description: a.lead,
      path,
      image,
      type: 'article',
      jsonLd: [
        {
          '@type': 'Article',
          headline: a.title,
          description: a.lead,
          image: [absoluteUrl(origin, image)],
          datePublished: a.published_at,
          dateModified: a.updated_at,
          author: { '@type': 'Organization', name: a.author },
          publisher: { '@type': 'Organization', name: 'Экран', url: absoluteUrl(origin, '/') },
          mainEntityOfPage: absoluteUrl(origin, path),
          articleSection: a.rubric.title,
          ...(a.tags.length > 0 ? { keywords: a.tags.join(', ') } : {}),
          inLanguage: 'ru',
        },
        breadcrumbListLd(origin, crumbs, path),
      ],
    }),
    { property: 'article:published_time', content: a.published_at },
    { property: 'article:modified_time', content: a.updated_at },
    { property: 'article:section', content: a.rubric.title },
    ...a.tags.map((tag) => ({ property: 'article:tag', content: tag })),
    rssLink(origin, t('journal.rssTitle')),
  ];
}

export default function JournalPage({ loaderData: d }: Route.ComponentProps) {
  return d.mode === 'article' ? <ArticlePage article={d.article} /> : <ListPage d={d} />;
}

/** The journal's list or a rubric's: the rubric tabs, the cards, the pager and the feed. */
function ListPage({ d }: { d: ListData }) {
  const { t } = useTranslation();
  const heading = d.rubric ? d.rubric.title : t('journal.title');
  return (
    <div className="page journal">
      <Breadcrumbs items={d.rubric ? [{ title: t('journal.title'), url: journalPath() }, { title: d.rubric.title }] : [{ title: t('journal.title') }]} />
      <header className="journal__head">
        <div className="page__head">
          <h1>{heading}</h1>
          <p className="page__count">{t('journal.count', { count: d.total })}</p>
          <a className="journal__rss" href={JOURNAL_RSS} type="application/rss+xml">
            <svg viewBox="0 0 24 24" aria-hidden="true" width="14" height="14">
              <circle cx="6" cy="18" r="2.2" fill="currentColor" />
              <path d="M4 10.5a9.5 9.5 0 0 1 9.5 9.5M4 4a16 16 0 0 1 16 16" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
            </svg>
            {t('journal.rss')}
          </a>
        </div>
        <p className="journal__lead">{d.rubric ? d.rubric.description : t('journal.lead')}</p>
      </header>
      <nav className="chips journal__rubrics" aria-label={t('journal.rubricsLabel')} data-testid="journal-rubrics">
        <Link className="chip" to={journalPath()} aria-current={d.rubric ? undefined : 'page'}>
          {t('journal.all')}
        </Link>
        {d.rubrics.map((r) => (
          <Link key={r.alias} className="chip" to={r.url} aria-current={d.rubric?.alias === r.alias ? 'page' : undefined}>
            {r.title}
          </Link>
        ))}
      </nav>
      {d.articles.length > 0 ? (
        <ArticleGrid articles={d.articles} t={t} testId="journal-articles" />
      ) : (
        <div className="empty">
          <p className="empty__title">{t('journal.empty')}</p>
          <p>{t('journal.emptyLead')}</p>
        </div>
      )}
      <Pager page={d.page} totalPages={d.pages} pageHref={(p) => pagedPath(d.base, p)} />
    </div>
  );
}

/** An article: rubric, title, lead, byline, cover, the body with its cards and galleries, tags, its titles, related. */
function ArticlePage({ article: a }: { article: Article }) {
  const { t } = useTranslation();
  const edited = a.updated_at.slice(0, 10) !== a.published_at.slice(0, 10);
  return (
    <div className="page journal">
      <Breadcrumbs items={[{ title: t('journal.title'), url: journalPath() }, { title: a.rubric.title, url: a.rubric.url }, { title: a.title }]} />
      <article className="article" data-testid="article">
        <header className="article__head">
          <Link to={a.rubric.url} className="article__rubric">
            {a.rubric.title}
          </Link>
          <h1 className="article__title">{a.title}</h1>
          <p className="article__lead">{a.lead}</p>
          <p className="article__meta">
            <span className="article__author">{a.author}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={a.published_at}>{formatArticleDate(a.published_at)}</time>
            {edited ? (
              <>
                <span aria-hidden="true"> · </span>
                <span>{t('journal.updated', { date: formatArticleDate(a.updated_at) })}</span>
              </>
            ) : null}
            <span aria-hidden="true"> · </span>
            <span>{t('journal.readingTime', { count: a.reading_minutes })}</span>
          </p>
        </header>
        <figure className="article__cover">
          <Poster image={a.cover} orientation="horizontal" width={960} sizes="(max-width: 1023px) calc(100vw - 32px), 960px" alt={a.cover_alt} priority preloaded />
        </figure>
        <ArticleBody blocks={a.blocks} t={t} />
        {a.tags.length > 0 ? (
          <ul className="article__tags" aria-label={t('journal.tagsLabel')}>
            {a.tags.map((tag) => (
              <li key={tag} className="article__tag">
                #{tag}
              </li>
            ))}
          </ul>
        ) : null}
      </article>
      {a.titles.length > 0 ? (
        <div className="article__titles" data-testid="article-titles">
          <TitleRow row={{ alias: 'article-titles', title: t('journal.titlesHeading'), url: null, items: a.titles.map(toCardView) }} />
        </div>
      ) : null}
      {a.related.length > 0 ? <RelatedArticles articles={a.related} /> : null}
    </div>
  );
}

function RelatedArticles({ articles }: { articles: ArticleSummary[] }) {
  const { t } = useTranslation();
  return (
    <section className="section article__related" aria-labelledby="article-related">
      <h2 id="article-related">{t('journal.relatedHeading')}</h2>
      <ArticleGrid articles={articles} t={t} headingLevel={3} testId="related-articles" />
    </section>
  );
}
