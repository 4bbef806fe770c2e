import { HOME_CRUMB_TITLE, formatDuration } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { CoverGrid } from '../../components/collections/cover-card.tsx';
import { ListEmpty } from '../../components/collections/list-empty.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { tFor } from '../../lib/i18n.ts';
import { itemListLd } from '../../lib/list-seo.ts';
import { redirectToCanonical } from '../../lib/lists.server.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import '../../styles/collections.css';
import type { Route } from './+types/playlists';

const PATH = '/playlists';

/** /playlists: every playlist with something the visitor may watch (platform §2 Collections). */
export async function loader({ request, context }: Route.LoaderArgs) {
  redirectToCanonical(new URL(request.url), PATH);
  const { api } = context.get(visitorContext);
  const { items } = await api.playlists();
  return { playlists: items };
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const name = t('collections.playlistsTitle');
  return seoMeta(origin, {
    title: t('collections.metaPlaylists'),
    description: t('collections.metaPlaylistsDescription', { count: d.playlists.length }),
    path: PATH,
    jsonLd: [
      breadcrumbListLd(origin, [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: name }], PATH),
      itemListLd(origin, name, d.playlists.map((p) => ({ path: p.url, name: p.title })), d.playlists.length),
    ],
  });
}

export default function PlaylistsPage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation();
  const covers = d.playlists.map((p) => ({
    alias: p.alias,
    url: p.url,
    title: p.title,
    description: p.description,
    meta: `${t('collections.countVideos', { count: p.items_total })} · ${formatDuration(p.duration_minutes)}`,
    posters: p.posters,
  }));
  return (
    <div className="page lists">
      <Breadcrumbs items={[{ title: t('collections.playlistsTitle') }]} />
      <header className="lists__head">
        <div className="page__head">
          <h1>{t('collections.playlistsTitle')}</h1>
        </div>
        <p className="lists__lead">{t('collections.playlistsLead')}</p>
      </header>
      {covers.length > 0 ? <CoverGrid covers={covers} blockType="playlists" /> : <ListEmpty />}
    </div>
  );
}
