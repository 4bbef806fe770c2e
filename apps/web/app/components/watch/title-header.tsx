import { formatDurationShort, mpaaFor, watchPath, type WatchSubPage } from '@ekran/core';
import type { Title, TitleLists } from '@ekran/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Poster } from '../ui/poster.tsx';
import './title-pages.css';

/** A tab of a title page: the main page (about) or one of its sub-pages (spec platform §2 Watching). */
export interface TitleTab {
  key: 'about' | 'seasons' | 'trailers' | 'characters' | 'extras' | 'collections' | 'selections' | 'person' | 'articles';
  path: string;
}

// The person sub-page lists the crew besides the cast; with a cast only it would repeat «Актёры и роли».
const hasCrew = (title: Title) => [title.directors, title.writers, title.producers, title.operators, title.composers].some((l) => l.length > 0);

/**
 * The tabs a title page has, only those with content: О фильме, Сезоны, Трейлеры, Актёры и
 * роли, Дополнительные материалы, Коллекции, Подборки, Съёмочная группа, Статьи (the journal's articles that
 * mention the title). `lists` unknown (null) leaves out the collections and selections tabs; `articles` is how many
 * articles mention it (0 or unknown: no tab).
 */
export function titleTabs(title: Title, lists: TitleLists | null, articles = 0): TitleTab[] {
  const path = (sub: WatchSubPage) => watchPath(title.alias, sub);
  const has = (kind: 'trailer' | 'extra') => title.additional_content.some((a) => a.kind === kind);
  const first = title.items[0];
  const tabs: (TitleTab | false)[] = [
    { key: 'about', path: watchPath(title.alias) },
    title._cls === 'Product.Series' && first !== undefined && { key: 'seasons', path: path({ kind: 'season', number: first.number }) },
    has('trailer') && { key: 'trailers', path: path({ kind: 'trailers' }) },
    title.cast.length > 0 && { key: 'characters', path: path({ kind: 'characters' }) },
    has('extra') && { key: 'extras', path: path({ kind: 'extras' }) },
    (lists?.collections.length ?? 0) > 0 && { key: 'collections', path: path({ kind: 'collections' }) },
    (lists?.selections.length ?? 0) > 0 && { key: 'selections', path: path({ kind: 'selections' }) },
    hasCrew(title) && { key: 'person', path: path({ kind: 'person' }) },
    articles > 0 && { key: 'articles', path: path({ kind: 'articles' }) },
  ];
  return tabs.filter((tab): tab is TitleTab => tab !== false);
}

/** The links between a title's main page and its sub-pages; the current one is marked for screen readers too. */
export function TitleTabs({ title, lists, current, articles = 0 }: { title: Title; lists: TitleLists | null; current: TitleTab['key']; articles?: number }) {
  const { t } = useTranslation();
  const tabs = titleTabs(title, lists, articles);
  const listRef = useRef<HTMLUListElement>(null);
  // On a phone the tabs scroll sideways: bring the current one into view (without scrolling the page).
  useEffect(() => {
    const list = listRef.current;
    const currentLink = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !currentLink) return;
    const left = currentLink.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    if (left + currentLink.offsetWidth > list.clientWidth) list.scrollLeft = left - (list.clientWidth - currentLink.offsetWidth) / 2;
  }, [current]);
  if (tabs.length < 2) return null;
  const label = (key: TitleTab['key']) =>
    key === 'about' ? t(title._cls === 'Product.Series' ? 'titlePages.aboutSeries' : 'titlePages.about') : t(`titlePages.tabs.${key}`);
  return (
    <nav className="title-tabs" aria-label={t('titlePages.tabsLabel')} data-testid="title-tabs">
      <ul ref={listRef}>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link to={tab.path} className="title-tabs__link" aria-current={tab.key === current ? 'page' : undefined} preventScrollReset={tab.key !== 'about'}>
              {label(tab.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The line of facts under a title's name: year, the age badge with its MPAA equivalent (spec platform §9), our
 * rating, countries, genres (links to their pages) and the running time «1 ч 52 мин» or the number of seasons.
 */
export function TitleFacts({ title, className = 'watch__facts' }: { title: Title; className?: string }) {
  const { t } = useTranslation();
  const mpaa = mpaaFor(title.rating_age);
  const isSeries = title._cls === 'Product.Series';
  const length = isSeries ? t('card.seasons', { count: title.items.length }) : title.duration_minutes ? formatDurationShort(title.duration_minutes) : null;
  return (
    <p className={className}>
      <span className="badge badge--age">{title.rating_age}</span>
      {mpaa ? (
        <span className="badge badge--mpaa" title={`MPAA: ${mpaa}`}>
          <span className="sr-only">MPAA: </span>
          {mpaa}
        </span>
      ) : null}
      <span className="watch__rating">{title.rating_ekran.toFixed(1)}</span>
      <span>{title.year}</span>
      {title.origin_countries.length > 0 ? <span>{title.origin_countries.map((c) => c.title).join(', ')}</span> : null}
      {title.genres.length > 0 ? (
        <span className="title-facts__genres">
          {title.genres.map((g, i) => (
            <span key={g.alias}>
              {i > 0 ? ', ' : null}
              <Link to={`/genres/${g.alias}`}>{g.title}</Link>
            </span>
          ))}
        </span>
      ) : null}
      {length ? <span>{length}</span> : null}
    </p>
  );
}

/**
 * The compact head of a title's sub-pages: the poster, the title's name (a link to its page) with the
 * sub-page's name under it as one heading, the facts, and the tabs.
 */
export function TitleHeader({ title, lists, current, pageLabel, articles = 0 }: { title: Title; lists: TitleLists | null; current: TitleTab['key']; pageLabel: string; articles?: number }) {
  return (
    <header className="title-header">
      <Link to={watchPath(title.alias)} className="title-header__poster" tabIndex={-1} aria-hidden="true">
        <Poster image={title.vertical_poster} orientation="vertical" width={96} sizes="96px" alt="" priority />
      </Link>
      <div className="title-header__body">
        <h1 className="title-header__title">
          <Link to={watchPath(title.alias)}>{title.title}</Link>
          <span className="title-header__page">{pageLabel}</span>
        </h1>
        <TitleFacts title={title} className="watch__facts title-header__facts" />
      </div>
      <div className="title-header__tabs">
        <TitleTabs title={title} lists={lists} current={current} articles={articles} />
      </div>
    </header>
  );
}

/** A person's initials (up to two), drawn where the data has no photo. */
export function initials(name: string) {
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
}
