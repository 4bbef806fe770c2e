import type { Landing } from '@ekran/contracts';
import { formatPrice, UTM_PARAMS } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Form, Link, useNavigation, useSearchParams } from 'react-router';
import { BANNER_WIDE_MEDIA } from '../../components/home/banner-content.tsx';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { Poster } from '../../components/ui/poster.tsx';
import { perPeriod, tariffPriceText, trialDaysOf } from '../../lib/billing-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { imageUrl, posterSources } from '../../lib/images.ts';
import { absoluteUrl, originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/landing';
import { landingAction, loadLanding } from './landing.server.ts';
import './landing.css';

const dayFormat = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' });
/** The last day of a period that ends (exclusively) at `endsAt`, in Moscow time: «30 ноября 2026 г.». */
export const lastDayOf = (endsAt: string) => dayFormat.format(new Date(new Date(endsAt).getTime() - 1));
export const dayOf = (at: string) => dayFormat.format(new Date(at));

/**
 * spec platform §2 Landings, /pages/{slug} (gift and subscription/already have their own routes, which win): the
 * landing's copy from the API, its hero art, the featured title, and its button while the offer runs — the tariff
 * flow and payment redirect for its tariff, or /code with its promo code. Outside its period the page says the
 * offer is over (or not yet open) and leads to /tariffs; an unknown slug is the not-found screen.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  const landing = await loadLanding(api, params.slug);
  return { landing, trialAvailable: auth?.trial_is_available ?? true };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return landingAction(request, context.get(visitorContext), params.slug);
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [{ title: tFor('ru')('meta.defaultTitle') }];
  const { landing } = loaderData;
  const origin = originOf(matches);
  const path = `/pages/${landing.slug}`;
  const { tariff } = landing;
  return seoMeta(origin, {
    title: landing.seo.title,
    description: landing.seo.description,
    path,
    image: imageUrl(landing.hero.desktop, 1280, 'jpeg'),
    // An offer that is over stays readable but is not worth a search result.
    noindex: landing.state === 'ended',
    jsonLd: [
      {
        '@type': 'WebPage',
        name: landing.title,
        description: landing.seo.description,
        url: absoluteUrl(origin, path),
        inLanguage: 'ru',
        ...(tariff
          ? {
              offers: {
                '@type': 'Offer',
                name: tariff.title,
                price: tariff.price,
                priceCurrency: tariff.currency,
                url: absoluteUrl(origin, path),
                availability: 'https://schema.org/InStock',
                ...(landing.starts_at ? { validFrom: landing.starts_at } : {}),
                ...(landing.ends_at ? { validThrough: landing.ends_at } : {}),
              },
            }
          : {}),
      },
    ],
  });
}

/** What the button does: the tariff's payment (a form to the action), or the code page with the landing's code. */
function LandingCta({ landing, busy, testId }: { landing: Landing; busy: boolean; testId: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (landing.tariff) {
    return (
      <Form method="post" className="landing__cta-form">
        {/* spec platform §4 Payment redirect: the page's promo-network tracking parameters ride along. */}
        {UTM_PARAMS.map((name) => (params.get(name) ? <input key={name} type="hidden" name={name} value={params.get(name) ?? ''} /> : null))}
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} aria-busy={busy} data-testid={testId}>
          {busy ? t('gating.paying') : landing.cta_text}
        </button>
      </Form>
    );
  }
  const to = landing.promo_code ? `/code?code=${encodeURIComponent(landing.promo_code)}` : landing.code_entry ? '/code' : null;
  if (!to) return null;
  return (
    <Link to={to} className="btn btn--primary btn--lg" data-testid={testId}>
      {landing.cta_text}
    </Link>
  );
}

/** The price and terms under the button: «149 ₽ за месяц, затем 499 ₽ в месяц», a trial first when the viewer has one. */
function PriceLine({ landing, trialAvailable }: { landing: Landing; trialAvailable: boolean }) {
  const { t } = useTranslation();
  const { tariff } = landing;
  if (!tariff) return landing.promo_code ? <p className="landing__price">{t('landings.promoCode', { code: landing.promo_code })}</p> : null;
  const trial = trialDaysOf(tariff, trialAvailable);
  const price = trial
    ? t('landings.trialThen', { days: t('card.days', { count: trial }), price: `${formatPrice(tariff.price, tariff.currency)} ${perPeriod(tariff.duration_days)}` })
    : tariffPriceText(tariff, landing.next_tariff ? [tariff, landing.next_tariff] : [tariff]);
  return (
    <p className="landing__price" data-testid="landing-price">
      {price}
    </p>
  );
}

export default function LandingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { landing, trialAvailable } = loaderData;
  const busy = useNavigation().state === 'submitting';
  const active = landing.state === 'active';
  const hero = posterSources(landing.hero.desktop, 1326, '(min-width: 1440px) 1328px, 100vw');
  const phone = posterSources(landing.hero.mobile, 768, '100vw');
  const failed = actionData?.error === 'payment-link';
  const ended = actionData?.error === 'ended';
  return (
    <article className="landing" data-testid="landing" data-state={landing.state}>
      <Breadcrumbs items={[{ title: landing.title }]} />
      <header className="landing__hero">
        <picture className="landing__art">
          <source media={BANNER_WIDE_MEDIA} srcSet={hero.srcSet} sizes={hero.sizes} />
          <img src={phone.src} srcSet={phone.srcSet} sizes={phone.sizes} width={landing.hero.mobile.width} height={landing.hero.mobile.height} alt="" fetchPriority="high" />
        </picture>
        <div className="landing__hero-text">
          <h1 className="landing__title">{landing.title}</h1>
          <p className="landing__lead">{landing.lead}</p>
          {active && !ended ? (
            <div className="landing__offer">
              <LandingCta landing={landing} busy={busy} testId="landing-cta" />
              <PriceLine landing={landing} trialAvailable={trialAvailable} />
              {landing.ends_at ? <p className="landing__until">{t('landings.until', { date: lastDayOf(landing.ends_at) })}</p> : null}
              {failed ? (
                <p className="landing__error" role="alert">
                  {t('gating.errorTitle')}. {t('gating.errorText')}
                </p>
              ) : null}
            </div>
          ) : (
            <div className="landing__closed" role="status" data-testid="landing-closed">
              <h2>{landing.state === 'upcoming' ? t('landings.upcomingTitle') : t('landings.endedTitle')}</h2>
              <p>{landing.state === 'upcoming' && landing.starts_at ? t('landings.upcomingText', { date: dayOf(landing.starts_at) }) : t('landings.endedText')}</p>
              <Link to="/tariffs" className="btn btn--primary" data-testid="landing-tariffs">
                {t('landings.toTariffs')}
              </Link>
            </div>
          )}
        </div>
      </header>

      <div className="landing__body">
        <div className="landing__sections">
          {landing.sections.map((s) => (
            <section key={s.heading} className="landing__section">
              <h2>{s.heading}</h2>
              <p>{s.text}</p>
              {s.items.length > 0 ? (
                <ul className="landing__items">
                  {s.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </div>
        {landing.featured ? (
          <aside className="landing__featured" aria-labelledby="landing-featured">
            <Link to={`/watch/${landing.featured.alias}`} className="landing__featured-poster" tabIndex={-1} aria-hidden="true">
              <Poster image={landing.featured.vertical_poster} orientation="vertical" width={268} sizes="(min-width: 900px) 268px, 120px" />
            </Link>
            <div className="landing__featured-text">
              <p className="landing__kicker">{t('landings.featured')}</p>
              <h2 id="landing-featured">{landing.featured.title}</h2>
              <p className="landing__facts">
                {[landing.featured.year, landing.featured.genres[0]?.title, landing.featured.rating_age].filter(Boolean).join(' · ')}
              </p>
              <p className="landing__description">{landing.featured.description}</p>
              <Link to={`/watch/${landing.featured.alias}`} className="btn btn--ghost" data-testid="landing-featured-link">
                {t(landing.featured._cls === 'Product.Series' ? 'landings.aboutSeries' : 'landings.aboutTitle')}
              </Link>
            </div>
          </aside>
        ) : null}
      </div>

      {active && !ended && (landing.tariff || landing.promo_code || landing.code_entry) ? (
        <footer className="landing__footer">
          <p className="landing__footer-title">{landing.title}</p>
          <LandingCta landing={landing} busy={busy} testId="landing-cta-bottom" />
        </footer>
      ) : null}
    </article>
  );
}
