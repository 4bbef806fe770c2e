// /archive/{param1?}/{param2?}/{param3?} — the catch-up archive («Кино на ТВ», spec catalogue §1,
// §2, §4): recordings of our films and series that aired on our channels, filtered by type, genre and year.
import { CatchupListQuerySchema, ErrorCode, type Banner, type CatchupFilters, type Tariff } from '@ekran/contracts';
import {
  ARCHIVE_PAGE_SIZE, archiveSubscribeButton, archiveUrl, catchupQuery, deviceForWidth, EXPERIMENTS, experimentGroup, hasArchiveFilters, isCatchupVariantOn,
  parseArchiveFilters, SCROLL_SENTINEL_ROOT_MARGIN, type ArchiveCategory, type ArchiveFilters as Filters, type SubscribeButton,
} from '@ekran/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { data, useLocation } from 'react-router';
import { ArchiveFilterDrawer } from '../../components/archive/archive-drawer.tsx';
import { ArchiveFilters, type ArchiveFilterGroups } from '../../components/archive/archive-filters.tsx';
import { ArchiveGrid } from '../../components/archive/archive-grid.tsx';
import { archivePageHref, catchupPortionUrl } from '../../components/archive/archive-links.ts';
import { archiveCss } from '../../components/archive/archive-css.ts';
import { ArchiveEmpty, ArchiveError, ArchiveGeo } from '../../components/archive/archive-states.tsx';
import { ArchiveSubscribe, type ArchiveViewer } from '../../components/archive/archive-subscribe.tsx';
import type { ArchiveCardView, ArchivePortion } from '../../components/archive/archive-view.ts';
import { InfiniteGrid } from '../../components/catalog/infinite-grid.tsx';
import { BannerCarousel } from '../../components/home/banner-carousel.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import catalogCss from '../../styles/catalog.css?url';
import { loadBanners } from '../home/banners.server.ts';
import type { Route } from './+types/archive';
import { archiveHeading, archivePageSizeFor, toArchivePortion } from './archive.server.ts';
import { skipOr404 } from '../../lib/lists.server.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';

// The filter panels are the catalogue's (.filter, its panel and columns of 10).
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogCss }];

/** The query values the address holds besides the filters' own (genres, year) and the page. */
const FILTER_QUERY = ['genres', 'year'];

/** A route word as the archive reads it: «movie», the catch-up item's own word, is the category «movies». */
const routeWord = (param: string | undefined) => (param === 'movie' ? 'movies' : param);

/** ?page=N: 1 without it; null for anything but a positive integer. */
function pageOf(value: string | null): number | null {
  if (value === null) return 1;
  return /^[1-9]\d{0,5}$/.test(value) ? Number(value) : null;
}

/** The address with the other query values after the canonical path and the filters' query. */
function withQuery(path: string, rest: URLSearchParams): string {
  const tail = rest.toString();
  return tail ? `${path}${path.includes('?') ? '&' : '?'}${tail}` : path;
}

/** The filter groups of the API as the filters show them; a group the API left out is empty. */
function groupsOf(filters: CatchupFilters): ArchiveFilterGroups {
  const group = (alias: 'category' | 'genre' | 'year') => filters.items.find((g) => g.alias === alias);
  const categories = (group('category')?.items ?? []).filter((i): i is { alias: ArchiveCategory; title: string } => i.alias === 'movies' || i.alias === 'series');
  return {
    category: { title: group('category')?.title ?? '', items: categories },
    genre: { title: group('genre')?.title ?? '', items: [...(group('genre')?.items ?? [])] },
    year: { title: group('year')?.title ?? '', items: [...(group('year')?.items ?? [])] },
  };
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };
const settle = <T,>(promise: Promise<T>): Promise<Settled<T>> => promise.then((value) => ({ ok: true as const, value }), (error: unknown) => ({ ok: false as const, error }));
const isGeoRefusal = (err: unknown) => err instanceof ApiCallError && err.status === 403 && err.body?.code === ErrorCode.TvNotAvailable;

export interface ArchiveListData {
  view: 'list';
  filters: Filters;
  /** The page's own address (the canonical path and the filters' query). */
  canonical: string;
  page: number;
  /** The first portion's size: the page size of the device the browser's name suggests (catalogue §9). */
  pageSize: number;
  /** spec catalogue §3 Archive store loadingStatus: LOADED, or ERROR when the list failed. */
  status: 'LOADED' | 'ERROR';
  portion: ArchivePortion | null;
  groups: ArchiveFilterGroups | null;
  genreTitles: Record<string, string>;
  banners: Banner[];
  crumbs: { title: string; url?: string }[];
  heading: string;
  /** «по подписке Экран» on the cards: a virtual visitor or one without subscriptions (catalogue §1). */
  bySubscription: boolean;
  button: SubscribeButton | null;
  viewer: ArchiveViewer;
  tariffs: Tariff[] | null;
}

/**
 * spec catalogue §2, §4, §5: the params and ?genres=&year= classified (a number is a year, movies or series the
 * category, anything else a genre); an address other than the filters' own (archiveUrl) moves there for good,
 * keeping the rest of its query; a genre the catalogue does not have is not a page (404), while a real one with
 * nothing recorded now shows the empty view. The first portion, the filters, the banners and, for the subscribe
 * button, the tariffs load together; outside RU the page says TV is not available there (403).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = url.searchParams;
  const filters = parseArchiveFilters({
    param1: routeWord(params.param1),
    param2: routeWord(params.param2),
    param3: routeWord(params.param3),
    genres: search.get('genres'),
    year: search.get('year'),
  });
  const page = pageOf(search.get('page'));
  // What the API would refuse (a malformed genre, a year out of range, too many) is no address of ours.
  if (page === null || !CatchupListQuerySchema.safeParse(catchupQuery(filters)).success) throw notFound();
  const rest = new URLSearchParams(search);
  for (const key of FILTER_QUERY) rest.delete(key);
  if (page === 1) rest.delete('page');
  const canonical = archiveUrl(filters);
  const own = withQuery(canonical, rest);
  // Compared as parsed values: the page's data requests spell the commas %2C.
  const ownUrl = new URL(own, url.origin);
  if (ownUrl.pathname !== url.pathname || ownUrl.searchParams.toString() !== search.toString()) throw safeRedirect(own, 301);

  const { api, auth, tz } = context.get(visitorContext);
  const forKids = auth?.profile_for_child ?? false;
  const virtual = auth?.virtual ?? true;
  const subscriptionCount = auth?.subscriptions.length ?? 0;
  const trialIsAvailable = auth?.trial_is_available ?? true;
  // spec platform §6: a child profile gets no subscription popups, so no button that opens one.
  const wantsButton = !forKids && (virtual || subscriptionCount === 0);
  const pageSize = archivePageSizeFor(request.headers.get('user-agent'));
  const now = Date.now();
  const [list, filterGroups, banners, tariffs] = await Promise.all([
    settle(api.catchups({ ...catchupQuery(filters), limit: pageSize, skip: skipOr404(page, pageSize), for_kids: forKids })),
    settle(api.catchupFilters(forKids, filters.category)),
    loadBanners(api, 'catchups', forKids),
    // spec catalogue §4: N of «Смотреть N дней бесплатно» is the weight-0 trial tariff's (7 without it).
    wantsButton ? api.tariffs().catch((): Tariff[] | null => null) : Promise.resolve(null),
  ]);
  if ((!list.ok && isGeoRefusal(list.error)) || (!filterGroups.ok && isGeoRefusal(filterGroups.error))) {
    return data({ view: 'geo' as const }, { status: 403 });
  }
  if (!list.ok && list.error instanceof ApiCallError && (list.error.status === 400 || list.error.status === 404)) throw notFound();
  if (list.ok && page > 1 && list.value.skip >= list.value.items_total) throw notFound();

  // spec catalogue §8: a failed filters call leaves the page without its filters.
  const groups = filterGroups.ok ? groupsOf(filterGroups.value) : null;
  const genreTitles: Record<string, string> = Object.fromEntries((groups?.genre.items ?? []).map((g) => [g.alias, g.title]));
  const unlisted = filters.genres.filter((alias) => !(alias in genreTitles));
  if (unlisted.length > 0) {
    // Not recorded now (or not in the chosen category): a genre of the catalogue shows the empty view, anything else
    // is not a page.
    const catalogue = await api.genres(forKids).catch(() => null);
    for (const alias of unlisted) {
      const genre = catalogue?.items.find((g) => g.alias === alias);
      if (catalogue && !genre) throw notFound();
      genreTitles[alias] = genre?.title ?? alias;
    }
  }
  // A chosen genre or year the groups do not hold (the category has none of it) stays in its panel, to be unchosen.
  if (groups) {
    for (const alias of unlisted) groups.genre.items.push({ alias, title: genreTitles[alias] ?? alias });
    for (const year of filters.years.map(String)) if (!groups.year.items.some((i) => i.alias === year)) groups.year.items.push({ alias: year, title: year });
  }

  const variant = isCatchupVariantOn(experimentGroup(auth?.ab, EXPERIMENTS.catchupTextAndButton));
  const trial = tariffs?.find((t) => t.weight === 0 && t.allow_trial);
  const button = wantsButton ? archiveSubscribeButton({ virtual, subscriptionCount, trialIsAvailable, trialDays: trial?.trial_period_duration.days || undefined }) : null;
  const result: ArchiveListData = {
    view: 'list',
    filters,
    canonical,
    page,
    pageSize,
    status: list.ok ? 'LOADED' : 'ERROR',
    portion: list.ok ? toArchivePortion(list.value, pageSize, tz, now) : null,
    groups,
    genreTitles,
    banners,
    ...archiveHeading(filters, genreTitles, variant),
    bySubscription: virtual || subscriptionCount === 0,
    button,
    viewer: { virtual, email: auth?.email ?? null, phone: auth?.phone ?? null, trialIsAvailable },
    tariffs,
  };
  if (!list.ok) {
    // spec catalogue §8 "failed archive load marks the list ERROR": the page says so, with its status.
    console.warn(`archive list: ${(list.error as Error).message}`);
    return data(result, { status: 502 });
  }
  return result;
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
  if (!d || d.view === 'geo') return seoMeta(origin, { title: t('archive.metaTitle'), description: t('archive.metaDescription'), path: '/archive', noindex: true });
  const filtered = hasArchiveFilters(d.filters);
  const total = d.portion?.total ?? 0;
  // spec catalogue §2: "The page is not indexed by search engines. The default page title is about films on TV in recording."
  return seoMeta(origin, {
    title: filtered ? t('archive.metaTitleFiltered', { heading: d.heading }) : t('archive.metaTitle'),
    description: filtered ? t('archive.metaDescriptionFiltered', { heading: d.heading, count: t('count.titles', { count: total }) }) : t('archive.metaDescription'),
    path: d.canonical,
    noindex: true,
  });
}

export default function ArchivePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === 'geo') return <ArchiveGeo />;
  return <ArchiveList data={loaderData} />;
}

function ArchiveList({ data: d }: { data: ArchiveListData }) {
  const { t } = useTranslation();
  const location = useLocation();
  // spec catalogue §9: later portions are sized by the viewport's device (the first by the browser's name).
  const [portionSize, setPortionSize] = useState(d.pageSize);
  useEffect(() => {
    const sizeNow = () => setPortionSize(ARCHIVE_PAGE_SIZE[deviceForWidth(window.innerWidth)]);
    sizeNow();
    window.addEventListener('resize', sizeNow);
    return () => window.removeEventListener('resize', sizeNow);
  }, []);
  const query = catchupQuery(d.filters);
  const filtered = hasArchiveFilters(d.filters);
  const total = d.portion?.total ?? 0;
  const renderItems = (items: ArchiveCardView[], placeholders: number) => <ArchiveGrid items={items} placeholders={placeholders} bySubscription={d.bySubscription} />;
  return (
    <div className="page archive" data-testid="archive-page">
      {/* The page's padding and the grid (deduped with the grid's own by href), also when the list is empty. */}
      <style href="ekran-archive-grid" precedence="medium">
        {archiveCss}
      </style>
      <Breadcrumbs items={d.crumbs} />
      <header className="page__head archive__head">
        <h1>{d.heading}</h1>
        {d.status === 'LOADED' ? <p className="page__count">{t('count.titles', { count: total })}</p> : null}
        {d.button ? <ArchiveSubscribe button={d.button} viewer={d.viewer} tariffs={d.tariffs} /> : null}
      </header>
      {d.banners.length > 0 ? <BannerCarousel banners={d.banners} label={t('archive.bannersLabel')} /> : null}
      {d.groups ? (
        <div className="archive__bar">
          <ArchiveFilters groups={d.groups} filters={d.filters} genreTitles={d.genreTitles} layout="bar" />
          <ArchiveFilterDrawer groups={d.groups} filters={d.filters} genreTitles={d.genreTitles} total={total} />
          {/* Without JavaScript the drawer cannot open: the bar shows at every width. */}
          <noscript>
            <style>{'.archive-filters--bar{display:flex!important}.archive__filters-button{display:none!important}'}</style>
          </noscript>
        </div>
      ) : null}
      {d.status === 'ERROR' || !d.portion ? (
        <ArchiveError retryHref={`${location.pathname}${location.search}`} />
      ) : d.portion.items.length > 0 ? (
        <InfiniteGrid<ArchiveCardView>
          key={location.key}
          initial={d.portion}
          page={d.page}
          pageSize={d.pageSize}
          portionSize={portionSize}
          portionUrl={(skip) => catchupPortionUrl(query, skip, portionSize)}
          pageHref={(page) => archivePageHref(d.canonical, page)}
          renderItems={renderItems}
          rootMargin={SCROLL_SENTINEL_ROOT_MARGIN}
        />
      ) : (
        <ArchiveEmpty canReset={filtered} />
      )}
    </div>
  );
}
