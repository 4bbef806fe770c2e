import { Link } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { StoreBadge } from '../../components/watch-guide/store-badge.tsx';
import { tFor } from '../../lib/i18n.ts';
import { offSiteRedirect } from '../../lib/safe-redirect.ts';
import { breadcrumbListLd, originOf, seoMeta } from '../../lib/seo.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { storesFor } from '../../lib/watch-guide.ts';
import type { Route } from './+types/app-page';
import { appQrCode, storeLinks, storeOfRequest } from './app-page.server.ts';
import './watch-guide.css';

/** The features the page lists (watchGuide.app.features.{key}): only what the service does. */
const FEATURES = ['catalogue', 'tv', 'continue', 'kids', 'tvCode', 'subscription'] as const;

/**
 * spec platform §2 Other, /ios-android-app (the app landing): what the apps do, the store buttons (App Store, Google
 * Play, RuStore, AppGallery; addresses from the settings), a QR code for a computer's visitor, and on a phone its own
 * store first (User-Agent). The QR code's address (?get=1) sends a phone straight on to its store; a computer, or a
 * phone whose store is unknown, gets the page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const phoneStore = storeOfRequest(request);
  const links = storeLinks();
  if (new URL(request.url).searchParams.get('get') === '1' && phoneStore) throw offSiteRedirect(links[phoneStore], 302);
  return {
    phoneStore,
    stores: storesFor(phoneStore).map((store) => ({ store, href: links[store] })),
    qr: phoneStore ? null : await appQrCode(),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  const origin = originOf(matches);
  return seoMeta(origin, {
    title: t('watchGuide.app.metaTitle'),
    description: t('watchGuide.app.metaDescription'),
    path: '/ios-android-app',
    jsonLd: [breadcrumbListLd(origin, [{ title: t('breadcrumbs.home'), url: '/' }, { title: t('watchGuide.app.crumb') }], '/ios-android-app')],
  });
}

export default function AppPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { phoneStore, stores, qr } = loaderData;
  const [first, ...rest] = stores;
  return (
    <div className="page guide app-page" data-testid="app-page">
      <Breadcrumbs items={[{ title: t('watchGuide.app.crumb') }]} />
      <section className="app-hero">
        <div className="app-hero__text">
          <h1 className="guide__title">{t('watchGuide.app.title')}</h1>
          <p className="guide__lead">{t('watchGuide.app.lead')}</p>
          {phoneStore && first ? (
            <div className="app-hero__stores">
              <p className="guide__label">{t('watchGuide.app.yourStore')}</p>
              <StoreBadge store={first.store} href={first.href} primary />
              <p className="guide__label">{t('watchGuide.app.allStores')}</p>
              <div className="store-badges">
                {rest.map((s) => (
                  <StoreBadge key={s.store} store={s.store} href={s.href} />
                ))}
              </div>
            </div>
          ) : (
            <div className="store-badges" data-testid="store-badges">
              {stores.map((s) => (
                <StoreBadge key={s.store} store={s.store} href={s.href} />
              ))}
            </div>
          )}
        </div>
        {qr ? (
          <figure className="app-qr" data-testid="app-qr">
            <img src={qr} width={176} height={176} alt={t('watchGuide.app.qrAlt')} />
            <figcaption>
              <strong>{t('watchGuide.app.qrTitle')}</strong>
              <span>{t('watchGuide.app.qrText')}</span>
            </figcaption>
          </figure>
        ) : null}
      </section>

      <section className="guide__section" aria-labelledby="app-features">
        <h2 id="app-features">{t('watchGuide.app.featuresTitle')}</h2>
        <ul className="app-features">
          {FEATURES.map((f) => (
            <li key={f} className="app-feature">
              <h3>{t(`watchGuide.app.features.${f}.title`)}</h3>
              <p>{t(`watchGuide.app.features.${f}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="guide__section" aria-labelledby="app-requirements">
        <h2 id="app-requirements">{t('watchGuide.app.requirementsTitle')}</h2>
        <ul className="guide-list">
          <li>{t('watchGuide.app.requirements.ios')}</li>
          <li>{t('watchGuide.app.requirements.android')}</li>
          <li>{t('watchGuide.app.requirements.huawei')}</li>
        </ul>
        <p>
          <Link to="/ways-to-watch">{t('watchGuide.app.tvLink')} →</Link>
        </p>
      </section>
    </div>
  );
}
