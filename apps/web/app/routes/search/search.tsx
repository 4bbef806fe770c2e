import { SEARCH_QUERY_MAX, isBlankSearchQuery } from '@ekran/core';
import type { SearchPerson } from '@ekran/contracts';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { data, Link, useRouteLoaderData } from 'react-router';
import { ArchiveGrid } from '../../components/archive/archive-grid.tsx';
import type { ArchiveCardView } from '../../components/archive/archive-view.ts';
import { TitleGrid } from '../../components/catalog/title-grid.tsx';
import { SearchCombobox } from '../../components/search/search-combobox.tsx';
import { initialsOf, rolesText } from '../../components/search/search-text.ts';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { toCardView, type CardView } from '../../lib/card-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { toArchiveCard } from '../archive/archive.server.ts';
import type { Route } from './+types/search';
import './search-page.css';

type Group<T> = { items: T[]; total: number };
export type SearchPageData =
  | { state: 'empty'; q: string }
  | { state: 'too-long'; q: string }
  | { state: 'busy'; q: string }
  | {
      state: 'results';
      q: string;
      titles: Group<CardView>;
      people: Group<SearchPerson>;
      /** Recordings of the archive whose title matches (RU adults only), and whether to say «по подписке». */
      recordings: ArchiveCardView[];
      bySubscription: boolean;
    };

/**
 * /search?q= (spec platform §2): titles and people for the query, an empty query's prompt (catalogue §5: an
 * empty query has empty results) and a no-results state with advice. A GET form, so it works without
 * JavaScript; never indexed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
  if (isBlankSearchQuery(q)) return data<SearchPageData>({ state: 'empty', q });
  if (q.length > SEARCH_QUERY_MAX) return data<SearchPageData>({ state: 'too-long', q: q.slice(0, SEARCH_QUERY_MAX) }, { status: 400 });
  const { api, auth, tz } = context.get(visitorContext);
  // The archive is the Russian adult's (catalogue §1, §6); its search answers up to 40, and a
  // failure of it only leaves the recordings out (catalogue §7: "non-OK gives empty items").
  const withArchive = auth?.current_country_code === 'RU' && !auth.profile_for_child;
  try {
    const [result, recorded] = await Promise.all([api.search(q), withArchive ? api.catchupSearch(q, false).then((r) => r.items, () => []) : Promise.resolve([])]);
    const now = Date.now();
    return data<SearchPageData>({
      state: 'results',
      q,
      titles: { items: result.titles.items.map(toCardView), total: result.titles.items_total },
      people: { items: result.people.items, total: result.people.items_total },
      recordings: recorded.map((item) => toArchiveCard(item, tz, now)),
      bySubscription: (auth?.virtual ?? true) || (auth?.subscriptions.length ?? 0) === 0,
    });
  } catch (err) {
    if (err instanceof ApiCallError && err.status === 429) return data<SearchPageData>({ state: 'busy', q }, { status: 429 });
    throw err;
  }
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
  const title = d?.q ? t('search.metaTitleQuery', { query: d.q }) : t('search.metaTitle');
  return seoMeta(origin, {
    title,
    description: t('search.metaDescription'),
    path: '/search',
    // Search results are not pages of their own (search is not indexed).
    noindex: true,
    jsonLd: [breadcrumbListLd(origin, [{ title: t('breadcrumbs.home'), url: '/' }, { title: t('search.title') }], '/search')],
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<{ isKids?: boolean } | undefined>('root');
  return (
    <div className="page search-page">
      <Breadcrumbs items={[{ title: t('search.title') }]} />
      <header className="page__head">
        <h1>{t('search.title')}</h1>
      </header>
      {/* A new query (a new address) starts the field over from it. */}
      <PageField key={loaderData.q} initial={loaderData.q} placeholder={t(root?.isKids ? 'search.placeholderKids' : 'search.placeholder')} />
      <SearchResults data={loaderData} />
    </div>
  );
}

function PageField({ initial, placeholder }: { initial: string; placeholder: string }) {
  const [query, setQuery] = useState(initial);
  return (
    <div className="search-page__field">
      <SearchCombobox variant="page" query={query} onQueryChange={setQuery} placeholder={placeholder} />
    </div>
  );
}

function SearchResults({ data: d }: { data: SearchPageData }) {
  const { t } = useTranslation();
  if (d.state === 'empty') {
    return (
      <div className="empty search-page__state">
        <p className="empty__title">{t('search.emptyTitle')}</p>
        <p>{t('search.emptyText')}</p>
      </div>
    );
  }
  if (d.state === 'too-long' || d.state === 'busy') {
    return (
      <div className="empty search-page__state" role="alert">
        <p className="empty__title">{t(d.state === 'busy' ? 'search.busyTitle' : 'search.tooLongTitle')}</p>
        <p>{d.state === 'busy' ? t('search.busyText') : t('search.tooLongText', { max: SEARCH_QUERY_MAX })}</p>
      </div>
    );
  }
  const total = d.titles.total + d.people.total + d.recordings.length;
  if (total === 0) return <NoResults query={d.q} />;
  return (
    <>
      <p className="search-page__summary">
        {t('search.results', { count: total, query: d.q })}
      </p>
      {d.titles.total > 0 ? (
        <section className="search-group" aria-labelledby="search-group-titles">
          <h2 id="search-group-titles" className="search-group__title">
            {t('search.groupTitles')} <span className="search-group__count">{d.titles.total}</span>
          </h2>
          <TitleGrid items={d.titles.items} />
          {d.titles.total > d.titles.items.length ? (
            <p className="search-group__more">{t('search.shownFirst', { shown: d.titles.items.length, total: d.titles.total })}</p>
          ) : null}
        </section>
      ) : null}
      {d.recordings.length > 0 ? (
        <section className="search-group" aria-labelledby="search-group-recordings" data-testid="search-recordings">
          <h2 id="search-group-recordings" className="search-group__title">
            {t('archive.searchGroup')} <span className="search-group__count">{d.recordings.length}</span>
          </h2>
          <ArchiveGrid items={d.recordings} bySubscription={d.bySubscription} block="search_catchups" />
        </section>
      ) : null}
      {d.people.total > 0 ? (
        <section className="search-group" aria-labelledby="search-group-people">
          <h2 id="search-group-people" className="search-group__title">
            {t('search.groupPeople')} <span className="search-group__count">{d.people.total}</span>
          </h2>
          <ul className="person-list">
            {d.people.items.map((person) => (
              <li key={person.alias}>
                <PersonCard person={person} />
              </li>
            ))}
          </ul>
          {d.people.total > d.people.items.length ? (
            <p className="search-group__more">{t('search.shownFirst', { shown: d.people.items.length, total: d.people.total })}</p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

function PersonCard({ person }: { person: SearchPerson }) {
  const { t } = useTranslation();
  const facts = [rolesText(person.roles, t), t('search.works', { count: person.titles_count })].filter(Boolean);
  return (
    <Link to={`/person/${person.alias}`} className="person-card">
      <span className="person-card__avatar" aria-hidden="true">
        {initialsOf(person.name)}
      </span>
      <span className="person-card__text">
        <span className="person-card__name">{person.name}</span>
        {person.name_original ? <span className="person-card__original">{person.name_original}</span> : null}
        <span className="person-card__facts">{facts.join(' · ')}</span>
      </span>
    </Link>
  );
}

function NoResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<{ isChild?: boolean } | undefined>('root');
  const catalogue = root?.isChild ? (['animation'] as const) : (['movies', 'series', 'animation'] as const);
  return (
    <div className="search-page__none">
      <h2 className="search-page__none-title">{t('search.noneTitle', { query })}</h2>
      <ul className="search-page__advice">
        <li>{t('search.noneAdvice.typos')}</li>
        <li>{t('search.noneAdvice.shorter')}</li>
        <li>{t('search.noneAdvice.people')}</li>
      </ul>
      <p className="search-page__catalogue">
        {t('search.noneCatalogue')}{' '}
        {catalogue.map((category, i) => (
          <span key={category}>
            {i > 0 ? ' · ' : null}
            <Link to={`/${category}`}>{t(`category.${category}`)}</Link>
          </span>
        ))}
      </p>
    </div>
  );
}
