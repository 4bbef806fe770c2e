import { HOME_CRUMB_TITLE, isAlias, LIST_PAGE_SIZE, pagedPath } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { ListTitles } from '../../components/collections/list-titles.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { itemListLd, pagingLinks } from '../../lib/list-seo.ts';
import { toSkipPortion } from '../../lib/listing.ts';
import { orNotFound, pageOr404, pagesOr404, redirectToCanonical, skipOr404 } from '../../lib/lists.server.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import '../../styles/collections.css';
import type { Route } from './+types/selection';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';


/**
 * One selection, 40 a page (catalogue §9): /main/{rules}/{page?} for a rule-based one (the mainselection banner
 * target), /selections/{alias}/{page?} for a hand-picked one. Each address of a selection that lives elsewhere
 * redirects (301) to its canonical page; one made of a collection goes to the collection (decision 010).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const alias = 'rules' in params ? params.rules : params.alias;
  if (!alias || !isAlias(alias)) throw notFound();
  const page = pageOr404(params.page);
  const { api } = context.get(visitorContext);
  const size = LIST_PAGE_SIZE.selection;
  // The page of a selection is the same in kids mode (a kids selection holds only kids titles anyway); a child
  // profile's scope is the API's to apply.
  const s = await orNotFound(api.selection(alias, { skip: skipOr404(page, size), limit: size, for_kids: false }));
  // A collection pages by 30, not 40: its first page is the only one to send a selection's page to.
  if (s.source === 'collection') throw safeRedirect(s.url, 301);
  redirectToCanonical(url, pagedPath(s.url, page));
  const pages = pagesOr404(page, s.items_total, size);
  return {
    page,
    pages,
    base: s.url,
    skip: (page - 1) * size,
    alias: s.alias,
    title: s.title,
    description: s.description,
    total: s.items_total,
    portion: toSkipPortion(s, size),
  };
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const path = pagedPath(d.base, d.page);
  const title = t('collections.metaSelection', { title: d.title });
  const first = d.portion.items[0];
  return [
    ...seoMeta(origin, {
      title: d.page > 1 ? t('collections.metaPage', { title, page: d.page }) : title,
      description: t('collections.metaSelectionDescription', { title: d.title, count: t('count.titles', { count: d.total }), description: d.description }).trim(),
      path,
      image: first ? imageUrl(first.poster, 600, 'jpeg') : null,
      jsonLd: [
        breadcrumbListLd(origin, [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: t('collections.selectionsTitle'), url: '/selections' }, { title: d.title }], path),
        itemListLd(origin, d.title, d.portion.items.map((i) => ({ path: `/watch/${i.alias}`, name: i.title })), d.total, d.skip),
      ],
    }),
    ...pagingLinks(origin, (p) => pagedPath(d.base, p), d.page, d.pages),
  ];
}

export default function SelectionPage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page lists">
      <Breadcrumbs items={[{ title: t('collections.selectionsTitle'), url: '/selections' }, { title: d.title }]} />
      <header className="lists__head">
        <div className="page__head">
          <h1>{d.title}</h1>
          <p className="page__count">{t('count.titles', { count: d.total })}</p>
        </div>
        {d.description ? <p className="lists__lead">{d.description}</p> : null}
      </header>
      <ListTitles list="selection" alias={d.alias} base={d.base} page={d.page} portion={d.portion} />
    </div>
  );
}
