import type { Category, CatalogFilters as CatalogFiltersData, FilterGroup } from '@ekran/contracts';
import { buildBreadcrumbs, CATALOG_PAGE_SIZE, isCatalogSort, type CrumbInput } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation } from 'react-router';
import { CatalogFilters, SortControl } from '../../components/catalog/catalog-filters.tsx';
import { InfiniteGrid } from '../../components/catalog/infinite-grid.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { tFor } from '../../lib/i18n.ts';
import { absoluteUrl, breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { imageUrl } from '../../lib/images.ts';
import { visitorContext } from '../../lib/session.server.ts';
import catalogCss from '../../styles/catalog.css?url';
import type { Route } from './+types/category';
import { categoryPath, hasFilter, parseCategoryPath, pathFromQuery, withFilter, type CategoryPath } from './category-path.ts';
import { portionUrl, toPortion } from '../../lib/listing.ts';
import { skipOr404 } from '../../lib/lists.server.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogCss }];

function categoryOf(url: URL): Category {
  const first = url.pathname.split('/')[1];
  if (first === 'movies' || first === 'series' || first === 'animation') return first;
  throw notFound();
}

/** The title of the chosen item of a group (a genre's name, a year, a country's name), or null. */
function selectedTitle(groups: FilterGroup[] | undefined, alias: FilterGroup['alias']): string | null {
  const group = groups?.find((g) => g.alias === alias);
  return group?.items.find((i) => i.alias === group.selected && i.alias !== 'all')?.title ?? null;
}

/**
 * spec catalogue §2 Category pages: /{category}/{genre}/{year}/{country} with the /page{N} suffix; the filters
 * of §4 with their counts, the sort in ?sort= (default: the API's choice for the viewer, catalogue §4), the
 * first portion of the infinite grid and the breadcrumbs.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = categoryOf(url);
  const search = new URLSearchParams(url.search);
  // The select mode's form without JavaScript sends ?genre=&year=&country=: the same filters as a path.
  const fromForm = pathFromQuery(search);
  if (fromForm) {
    for (const kind of ['genre', 'year', 'country']) search.delete(kind);
    throw safeRedirect(`${categoryPath(category, fromForm)}${search.size ? `?${search}` : ''}`);
  }
  const path = parseCategoryPath([params.p1, params.p2, params.p3, params.p4]);
  if (!path) throw notFound();
  const canonical = categoryPath(category, path);
  if (canonical !== url.pathname.replace(/\/$/, '') && url.pathname !== `/${category}/`) throw safeRedirect(`${canonical}${url.search}`, 301);

  const sortParam = search.get('sort');
  const askedSort = isCatalogSort(sortParam) ? sortParam : undefined;
  const { api, auth } = context.get(visitorContext);
  const forKids = auth?.profile_for_child ?? false;
  const filter = { category, genre: path.genre, year: path.year, country: path.country };
  const [list, filters] = await Promise.all([
    api.titles({ ...filter, for_kids: forKids, sort: askedSort, limit: CATALOG_PAGE_SIZE, skip: skipOr404(path.page, CATALOG_PAGE_SIZE) }),
    // spec catalogue §8: a failed catalogue call is ignored; the page goes on without its filters.
    api.catalogFilters({ ...filter, for_kids: forKids }).catch((): CatalogFiltersData | null => null),
  ]);
  const pages = Math.max(1, Math.ceil(list.items_total / CATALOG_PAGE_SIZE));
  if (path.page > pages) throw notFound();
  // A filter value the category does not have (a mistyped or stale link) is not a page.
  if (filters) {
    for (const group of filters.items) {
      if (group.selected !== 'all' && !group.items.some((i) => i.alias === group.selected)) throw notFound();
    }
  } else if (path.genre && list.items_total === 0) {
    throw notFound();
  }
  const genreTitle = selectedTitle(filters?.items, 'genre') ?? list.items.flatMap((i) => i.genres).find((g) => g.alias === path.genre)?.title ?? null;
  const countryTitle = selectedTitle(filters?.items, 'country') ?? path.country?.toUpperCase() ?? null;
  const sort = list.sort ?? askedSort ?? filters?.default_sort ?? '-popularity';
  return {
    category,
    path,
    canonical,
    pages,
    total: list.items_total,
    portion: toPortion(list),
    filters: filters?.items ?? [],
    sortOptions: filters?.sort_options ?? [],
    sort,
    defaultSort: filters?.default_sort ?? sort,
    // The viewer's own choice stays in the links of the filters; the default needs no ?sort=.
    chosenSort: askedSort && askedSort !== filters?.default_sort ? askedSort : null,
    genreTitle,
    countryTitle,
  };
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** The chosen filters as words: «драма, 2021, Россия». */
function filterWords(d: Pick<LoaderData, 'path' | 'genreTitle' | 'countryTitle'>): string {
  return [d.genreTitle?.toLowerCase(), d.path.year?.toString(), d.countryTitle].filter(Boolean).join(', ');
}

/** spec catalogue §2: the category, then each chosen filter, each linking to the path up to it. */
function crumbsOf(d: Pick<LoaderData, 'category' | 'path' | 'genreTitle' | 'countryTitle'>, categoryTitle: string): CrumbInput[] {
  const { category, path } = d;
  const crumbs: CrumbInput[] = [{ title: categoryTitle, url: `/${category}` }];
  if (path.genre) crumbs.push({ title: d.genreTitle ?? path.genre, url: categoryPath(category, { genre: path.genre, page: 1 }) });
  if (path.year) crumbs.push({ title: String(path.year), url: categoryPath(category, { genre: path.genre, year: path.year, page: 1 }) });
  if (path.country) crumbs.push({ title: d.countryTitle ?? path.country, url: categoryPath(category, { ...path, page: 1 }) });
  return crumbs;
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const category = t(`category.${d.category}`);
  const words = filterWords(d);
  const count = t('count.titles', { count: d.total });
  const base = words
    ? t('catalog.filtersTitle', { category, filters: words })
    : t('meta.categoryTitle', { category });
  const title = d.path.page > 1 ? t('catalog.pageTitle', { title: base, page: d.path.page }) : base;
  const description = words ? t('catalog.filtersDescription', { category, filters: words, count }) : t('meta.categoryDescription', { category, count });
  const root = matches.find((m) => m?.id === 'root')?.data as { isChild?: boolean } | undefined;
  const crumbs = buildBreadcrumbs(crumbsOf(d, category), { isChild: root?.isChild ?? false });
  const pageUrl = (page: number) => categoryPath(d.category, { ...d.path, page });
  return [
    ...seoMeta(origin, {
      title,
      description,
      path: d.canonical,
      // A combination of filters with nothing in it is not worth a search result.
      noindex: d.total === 0,
      image: d.portion.items[0] ? imageUrl(d.portion.items[0].poster, 600, 'jpeg') : null,
      jsonLd: [
        breadcrumbListLd(origin, crumbs, d.canonical),
        // The titles of this page in order: with Movie/TVSeries on each title page, a carousel for search engines.
        {
          '@type': 'ItemList',
          numberOfItems: d.total,
          itemListElement: d.portion.items.map((item, i) => ({
            '@type': 'ListItem',
            position: (d.path.page - 1) * CATALOG_PAGE_SIZE + i + 1,
            url: absoluteUrl(origin, `/watch/${item.alias}`),
            name: item.title,
          })),
        },
      ],
    }),
    ...(d.path.page > 1 ? [{ tagName: 'link', rel: 'prev', href: pageUrl(d.path.page - 1) }] : []),
    ...(d.path.page < d.pages ? [{ tagName: 'link', rel: 'next', href: pageUrl(d.path.page + 1) }] : []),
  ];
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const d = loaderData;
  const { category, path, portion, total, filters, chosenSort } = d;
  const categoryTitle = t(`category.${category}`);
  const words = filterWords(d);
  const withSort = (p: CategoryPath) => `${categoryPath(category, p)}${chosenSort ? `?sort=${encodeURIComponent(chosenSort)}` : ''}`;
  const listQuery = { category, genre: path.genre, year: path.year, country: path.country, sort: d.sort };
  return (
    <div className="page catalog">
      <Breadcrumbs items={crumbsOf(d, categoryTitle)} />
      <header className="page__head">
        <h1>{words ? `${categoryTitle}: ${words}` : categoryTitle}</h1>
        <p className="page__count">{t('count.titles', { count: total })}</p>
      </header>
      <div className="catalog__bar">
        <CatalogFilters
          groups={filters}
          anySelected={hasFilter(path)}
          hrefFor={(group, alias) => withSort(withFilter(path, group, alias))}
          formAction={`/${category}`}
          chosenSort={chosenSort}
        />
        <SortControl options={d.sortOptions} sort={d.sort} defaultSort={d.defaultSort} />
      </div>
      {portion.items.length > 0 ? (
        <InfiniteGrid
          key={location.key}
          initial={portion}
          page={path.page}
          pageSize={CATALOG_PAGE_SIZE}
          portionUrl={(cursor) => portionUrl(listQuery, cursor)}
          pageHref={(page) => withSort({ ...path, page })}
        />
      ) : (
        <div className="empty">
          <p className="empty__title">{t('category.empty')}</p>
          <p>{t('category.emptyHint')}</p>
        </div>
      )}
    </div>
  );
}
