import { hashtagAlias, HOME_CRUMB_TITLE, isAlias, LIST_PAGE_SIZE, pagedPath } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Pager } from '../../components/catalog/pager.tsx';
import { CoverGrid } from '../../components/collections/cover-card.tsx';
import { ListEmpty } from '../../components/collections/list-empty.tsx';
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
import type { Route } from './+types/collections';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';

const PAGE_SEGMENT = /^page\d+$/;
const LIST = '/collections';

/**
 * /collections/{page?} (all collections) and /collections/{alias}/{page?} (a collection's titles, or a hashtag's:
 * decision 010), 30 a page (catalogue §9). One route: "page2" in the first place is a page of the list.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { api } = context.get(visitorContext);

  if (!params.p1 || PAGE_SEGMENT.test(params.p1)) {
    if (params.p2) throw notFound();
    const page = pageOr404(params.p1);
    redirectToCanonical(url, pagedPath(LIST, page));
    const size = LIST_PAGE_SIZE.collections;
    const list = await api.collections({ skip: skipOr404(page, size), limit: size });
    const pages = pagesOr404(page, list.items_total, size);
    return { mode: 'list' as const, page, pages, total: list.items_total, skip: (page - 1) * size, collections: list.items };
  }

  const page = pageOr404(params.p2);
  let alias = params.p1;
  if (!isAlias(alias)) {
    // A hashtag typed as it reads (/collections/неожиданный_финал) goes to its alias (/collections/neozhidannyy-final).
    alias = hashtagAlias(alias);
    if (!isAlias(alias)) throw notFound();
    throw safeRedirect(pagedPath(`${LIST}/${alias}`, page), 301);
  }
  const base = `${LIST}/${alias}`;
  redirectToCanonical(url, pagedPath(base, page));
  const size = LIST_PAGE_SIZE.collection;
  const c = await orNotFound(api.collection(alias, { skip: skipOr404(page, size), limit: size }));
  const pages = pagesOr404(page, c.items_total, size);
  return {
    mode: 'collection' as const,
    page,
    pages,
    base,
    skip: (page - 1) * size,
    alias,
    kind: c.kind,
    title: c.title,
    description: c.description,
    hashtag: c.hashtag,
    total: c.items_total,
    portion: toSkipPortion(c, size),
  };
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const titled = (title: string) => (d.page > 1 ? t('collections.metaPage', { title, page: d.page }) : title);
  if (d.mode === 'list') {
    const path = pagedPath(LIST, d.page);
    const name = t('collections.collectionsTitle');
    return [
      ...seoMeta(origin, {
        title: titled(t('collections.metaCollections')),
        description: t('collections.metaCollectionsDescription', { count: t('collections.countCollections', { count: d.total }) }),
        path,
        jsonLd: [
          breadcrumbListLd(origin, [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: name }], path),
          itemListLd(origin, name, d.collections.map((c) => ({ path: c.url, name: c.title })), d.total, d.skip),
        ],
      }),
      ...pagingLinks(origin, (p) => pagedPath(LIST, p), d.page, d.pages),
    ];
  }
  const path = pagedPath(d.base, d.page);
  const count = t('count.titles', { count: d.total });
  const isTag = d.kind === 'hashtag' && d.hashtag;
  const first = d.portion.items[0];
  return [
    ...seoMeta(origin, {
      title: titled(isTag ? t('collections.metaHashtag', { tag: d.hashtag }) : t('collections.metaCollection', { title: d.title })),
      description: isTag
        ? t('collections.metaHashtagDescription', { tag: d.hashtag, count })
        : t('collections.metaCollectionDescription', { title: d.title, count, description: d.description }).trim(),
      path,
      image: first ? imageUrl(first.poster, 600, 'jpeg') : null,
      jsonLd: [
        breadcrumbListLd(origin, [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: t('collections.collectionsTitle'), url: LIST }, { title: d.title }], path),
        itemListLd(origin, d.title, d.portion.items.map((i) => ({ path: `/watch/${i.alias}`, name: i.title })), d.total, d.skip),
      ],
    }),
    ...pagingLinks(origin, (p) => pagedPath(d.base, p), d.page, d.pages),
  ];
}

export default function CollectionsPage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (d.mode === 'list') {
    const covers = d.collections.map((c) => ({
      alias: c.alias,
      url: c.url,
      title: c.title,
      description: c.description,
      meta: t('count.titles', { count: c.items_total }),
      posters: c.posters,
    }));
    return (
      <div className="page lists">
        <Breadcrumbs items={[{ title: t('collections.collectionsTitle') }]} />
        <header className="lists__head">
          <div className="page__head">
            <h1>{t('collections.collectionsTitle')}</h1>
            <p className="page__count">{t('collections.countCollections', { count: d.total })}</p>
          </div>
          <p className="lists__lead">{t('collections.collectionsLead')}</p>
        </header>
        {covers.length > 0 ? <CoverGrid covers={covers} blockType="collections" /> : <ListEmpty />}
        <Pager page={d.page} totalPages={d.pages} pageHref={(p) => pagedPath(LIST, p)} />
      </div>
    );
  }
  return (
    <div className="page lists">
      <Breadcrumbs items={[{ title: t('collections.collectionsTitle'), url: LIST }, { title: d.title }]} />
      <header className="lists__head">
        {d.hashtag ? <p className="lists__kicker">#{d.hashtag}</p> : null}
        <div className="page__head">
          <h1>{d.title}</h1>
          <p className="page__count">{t('count.titles', { count: d.total })}</p>
        </div>
        <p className="lists__lead">{d.hashtag ? t('collections.hashtagLead', { tag: d.hashtag }) : d.description}</p>
      </header>
      <ListTitles list="collection" alias={d.alias} base={d.base} page={d.page} portion={d.portion} />
    </div>
  );
}

