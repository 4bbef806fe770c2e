import { HOME_CRUMB_TITLE } from '@ekran/core';
import { useTranslation } from 'react-i18next';
import type { MetaArgs } from 'react-router';
import { TitleRow } from '../../components/catalog/title-row.tsx';
import { BannerCarousel } from '../../components/home/banner-carousel.tsx';
import { PersonalRows } from '../../components/lists/personal-rows.tsx';
import { toCardView } from '../../lib/card-view.ts';
import { loadPersonalRows } from '../../lib/personal-lists.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { loadBanners } from '../home/banners.server.ts';
import type { Route } from './+types/kids';

/**
 * /kids: the kids home (spec platform §2 Kids; kids mode is on for the path): the kids banners, then the kids
 * rows. The API gives a child profile only its own ages whatever is asked; for an adult it is the kids catalogue.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  // issue 4 lists: the profile's continue watching and favorites (a child profile's are within its kids scope).
  const [home, banners, personalRows] = await Promise.all([api.home(true), loadBanners(api, 'kids', true), loadPersonalRows({ api, auth }, { forKids: true })]);
  return {
    banners,
    personalRows,
    rows: home.rows.filter((r) => r.items.length > 0).map((r) => ({ alias: r.alias, title: r.title, url: r.url, items: r.items.map(toCardView) })),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches as MetaArgs['matches']);
  const first = data?.banners[0];
  return seoMeta(origin, {
    title: t('kids.metaTitle'),
    description: t('kids.metaDescription'),
    path: '/kids',
    image: first ? imageUrl(first.images.web_desktop, 1280, 'jpeg') : null,
    jsonLd: [breadcrumbListLd(origin, [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: t('kids.title') }], '/kids')],
  });
}

export default function Kids({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { banners, rows } = loaderData;
  return (
    <div className="home kids-home">
      <h1 className="sr-only">{t('kids.title')}</h1>
      <BannerCarousel banners={banners} />
      <PersonalRows rows={loaderData.personalRows} />
      {rows.map((row, i) => (
        <TitleRow key={row.alias} row={row} priority={i === 0 && banners.length === 0} />
      ))}
    </div>
  );
}
