import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TitleRow } from '../../components/catalog/title-row.tsx';
import { toCardView } from '../../lib/card-view.ts';
import { Poster } from '../../components/ui/poster.tsx';
import { tFor } from '../../lib/i18n.ts';
import { absoluteUrl, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  const home = await api.home(auth?.profile_for_child ?? false);
  const first = home.rows[1]?.items[0] ?? home.rows[0]?.items[0];
  return {
    hero: first ? { alias: first.alias, title: first.title, year: first.year, ratingAge: first.rating_age, genres: first.genres.map((g) => g.title), art: first.horizontal_poster } : null,
    rows: home.rows.map((r) => ({ alias: r.alias, title: r.title, url: r.url, items: r.items.map(toCardView) })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
  return seoMeta(origin, {
    title: t('meta.homeTitle'),
    description: t('meta.defaultDescription'),
    path: '/',
    jsonLd: [
      { '@type': 'WebSite', name: t('brand'), url: absoluteUrl(origin, '/'), inLanguage: 'ru' },
      { '@type': 'Organization', name: t('brand'), url: absoluteUrl(origin, '/'), logo: absoluteUrl(origin, '/favicon.svg') },
    ],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { hero } = loaderData;
  return (
    <div className="home">
      {hero ? (
        <section className="hero" aria-labelledby="hero-title">
          <Poster className="hero__art" image={hero.art} orientation="horizontal" width={1440} sizes="100vw" priority fill />
          <div className="hero__body">
            <p className="hero__kicker">{t('home.heroKicker')}</p>
            <h1 id="hero-title" className="hero__title">
              {hero.title}
            </h1>
            <p className="hero__facts">
              <span className="badge badge--age">{hero.ratingAge}</span> {hero.year} · {hero.genres.join(', ')}
            </p>
            <p className="hero__text">{t('home.heroTitle')}</p>
            <div className="hero__actions">
              <Link className="btn btn--primary btn--lg" to={`/watch/${hero.alias}`}>
                <svg viewBox="0 0 24 24" aria-hidden="true" className="btn__icon">
                  <path d="M8 5v14l11-7z" fill="currentColor" />
                </svg>
                {t('home.heroWatch')}
              </Link>
            </div>
          </div>
        </section>
      ) : null}
      {loaderData.rows.map((row, i) => (
        <TitleRow key={row.alias} row={row} priority={i === 0} />
      ))}
    </div>
  );
}
