import type { SupportArticleCard } from '@ekran/contracts';
import { Form, Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { tFor } from '../../lib/i18n.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import type { Route } from './+types/support-home';
import '../../styles/support.css';

/**
 * /support (spec platform §2 Support /support/{type?} without a type): the help centre's home — the search box, the
 * sections and the popular questions; with ?q= the search's results (not indexed).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(visitorContext);
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 200);
  const home = await api.supportHome();
  const results = q ? await api.supportSearch(q) : null;
  return { home, q, results };
}

export function meta({ matches, data }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
  if (data?.q) return seoMeta(origin, { title: t('support.searchMetaTitle', { q: data.q }), description: t('support.metaDescription'), path: '/support', noindex: true });
  return seoMeta(origin, {
    title: t('support.metaTitle'),
    description: t('support.metaDescription'),
    path: '/support',
    jsonLd: [breadcrumbListLd(origin, [{ title: 'Главная', url: '/' }, { title: t('support.title') }], '/support')],
  });
}

/** The search box of the help centre (a GET form: the results have an address). */
export function SupportSearch({ q = '' }: { q?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/support" role="search" className="support-search">
      <label htmlFor="support-q" className="sr-only">
        {t('support.searchLabel')}
      </label>
      <input id="support-q" name="q" type="search" defaultValue={q} placeholder={t('support.searchPlaceholder')} maxLength={200} autoComplete="off" data-testid="support-search" />
      <button type="submit" className="btn btn--primary">
        {t('support.searchSubmit')}
      </button>
    </Form>
  );
}

/** A list of articles as links with their summaries. */
export function ArticleList({ items, testId }: { items: SupportArticleCard[]; testId?: string }) {
  return (
    <ul className="support-articles" data-testid={testId}>
      {items.map((a) => (
        <li key={a.alias}>
          <Link to={a.url} className="support-articles__link">
            {a.title}
          </Link>
          <p className="support-articles__summary">{a.summary}</p>
        </li>
      ))}
    </ul>
  );
}

/** «Не нашли ответ? Напишите нам» under every page of the help centre. */
export function WriteUs({ topic }: { topic?: string }) {
  const { t } = useTranslation();
  return (
    <aside className="support-write" aria-labelledby="support-write-title">
      <h2 id="support-write-title">{t('support.notFound')}</h2>
      <p>{t('support.writeUsLead')}</p>
      <Link to={topic ? `/support/new?topic=${topic}` : '/support/new'} className="btn btn--primary" data-testid="write-us">
        {t('support.writeUs')}
      </Link>
    </aside>
  );
}

export default function SupportHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { home, q, results } = loaderData;
  return (
    <div className="page support">
      <Breadcrumbs items={[{ title: t('support.title') }]} />
      <header className="support__head">
        <h1>{t('support.title')}</h1>
        <p className="support__lead">{t('support.lead')}</p>
        <SupportSearch q={q} />
      </header>
      {results ? (
        <section aria-labelledby="support-results" className="support__block">
          <h2 id="support-results">{t('support.searchTitle', { q })}</h2>
          {results.items.length ? <ArticleList items={results.items} testId="support-results" /> : <p role="status">{t('support.searchEmpty', { q })}</p>}
        </section>
      ) : null}
      <section aria-labelledby="support-sections" className="support__block">
        <h2 id="support-sections">{t('support.sections')}</h2>
        <ul className="support-sections">
          {home.sections.map((s) => (
            <li key={s.alias}>
              <Link to={`/support/${s.alias}`} className="support-sections__card">
                <span className="support-sections__title">{s.title}</span>
                <span className="support-sections__desc">{s.description}</span>
                <span className="support-sections__count">{t('support.articlesCount', { count: s.articles_total })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {!results ? (
        <section aria-labelledby="support-popular" className="support__block">
          <h2 id="support-popular">{t('support.popular')}</h2>
          <ArticleList items={home.popular} testId="support-popular" />
        </section>
      ) : null}
      <WriteUs />
    </div>
  );
}
