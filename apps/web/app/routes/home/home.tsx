import { useTranslation } from '../../lib/use-translation.ts';
import { HomePage } from '../../components/home/home-page.tsx';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { absoluteUrl, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { loadShellPopup } from '../../lib/shell-popup.server.ts';
import { loadHomePage } from './home-page.server.ts';
import { useLaterHomeRows } from './use-later-home-rows.ts';
import type { Route } from './+types/home';

/**
 * / (spec platform §2 Home): the banner carousel, then the rows the API gives (selections and collections; a
 * row with a url links to its full list). A child profile's home is the kids one, so it gets the kids banners.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = context.get(visitorContext);
  const kids = visitor.auth?.profile_for_child ?? false;
  // ---- The main page's marketing popup (platform §4 Offers: the offer, else play-grand, else
  // the upsell), asked alongside the page.
  const [page, shellPopup] = await Promise.all([loadHomePage(visitor, kids), loadShellPopup(visitor, request, 'main')]);
  return { ...page, shellPopup };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
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
  const later = useLaterHomeRows(loaderData.kids);
  return <HomePage heading={t('home.title')} className="home" {...loaderData} {...later} />;
}
