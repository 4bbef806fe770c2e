import { CATALOG_PAGE_SIZE, HOME_CRUMB_TITLE, type MenuItem } from '@ekran/core';
import type { Category } from '@ekran/contracts';
import { useTranslation } from 'react-i18next';
import { data, Link, NavLink, redirect, useRouteLoaderData } from 'react-router';
import { TitleGrid } from '../../components/catalog/title-grid.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { toCardView } from '../../lib/card-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { absoluteUrl, breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/category';
import { categoryPath, parseCategoryPath } from './category-path.ts';

const MENU_KEY: Record<Category, MenuItem['key']> = { movies: 'movies', series: 'series', animation: 'animation' };

function categoryOf(url: URL): Category {
  const first = url.pathname.split('/')[1];
  if (first === 'movies' || first === 'series' || first === 'animation') return first;
  throw data(null, { status: 404 });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = categoryOf(url);
  const path = parseCategoryPath([params.p1, params.p2, params.p3, params.p4]);
  if (!path) throw data(null, { status: 404 });
  const canonical = categoryPath(category, path);
  if (canonical !== url.pathname.replace(/\/$/, '') && url.pathname !== `/${category}/`) throw redirect(`${canonical}${url.search}`, 301);

  const { api, auth } = context.get(visitorContext);
  const list = await api.titles({
    category,
    genre: path.genre,
    year: path.year,
    country: path.country,
    for_kids: auth?.profile_for_child ?? false,
    limit: CATALOG_PAGE_SIZE,
    skip: (path.page - 1) * CATALOG_PAGE_SIZE,
  });
  const pages = Math.max(1, Math.ceil(list.items_total / CATALOG_PAGE_SIZE));
  if (path.page > pages) throw data(null, { status: 404 });
  const genreTitle = list.items.flatMap((i) => i.genres).find((g) => g.alias === path.genre)?.title ?? null;
  if (path.genre && !genreTitle && list.items_total === 0) throw data(null, { status: 404 });
  return { category, path, total: list.items_total, items: list.items.map(toCardView), pages, genreTitle, canonical };
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const category = t(`category.${d.category}`);
  const title = d.genreTitle ? t('meta.categoryTitleGenre', { category, genre: d.genreTitle }) : t('meta.categoryTitle', { category });
  const count = t('count.titles', { count: d.total });
  const crumbs = [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: category, url: `/${d.category}` }, ...(d.genreTitle ? [{ title: d.genreTitle }] : [])];
  return seoMeta(origin, {
    title: d.path.page > 1 ? `${title} — ${t('category.pageOf', { page: d.path.page, pages: d.pages })}` : title,
    description: d.genreTitle ? t('seo.categoryDescriptionGenre', { category, genre: d.genreTitle.toLowerCase(), count }) : t('meta.categoryDescription', { category, count }),
    // Every page of a listing is its own canonical (page 2 lists other titles than page 1); ?sort is not.
    path: d.canonical,
    image: d.items[0] ? imageUrl(d.items[0].poster, 600, 'jpeg') : null,
    jsonLd: [
      breadcrumbListLd(origin, crumbs, d.canonical),
      // The titles of this page in order: with Movie/TVSeries on each title page, a carousel for search engines.
      {
        '@type': 'ItemList',
        itemListOrder: 'https://schema.org/ItemListOrderDescending',
        numberOfItems: d.total,
        itemListElement: d.items.map((item, i) => ({
          '@type': 'ListItem',
          position: (d.path.page - 1) * CATALOG_PAGE_SIZE + i + 1,
          url: absoluteUrl(origin, `/watch/${item.alias}`),
          name: item.title,
        })),
      },
    ],
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { category, path, items, total, pages, genreTitle } = loaderData;
  const root = useRouteLoaderData('root') as { menu?: MenuItem[] } | undefined;
  const genres = root?.menu?.find((m) => m.key === MENU_KEY[category])?.data?.genres ?? [];
  const categoryTitle = t(`category.${category}`);
  const crumbs = genreTitle ? [{ title: categoryTitle, url: `/${category}` }, { title: genreTitle }] : [{ title: categoryTitle }];
  const pageUrl = (page: number) => categoryPath(category, { ...path, page });
  return (
    <div className="page">
      <Breadcrumbs items={crumbs} />
      <header className="page__head">
        <h1>{genreTitle ? `${categoryTitle}: ${genreTitle.toLowerCase()}` : categoryTitle}</h1>
        <p className="page__count">{t('count.titles', { count: total })}</p>
      </header>
      {genres.length > 0 ? (
        <nav className="chips" aria-label={t('category.genresLabel')}>
          <NavLink end className="chip" to={categoryPath(category, { ...path, genre: undefined, page: 1 })} aria-current={path.genre ? undefined : 'page'}>
            {t('category.allGenres')}
          </NavLink>
          {genres.map((g) => (
            <NavLink key={g.alias} className="chip" to={categoryPath(category, { ...path, genre: g.alias, page: 1 })} aria-current={path.genre === g.alias ? 'page' : undefined}>
              {g.title}
            </NavLink>
          ))}
        </nav>
      ) : null}
      {items.length > 0 ? (
        <TitleGrid items={items} />
      ) : (
        <div className="empty">
          <p className="empty__title">{t('category.empty')}</p>
          <p>{t('category.emptyHint')}</p>
        </div>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label={t('category.pagination')}>
          {path.page > 1 ? (
            <Link className="btn btn--ghost" to={pageUrl(path.page - 1)} rel="prev">
              {t('category.pagePrev')}
            </Link>
          ) : (
            <span />
          )}
          <span className="pager__info">{t('category.pageOf', { page: path.page, pages })}</span>
          {path.page < pages ? (
            <Link className="btn btn--ghost" to={pageUrl(path.page + 1)} rel="next">
              {t('category.pageNext')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
