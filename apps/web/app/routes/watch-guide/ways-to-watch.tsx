import { Link } from 'react-router';
import { BoxIcon, LaptopIcon, PhoneIcon, TvCodeArt } from '../../components/watch-guide/guide-art.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { tFor } from '../../lib/i18n.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { TV_BRANDS } from '../../lib/watch-guide.ts';
import type { Route } from './+types/ways-to-watch';
import './watch-guide.css';

/** How many steps the «how to sign in on a TV» list has (watchGuide.signInSteps.0…). */
export const SIGN_IN_STEPS = 4;

/**
 * spec platform §2 Ways to watch, /ways-to-watch: which devices run Экран (Smart TVs by brand with their system and
 * store, Android TV boxes, phones and tablets, browsers) and how a TV signs in — by a code confirmed on the site
 * (/activate, docs/decisions/053-tv-sign-in-by-code.md). The home banner «Экран на большом экране» leads here.
 */
export function loader() {
  return { brands: [...TV_BRANDS] };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
  return seoMeta(origin, {
    title: t('watchGuide.metaTitle'),
    description: t('watchGuide.metaDescription'),
    path: '/ways-to-watch',
    jsonLd: [breadcrumbListLd(origin, [{ title: t('breadcrumbs.home'), url: '/' }, { title: t('watchGuide.crumb') }], '/ways-to-watch')],
  });
}

export default function WaysToWatch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page guide" data-testid="ways-to-watch">
      <Breadcrumbs items={[{ title: t('watchGuide.crumb') }]} />
      <header className="guide__head">
        <h1 className="guide__title">{t('watchGuide.title')}</h1>
        <p className="guide__lead">{t('watchGuide.lead')}</p>
      </header>

      <section className="guide__section" aria-labelledby="guide-tv">
        <h2 id="guide-tv">{t('watchGuide.tvTitle')}</h2>
        <p className="guide__muted">{t('watchGuide.tvLead')}</p>
        <ul className="guide-brands">
          {loaderData.brands.map((brand) => (
            <li key={brand}>
              <Link className="guide-brand" to={`/ways-to-watch/${brand}`} data-testid={`brand-${brand}`}>
                <span className="guide-brand__name">{t(`watchGuide.brands.${brand}.name`)}</span>
                <span className="guide-brand__fact">
                  <span className="guide-brand__label">{t('watchGuide.os')}</span> {t(`watchGuide.brands.${brand}.os`)}
                </span>
                <span className="guide-brand__fact">
                  <span className="guide-brand__label">{t('watchGuide.store')}</span> {t(`watchGuide.brands.${brand}.store`)}
                </span>
                <span className="guide-brand__more">{t('watchGuide.howToInstall')} →</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="guide__section" aria-labelledby="guide-other">
        <h2 id="guide-other">{t('watchGuide.otherTitle')}</h2>
        <ul className="guide-devices">
          <li className="guide-device">
            <BoxIcon className="guide-device__icon" />
            <h3>{t('watchGuide.boxes.title')}</h3>
            <p>{t('watchGuide.boxes.text')}</p>
          </li>
          <li className="guide-device">
            <PhoneIcon className="guide-device__icon" />
            <h3>{t('watchGuide.mobile.title')}</h3>
            <p>{t('watchGuide.mobile.text')}</p>
            <Link to="/ios-android-app">{t('watchGuide.mobile.link')} →</Link>
          </li>
          <li className="guide-device">
            <LaptopIcon className="guide-device__icon" />
            <h3>{t('watchGuide.browser.title')}</h3>
            <p>{t('watchGuide.browser.text')}</p>
          </li>
        </ul>
      </section>

      <section className="guide__section guide-signin" aria-labelledby="guide-signin">
        <div className="guide-signin__text">
          <h2 id="guide-signin">{t('watchGuide.signInTitle')}</h2>
          <p className="guide__muted">{t('watchGuide.signInLead')}</p>
          <ol className="guide-steps">
            {Array.from({ length: SIGN_IN_STEPS }, (_, i) => (
              <li key={i}>{t(`watchGuide.signInSteps.${i}`)}</li>
            ))}
          </ol>
          <p className="guide__note">{t('watchGuide.codeNote')}</p>
          <div className="guide__actions">
            <Link className="btn btn--primary" to="/activate" data-testid="activate-link">
              {t('watchGuide.activateCta')}
            </Link>
            <Link className="btn btn--ghost" to="/account/devices">
              {t('watchGuide.devicesLink')}
            </Link>
          </div>
          <p className="guide__note">{t('watchGuide.limitNote')}</p>
        </div>
        <div className="guide-signin__art">
          <TvCodeArt />
        </div>
      </section>
    </div>
  );
}
