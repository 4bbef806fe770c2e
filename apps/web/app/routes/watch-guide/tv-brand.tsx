import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { PhoneCodeArt, RemoteArt, TvCodeArt, TvInstallArt, TvStoreArt } from '../../components/watch-guide/guide-art.tsx';
import { tFor } from '../../lib/i18n.ts';
import { notFound } from '../../lib/not-found.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { TV_BRANDS, tvBrandOf } from '../../lib/watch-guide.ts';
import type { Route } from './+types/tv-brand';
import './watch-guide.css';

/** The pictures of each brand's install and sign-in steps (watchGuide.brands.{brand}.steps.0…), by step. */
const STEP_ART = ['remote', 'store', 'install', 'code', 'phone'] as const;

/**
 * spec platform §2 Ways to watch, /ways-to-watch/{samsung,sony,hisense,lg}: the brand's system and app store, the
 * models, and installing and signing in step by step with pictures. Any other brand is a 404.
 */
export function loader({ params }: Route.LoaderArgs) {
  const brand = tvBrandOf(params.brand);
  if (!brand) throw notFound();
  return { brand, others: TV_BRANDS.filter((b) => b !== brand) };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = tFor('ru');
  if (!loaderData) return [{ title: t('meta.defaultTitle') }];
  const { brand } = loaderData;
  const origin = originOf(matches);
  const path = `/ways-to-watch/${brand}`;
  const crumbs = [{ title: t('breadcrumbs.home'), url: '/' }, { title: t('watchGuide.crumb'), url: '/ways-to-watch' }, { title: t(`watchGuide.brands.${brand}.name`) }];
  return seoMeta(origin, {
    title: t(`watchGuide.brands.${brand}.metaTitle`),
    description: t(`watchGuide.brands.${brand}.metaDescription`),
    path,
    jsonLd: [breadcrumbListLd(origin, crumbs, path)],
  });
}

export default function TvBrandPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { brand, others } = loaderData;
  const store = t(`watchGuide.brands.${brand}.store`);
  return (
    <article className="page guide" data-testid={`ways-to-watch-${brand}`}>
      <Breadcrumbs items={[{ title: t('watchGuide.crumb'), url: '/ways-to-watch' }, { title: t(`watchGuide.brands.${brand}.name`) }]} />
      <header className="guide__head">
        <h1 className="guide__title">{t(`watchGuide.brands.${brand}.title`)}</h1>
        <p className="guide__lead">{t(`watchGuide.brands.${brand}.lead`)}</p>
      </header>

      <dl className="guide-facts">
        <div>
          <dt>{t('watchGuide.os')}</dt>
          <dd>{t(`watchGuide.brands.${brand}.os`)}</dd>
        </div>
        <div>
          <dt>{t('watchGuide.store')}</dt>
          <dd>{store}</dd>
        </div>
        <div className="guide-facts__wide">
          <dt>{t('watchGuide.requirements')}</dt>
          <dd>{t(`watchGuide.brands.${brand}.models`)}</dd>
        </div>
      </dl>

      <section className="guide__section" aria-labelledby="guide-steps">
        <h2 id="guide-steps">{t('watchGuide.stepsTitle')}</h2>
        <ol className="guide-walk">
          {STEP_ART.map((art, i) => (
            <li key={art} className="guide-walk__step">
              <div className="guide-walk__body">
                <span className="guide-walk__n" aria-hidden="true">
                  {i + 1}
                </span>
                <p className="guide-walk__text">{t(`watchGuide.brands.${brand}.steps.${i}`)}</p>
              </div>
              <div className="guide-walk__art">
                <StepArt art={art} store={store} />
              </div>
            </li>
          ))}
        </ol>
        <p className="guide__note">{t('watchGuide.codeNote')}</p>
        <div className="guide__actions">
          <Link className="btn btn--primary" to="/activate">
            {t('watchGuide.activateCta')}
          </Link>
          <Link className="btn btn--ghost" to="/ways-to-watch">
            {t('watchGuide.brandBack')}
          </Link>
        </div>
      </section>

      <nav className="guide__section" aria-labelledby="guide-others">
        <h2 id="guide-others">{t('watchGuide.otherBrands')}</h2>
        <ul className="guide-chips">
          {others.map((b) => (
            <li key={b}>
              <Link className="chip" to={`/ways-to-watch/${b}`}>
                {t(`watchGuide.brands.${b}.name`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

function StepArt({ art, store }: { art: (typeof STEP_ART)[number]; store: string }) {
  switch (art) {
    case 'remote':
      return <RemoteArt />;
    case 'store':
      return <TvStoreArt store={store} />;
    case 'install':
      return <TvInstallArt store={store} />;
    case 'code':
      return <TvCodeArt />;
    case 'phone':
      return <PhoneCodeArt />;
  }
}
