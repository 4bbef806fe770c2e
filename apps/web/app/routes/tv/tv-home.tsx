// /tv, the TV home (spec platform §2 TV): the profile's favorite channels first, then a row of channel
// cards per TV category (selection), with the way to every channel (/tvchannels) and to the guide (/channel).
import type { TvCatalog, TvChannel } from '@ekran/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { ChannelCard } from '../../components/tv/channel-card.tsx';
import { revalidatesAfterStar } from '../../components/tv/favorite-channel-button.tsx';
import { useOnAirChannels } from '../../components/tv/on-air.tsx';
import { TvNotAvailable } from '../../components/tv/tv-geo.tsx';
import { tvHref } from '../../components/tv/tv-nav.tsx';
import { useServerClock } from '../../components/tv/use-tv-live.ts';
import { RowTrack } from '../../components/ui/row-track.tsx';
import { RowHead } from '../../components/catalog/title-row.tsx';
import { usePersonalRoot } from '../../components/lists/personal-root.ts';
import { tFor } from '../../lib/i18n.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { geoRefusal } from './tv-pages.server.ts';
import type { Route } from './+types/tv-home';

export async function loader({ context }: Route.LoaderArgs) {
  const { api, tz } = context.get(visitorContext);
  try {
    // The catalogue marks the profile's favorites (is_favorite): one call gives every row.
    return { view: 'tv' as const, catalog: await api.tvCatalog({ tz }) };
  } catch (err) {
    const geo = geoRefusal(err);
    if (geo) return geo;
    throw err;
  }
}

// A star changed a favorite: the «Избранные каналы» row follows.
export const shouldRevalidate = revalidatesAfterStar;

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  return seoMeta(originOf(matches), { title: t('tv.metaHome'), description: t('tv.metaHomeDescription'), path: '/tv' });
}

export default function TvHomePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === 'geo') return <TvNotAvailable attribute={loaderData.attribute ?? undefined} />;
  return <TvHome catalog={loaderData.catalog} />;
}

interface ChannelRowView {
  alias: string;
  title: string;
  url: string | null;
  channels: TvChannel[];
}

function TvHome({ catalog }: { catalog: TvCatalog }) {
  const { t } = useTranslation();
  const { isChild } = usePersonalRoot();
  const channels = useOnAirChannels(catalog.items, catalog.server_time);
  const clock = useServerClock(catalog.server_time);
  const rows = useMemo<ChannelRowView[]>(() => {
    const favorites = channels.filter((c) => c.is_favorite);
    const byCategory = catalog.selections.map((s) => ({
      alias: s.alias,
      title: s.title,
      url: tvHref('/tvchannels', { category: s.alias }),
      channels: channels.filter((c) => c.categories.some((k) => k.alias === s.alias)),
    }));
    return [...(favorites.length ? [{ alias: 'favorites', title: t('tv.favoritesRow'), url: null, channels: favorites }] : []), ...byCategory].filter((r) => r.channels.length > 0);
  }, [channels, catalog.selections, t]);
  const section = isChild ? t('menu.kidsTv') : t('menu.tv');

  return (
    <div className="tv-home" data-testid="tv-home">
      <header className="tv-head">
        <Breadcrumbs items={[{ title: section }]} />
        <h1>{isChild ? t('menu.kidsTv') : t('tv.homeTitle')}</h1>
        <p className="tv-head__lead">{t('tv.homeLead')}</p>
        <p className="tv-links">
          <Link className="btn btn--primary" to="/channel" data-testid="tv-to-guide">
            {t('tv.guideTitle')}
          </Link>
          <Link className="btn btn--ghost" to="/tvchannels" data-testid="tv-to-channels">
            {t('tv.allChannels')}
          </Link>
        </p>
      </header>
      {rows.map((row) => (
        <section key={row.alias} className="row tv-row" aria-labelledby={`tv-row-${row.alias}`} data-testid="tv-row" data-row={row.alias}>
          <RowHead headingId={`tv-row-${row.alias}`} title={row.title} url={row.url} t={t} />
          <RowTrack label={row.title}>
            {row.channels.map((c) => (
              <li key={c.alias}>
                <ChannelCard channel={c} clock={clock} />
              </li>
            ))}
          </RowTrack>
        </section>
      ))}
    </div>
  );
}
