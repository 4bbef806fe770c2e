// /tvchannels, the channel catalogue (spec platform §2 TV): «Все» and the TV categories as chips
// (?category=), and a grid of channel cards, each leading to its channel page.
import type { TvCatalog } from '@ekran/contracts';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { usePersonalRoot } from '../../components/lists/personal-root.ts';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { ChannelCard } from '../../components/tv/channel-card.tsx';
import { useOnAirChannels } from '../../components/tv/on-air.tsx';
import { TvNotAvailable } from '../../components/tv/tv-geo.tsx';
import { CategoryChips, tvHref } from '../../components/tv/tv-nav.tsx';
import { useServerClock } from '../../components/tv/use-tv-live.ts';
import { tFor } from '../../lib/i18n.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { categoryOf, geoRefusal, isMissing } from './tv-pages.server.ts';
import type { Route } from './+types/tv-channels';
import { safeRedirect } from '../../lib/safe-redirect.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = categoryOf(url);
  // A category that is not one (malformed, unknown, or not this profile's): all channels.
  if (url.searchParams.has('category') && !category) throw safeRedirect('/tvchannels');
  const { api, tz } = context.get(visitorContext);
  try {
    return { view: 'channels' as const, catalog: await api.tvCatalog({ tz, category: category ?? undefined }) };
  } catch (err) {
    if (category && isMissing(err)) throw safeRedirect('/tvchannels');
    const geo = geoRefusal(err);
    if (geo) return geo;
    throw err;
  }
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const selection = d?.view === 'channels' && d.catalog.category ? d.catalog.selections.find((s) => s.alias === d.catalog.category) : undefined;
  return seoMeta(originOf(matches), {
    title: selection ? t('tv.metaChannelsOf', { category: selection.title }) : t('tv.metaChannels'),
    description: t('tv.metaChannelsDescription'),
    path: tvHref('/tvchannels', { category: selection?.alias }),
  });
}

export default function TvChannelsPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === 'geo') return <TvNotAvailable attribute={loaderData.attribute ?? undefined} />;
  return <TvChannels catalog={loaderData.catalog} />;
}

function TvChannels({ catalog }: { catalog: TvCatalog }) {
  const { t } = useTranslation();
  const { isChild } = usePersonalRoot();
  const channels = useOnAirChannels(catalog.items, catalog.server_time);
  const clock = useServerClock(catalog.server_time);
  return (
    <div className="page tv-page" data-testid="tv-channels">
      <Breadcrumbs items={[{ title: isChild ? t('menu.kidsTv') : t('menu.tv'), url: '/tv' }, { title: t('tv.allChannels') }]} />
      <div className="page__head">
        <h1>{isChild ? t('tv.kidsChannelsTitle') : t('tv.channelsTitle')}</h1>
        <Link className="row__more" to={tvHref('/channel', { category: catalog.category })}>
          {t('tv.guideTitle')}
        </Link>
      </div>
      <CategoryChips selections={catalog.selections} current={catalog.category} hrefOf={(category) => tvHref('/tvchannels', { category })} />
      <ul className="tv-grid">
        {channels.map((c) => (
          <li key={c.alias}>
            <ChannelCard channel={c} clock={clock} heading="h2" />
          </li>
        ))}
      </ul>
    </div>
  );
}
