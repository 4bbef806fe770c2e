import { HOME_CRUMB_TITLE } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { HomePage } from '../../components/home/home-page.tsx';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl } from '../../lib/images.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { loadHomePage } from '../home/home-page.server.ts';
import { useLaterHomeRows } from '../home/use-later-home-rows.ts';
import type { Route } from './+types/kids';

/**
 * /kids: the kids home (spec platform §2 Kids; kids mode is on for the path): the kids banners, then the kids
 * rows. The API gives a child profile only its own ages whatever is asked; for an adult it is the kids catalogue.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return loadHomePage(context.get(visitorContext), true);
}

export function meta({ data, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
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
  const later = useLaterHomeRows(true);
  return <HomePage heading={t('kids.title')} className="home kids-home" {...loaderData} {...later} />;
}
