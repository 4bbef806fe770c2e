import type { Banner } from '@ekran/contracts';
import type { BannerClickOutcome } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { BannerActions, BannerPicture, BannerPlayback, pressFromArea } from '../../components/home/banner-content.tsx';
import { useBannerClick } from '../../components/home/use-banner-click.ts';
import { useBannerView } from '../../components/home/use-banner-view.ts';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { absoluteUrl, breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { loadBanners } from '../home/banners.server.ts';
import type { Route } from './+types/promos';

/** /promos (spec platform §2 Browsing): the promo banners in their window, as large cards with the banner click rules. */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  return { banners: await loadBanners(api, 'promos', auth?.profile_for_child ?? false) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
  const banners = data?.banners ?? [];
  return seoMeta(origin, {
    title: t('promos.metaTitle'),
    description: t('promos.metaDescription'),
    path: '/promos',
    image: banners[0] ? imageUrl(banners[0].images.web_desktop, 1280, 'jpeg') : null,
    jsonLd: [
      breadcrumbListLd(origin, [{ title: t('breadcrumbs.home'), url: '/' }, { title: t('promos.title') }], '/promos'),
      {
        '@type': 'ItemList',
        name: t('promos.title'),
        itemListElement: banners.map((b, i) => ({ '@type': 'ListItem', position: i + 1, name: b.title, ...(b.target_url ? { url: absoluteUrl(origin, b.target_url) } : {}) })),
      },
    ],
  });
}

export default function Promos({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { outcomeOf, press, playing, stop } = useBannerClick();
  const { banners } = loaderData;
  return (
    <div className="page promos">
      <Breadcrumbs items={[{ title: t('promos.title') }]} />
      <header className="page__head promos__head">
        <h1>{t('promos.title')}</h1>
        <p className="promos__lead">{t('promos.lead')}</p>
      </header>
      {banners.length === 0 ? (
        <p className="promos__empty" role="status">
          {t('promos.empty')}
        </p>
      ) : (
        <ul className="promo-grid" aria-label={t('promos.listLabel')}>
          {banners.map((banner, i) => (
            <li key={banner.id}>
              <PromoCard banner={banner} position={i} outcome={outcomeOf(banner)} onPress={press} />
            </li>
          ))}
        </ul>
      )}
      <BannerPlayback playing={playing} onClose={stop} />
    </div>
  );
}

function PromoCard({ banner, position, outcome, onPress }: { banner: Banner; position: number; outcome: BannerClickOutcome; onPress: (b: Banner, o: BannerClickOutcome) => void }) {
  const ref = useBannerView<HTMLElement>(banner, position);
  return (
    // The whole card answers a click as its link does; keyboard users have the link itself.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <article ref={ref} className="banner banner--card" aria-labelledby={`promo-${banner.alias}`} data-testid="promo-card" onClick={pressFromArea}>
      <BannerPicture banner={banner} priority={position < 2} wide={false} />
      <div className="banner__body">
        <h2 id={`promo-${banner.alias}`} className="banner__title">
          {banner.title}
        </h2>
        {banner.description ? <p className="banner__text">{banner.description}</p> : null}
        <BannerActions banner={banner} outcome={outcome} onPress={onPress} />
      </div>
    </article>
  );
}
