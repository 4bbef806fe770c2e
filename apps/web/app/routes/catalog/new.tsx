import { buildBreadcrumbs, CATALOG_PAGE_SIZE, pageSuffix, parsePageSuffix } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation } from 'react-router';
import { InfiniteGrid } from '../../components/catalog/infinite-grid.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { tFor } from '../../lib/i18n.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import catalogCss from '../../styles/catalog.css?url';
import type { Route } from './+types/new';
import { portionUrl, toPortion } from '../../lib/listing.ts';
import { skipOr404 } from '../../lib/lists.server.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogCss }];

// Titles new on the service: newest arrival on Экран first (the Catalog_sorting group A order, catalogue §4).
const NEW_SORT = '-ekran_release_date';
const pagePath = (page: number) => (page > 1 ? `/new/${pageSuffix(page)}` : '/new');

/** spec platform §2 /new/{page?}: the titles new on the service, in the catalogue grid, 40 a page (catalogue §9). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = params.page === undefined ? 1 : parsePageSuffix(params.page);
  if (page === null) throw notFound();
  if (page === 1 && params.page !== undefined) throw safeRedirect(`/new${new URL(request.url).search}`, 301);
  const { api, auth } = context.get(visitorContext);
  const list = await api.titles({ sort: NEW_SORT, for_kids: auth?.profile_for_child ?? false, limit: CATALOG_PAGE_SIZE, skip: skipOr404(page, CATALOG_PAGE_SIZE) });
  const pages = Math.max(1, Math.ceil(list.items_total / CATALOG_PAGE_SIZE));
  if (page > pages) throw notFound();
  return { page, pages, total: list.items_total, portion: toPortion(list), canonical: pagePath(page) };
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const root = matches.find((m) => m?.id === 'root')?.data as { isChild?: boolean } | undefined;
  const crumbs = buildBreadcrumbs([{ title: t('catalog.new') }], { isChild: root?.isChild ?? false });
  const title = d.page > 1 ? t('catalog.pageTitle', { title: t('catalog.newTitle'), page: d.page }) : t('catalog.newTitle');
  return [
    ...seoMeta(origin, {
      title,
      description: t('catalog.newDescription', { count: t('count.titles', { count: d.total }) }),
      path: d.canonical,
      jsonLd: [breadcrumbListLd(origin, crumbs, d.canonical)],
    }),
    ...(d.page > 1 ? [{ tagName: 'link', rel: 'prev', href: pagePath(d.page - 1) }] : []),
    ...(d.page < d.pages ? [{ tagName: 'link', rel: 'next', href: pagePath(d.page + 1) }] : []),
  ];
}

export default function NewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { page, portion, total } = loaderData;
  return (
    <div className="page catalog">
      <Breadcrumbs items={[{ title: t('catalog.new') }]} />
      <header className="page__head">
        <h1>{t('catalog.new')}</h1>
        <p className="page__count">{t('count.titles', { count: total })}</p>
      </header>
      <p className="catalog__lead">{t('catalog.newLead')}</p>
      {portion.items.length > 0 ? (
        <InfiniteGrid
          key={location.key}
          initial={portion}
          page={page}
          pageSize={CATALOG_PAGE_SIZE}
          portionUrl={(cursor) => portionUrl({ sort: NEW_SORT }, cursor)}
          pageHref={pagePath}
        />
      ) : (
        <div className="empty">
          <p className="empty__title">{t('category.empty')}</p>
        </div>
      )}
    </div>
  );
}
