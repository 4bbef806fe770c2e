import { useTranslation } from 'react-i18next';
import type { MetaArgs } from 'react-router';
import { TitleRow } from '../../components/catalog/title-row.tsx';
import { BannerCarousel } from '../../components/home/banner-carousel.tsx';
import { PersonalRows } from '../../components/lists/personal-rows.tsx';
import { toCardView } from '../../lib/card-view.ts';
import { loadPersonalRows } from '../../lib/personal-lists.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { absoluteUrl, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/home';
import { loadBanners } from './banners.server.ts';

/**
 * / (spec platform §2 Home): the banner carousel, then the rows the API gives (selections and collections; a
 * row with a url links to its full list). A child profile's home is the kids one, so it gets the kids banners.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  const isChild = auth?.profile_for_child ?? false;
  const [home, banners, personalRows] = await Promise.all([
    api.home(isChild),
    loadBanners(api, isChild ? 'kids' : 'home', isChild),
    loadPersonalRows({ api, auth }), // issue 4 lists: continue watching, favorites
  ]);
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
    title: t('meta.homeTitle'),
    description: t('home.metaDescription'),
    path: '/',
    image: first ? imageUrl(first.images.web_desktop, 1280, 'jpeg') : null,
    jsonLd: [
      {
        '@type': 'WebSite',
        name: t('brand'),
        url: absoluteUrl(origin, '/'),
        inLanguage: 'ru',
        potentialAction: { '@type': 'SearchAction', target: `${absoluteUrl(origin, '/search')}?q={search_term_string}`, 'query-input': 'required name=search_term_string' },
      },
      { '@type': 'Organization', name: t('brand'), url: absoluteUrl(origin, '/'), logo: absoluteUrl(origin, '/favicon.svg') },
    ],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { banners, rows } = loaderData;
  return (
    <div className="home">
      <h1 className="sr-only">{t('home.title')}</h1>
      <BannerCarousel banners={banners} />
      <PersonalRows rows={loaderData.personalRows} />
      {rows.map((row, i) => (
        // The first banner is the page's largest image; the first row's posters come right after it.
        <TitleRow key={row.alias} row={row} priority={i === 0 && banners.length === 0} />
      ))}
    </div>
  );
}
