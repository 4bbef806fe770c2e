import { HOME_CRUMB_TITLE } from '@ekran/core';
import { useTranslation } from 'react-i18next';
import { TitleRow } from '../../components/catalog/title-row.tsx';
import { toCardView } from '../../lib/card-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/kids';

/**
 * /kids: the kids home (spec platform §2 Kids; kids mode is on for the path). The API gives a child profile
 * only its own ages whatever is asked; for an adult it is the kids catalogue.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { api } = context.get(visitorContext);
  const home = await api.home(true);
  return { rows: home.rows.filter((r) => r.items.length > 0).map((r) => ({ alias: r.alias, title: r.title, url: r.url, items: r.items.map(toCardView) })) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
  return seoMeta(origin, {
    title: t('kids.metaTitle'),
    description: t('kids.metaDescription'),
    path: '/kids',
    jsonLd: [breadcrumbListLd(origin, [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: t('kids.title') }], '/kids')],
  });
}

export default function Kids({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="home kids-home">
      <header className="kids-home__head">
        <h1>{t('kids.title')}</h1>
        <p>{t('kids.lead')}</p>
      </header>
      {loaderData.rows.map((row, i) => (
        <TitleRow key={row.alias} row={row} priority={i === 0} />
      ))}
    </div>
  );
}
