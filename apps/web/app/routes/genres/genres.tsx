import { HOME_CRUMB_TITLE } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { GenreTile } from '../../components/genres/genre-tile.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { tFor } from '../../lib/i18n.ts';
import { absoluteUrl, breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import genresCss from '../../styles/genres.css?url';
import type { Route } from './+types/genres';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: genresCss }];

/** /genres (catalogue §2): every genre the viewer may see, with its counts per kind; a child profile sees kids genres only. */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  const isKids = auth?.profile_for_child ?? false;
  const { items } = await api.genres(isKids);
  return { isKids, genres: items };
}

export function meta({ data: d, matches }: Route.MetaArgs) {
  if (!d) return [];
  const t = tFor('ru');
  const origin = originOf(matches);
  const title = t('genres.metaTitle');
  const description = t('genres.metaDescription');
  return seoMeta(origin, {
    title,
    description,
    path: '/genres',
    jsonLd: [
      breadcrumbListLd(origin, [{ title: HOME_CRUMB_TITLE, url: '/' }, { title: t('genres.title') }], '/genres'),
      {
        '@type': 'CollectionPage',
        name: t('genres.title'),
        description,
        url: absoluteUrl(origin, '/genres'),
        mainEntity: {
          '@type': 'ItemList',
          numberOfItems: d.genres.length,
          itemListElement: d.genres.map((g, i) => ({ '@type': 'ListItem', position: i + 1, name: g.title, url: absoluteUrl(origin, `/genres/${g.alias}`) })),
        },
      },
    ],
  });
}

export default function GenresPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { genres, isKids } = loaderData;
  return (
    <div className="page genres-page">
      <Breadcrumbs items={[{ title: t('genres.title') }]} />
      <header className="page__head">
        <h1>{t('genres.title')}</h1>
        <p className="page__count">{t('genres.count', { count: genres.length })}</p>
      </header>
      <p className="genres-page__lead">{isKids ? t('genres.leadKids') : t('genres.lead')}</p>
      <ul className="genre-grid" aria-label={t('genres.listLabel')}>
        {genres.map((genre, i) => (
          <li key={genre.alias}>
            <GenreTile genre={genre} t={t} priority={i < 6} />
          </li>
        ))}
      </ul>
    </div>
  );
}
