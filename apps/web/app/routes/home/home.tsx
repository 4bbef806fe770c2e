import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TitleRow } from '../../components/catalog/title-row.tsx';
import { PersonalRows } from '../../components/lists/personal-rows.tsx';
import { toCardView } from '../../lib/card-view.ts';
import { imageUrl } from '../../lib/images.ts';
import { loadPersonalRows } from '../../lib/lists.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  const [home, personalRows] = await Promise.all([api.home(auth?.profile_for_child ?? false), loadPersonalRows({ api, auth })]);
  const first = home.rows[1]?.items[0] ?? home.rows[0]?.items[0];
  return {
    hero: first ? { alias: first.alias, title: first.title, year: first.year, ratingAge: first.rating_age, genres: first.genres.map((g) => g.title), art: first.horizontal_poster } : null,
    rows: home.rows.map((r) => ({ alias: r.alias, title: r.title, url: r.url, items: r.items.map(toCardView) })),
    personalRows, // issue 4: continue watching, favorites
  };
}

export function meta() {
  const t = tFor('ru');
  return [
    { title: t('meta.homeTitle') },
    { name: 'description', content: t('meta.defaultDescription') },
    { tagName: 'link', rel: 'canonical', href: '/' },
    { property: 'og:title', content: t('meta.homeTitle') },
    { property: 'og:type', content: 'website' },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { hero } = loaderData;
  return (
    <div className="home">
      {hero ? (
        <section className="hero" aria-labelledby="hero-title">
          <picture className="hero__art">
            <source media="(max-width: 767px)" srcSet={imageUrl(hero.art, 800)} />
            <img src={imageUrl(hero.art, 1920)} alt="" fetchPriority="high" />
          </picture>
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
      <PersonalRows rows={loaderData.personalRows} />
      {loaderData.rows.map((row, i) => (
        <TitleRow key={row.alias} row={row} priority={i === 0} />
      ))}
    </div>
  );
}
