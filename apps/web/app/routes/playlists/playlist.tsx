import { formatDuration, HOME_CRUMB_TITLE, isAlias, LIST_PAGE_SIZE, pagedPath } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Pager } from '../../components/catalog/pager.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { trackClick } from '../../lib/analytics.ts';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { itemListLd, pagingLinks } from '../../lib/list-seo.ts';
import { orNotFound, pageOr404, pagesOr404, redirectToCanonical, skipOr404 } from '../../lib/lists.server.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import '../../styles/collections.css';
import type { Route } from './+types/playlist';
import { notFound } from '../../lib/not-found.ts';


/**
 * /playlist/{alias}/{page?}: a playlist's items in order, 40 a page (catalogue §9), and «Смотреть подряд», which
 * opens the first item's title page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isAlias(params.alias)) throw notFound();
  const page = pageOr404(params.page);
  const base = `/playlist/${params.alias}`;
  redirectToCanonical(new URL(request.url), pagedPath(base, page));
  const { api } = context.get(visitorContext);
  const size = LIST_PAGE_SIZE.playlist;
  const playlist = await orNotFound(api.playlist(params.alias, { skip: skipOr404(page, size), limit: size }));
  const pages = pagesOr404(page, playlist.items_total, size);
  // «Смотреть подряд» starts from the playlist's first item, whatever page this is.
  const first = page === 1 ? playlist.items[0] : (await api.playlist(params.alias, { skip: 0, limit: 1 })).items[0];
  return {
    page,
    pages,
    base,
    skip: (page - 1) * size,
    alias: playlist.alias,
    title: playlist.title,
    description: playlist.description,
    total: playlist.items_total,
    duration: playlist.duration_minutes,
    first: first ? { alias: first.alias, uid: first.uid } : null,
    items: playlist.items.map((i) => ({ uid: i.uid, cls: i.cls, alias: i.alias, title: i.title, ratingAge: i.rating_age, minutes: i.duration_minutes, poster: i.poster })),
  };
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const path = pagedPath(d.base, d.page);
  const title = t('collections.metaPlaylist', { title: d.title });
  const first = d.items[0];
  return [
    ...seoMeta(origin, {
      title: d.page > 1 ? t('collections.metaPage', { title, page: d.page }) : title,
      description: t('collections.metaPlaylistDescription', { description: d.description, count: t('collections.countVideos', { count: d.total }), duration: formatDuration(d.duration) }),
      path,
      image: first ? imageUrl(first.poster, 1280, 'jpeg') : null,
      jsonLd: [
        breadcrumbListLd(origin, [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: t('collections.playlistsTitle'), url: '/playlists' }, { title: d.title }], path),
        itemListLd(origin, d.title, d.items.map((i) => ({ path: `/watch/${i.alias}`, name: i.title })), d.total, d.skip),
      ],
    }),
    ...pagingLinks(origin, (p) => pagedPath(d.base, p), d.page, d.pages),
  ];
}

export default function PlaylistPage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const handlePlayAll = () =>
    trackClick({ block_type: 'playlist', element_type: 'button', element_id: d.alias, element_text: t('collections.watchInRow'), ...(d.first ? { product_id: d.first.uid } : {}) });
  return (
    <div className="page lists playlist">
      <Breadcrumbs items={[{ title: t('collections.playlistsTitle'), url: '/playlists' }, { title: d.title }]} />
      <header className="lists__head">
        <div className="page__head">
          <h1>{d.title}</h1>
          <p className="page__count">
            {t('collections.countVideos', { count: d.total })} · {formatDuration(d.duration)}
          </p>
        </div>
        <p className="lists__lead">{d.description}</p>
        {d.first ? (
          <Link className="btn btn--primary btn--lg playlist__play" to={`/watch/${d.first.alias}`} onClick={handlePlayAll} data-testid="play-all">
            <svg viewBox="0 0 24 24" aria-hidden="true" className="btn__icon">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
            {t('collections.watchInRow')}
          </Link>
        ) : null}
      </header>
      <ol className="playlist__items" start={d.skip + 1} aria-label={t('collections.itemsLabel')}>
        {d.items.map((item, i) => (
          <li key={`${item.uid}-${i}`}>
            <Link className="playlist-item" to={`/watch/${item.alias}`} prefetch="intent">
              <span className="playlist-item__num" aria-hidden="true">
                {d.skip + i + 1}
              </span>
              <img
                className="playlist-item__still"
                src={imageUrl(item.poster, 320)}
                srcSet={`${imageUrl(item.poster, 320)} 320w, ${imageUrl(item.poster, 640)} 640w`}
                sizes="(max-width: 567px) 128px, 192px"
                alt=""
                width={192}
                height={108}
                loading={i < 6 ? 'eager' : 'lazy'}
                decoding="async"
              />
              <span className="playlist-item__body">
                <span className="playlist-item__kind">{t(`collections.itemKind.${item.cls}`)}</span>
                <span className="playlist-item__title">{item.title}</span>
                <span className="playlist-item__meta">
                  <span className="badge badge--age">{item.ratingAge}</span> {formatDuration(item.minutes)}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
      <Pager page={d.page} totalPages={d.pages} pageHref={(p) => pagedPath(d.base, p)} />
    </div>
  );
}
