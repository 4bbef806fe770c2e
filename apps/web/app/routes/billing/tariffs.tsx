import { SPECIAL_TARIFF_CHANNEL, TariffsQuerySchema, type Tariff } from '@ekran/contracts';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useLocation, useNavigate } from 'react-router';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { notify } from '../../components/shell/notices.tsx';
import { openPaymentLink } from '../../components/watch/playback-client.ts';
import { ApiCallError } from '../../lib/api.server.ts';
import { periodText, tariffPriceText, trialDaysOf } from '../../lib/billing-view.ts';
import { tFor } from '../../lib/i18n.ts';
import { originOf, seoMeta } from '../../lib/seo.ts';
import { visitorContext } from '../../lib/session.server.ts';
import '../../styles/billing.css';
import type { Route } from './+types/tariffs';
import { PaymentConsentNote } from '../../components/legal/consent-note.tsx';

/**
 * /tariffs (spec platform §2 Static): the listed tariffs of GET tariffs (§7: "optional experiment parameter and
 * channel (from the channel query when it equals pb_special…)"; "null on status 400 or above" → a retry state).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  const url = new URL(request.url);
  const channel = url.searchParams.get('channel') === SPECIAL_TARIFF_CHANNEL ? SPECIAL_TARIFF_CHANNEL : undefined;
  // A malformed experiment is dropped rather than refused: the page still shows the ordinary tariffs.
  const experiment = TariffsQuerySchema.shape.experiment.safeParse(url.searchParams.get('experiment') ?? undefined).data;
  let tariffs: Tariff[] | null;
  try {
    tariffs = await api.tariffsFor({ ...(channel ? { channel } : {}), ...(experiment ? { experiment } : {}) });
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    tariffs = null;
  }
  return {
    tariffs: tariffs ? [...tariffs].sort((a, b) => a.weight - b.weight) : null,
    channel: channel ?? null,
    trialAvailable: auth?.trial_is_available ?? true,
    // spec platform §4 Tariff flow: without an email or a phone the viewer signs in first.
    canPay: Boolean(auth && !auth.virtual && (auth.email || auth.phone)),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = tFor('ru');
  return seoMeta(originOf(matches), { title: t('billing.tariffs.metaTitle'), description: t('billing.tariffs.metaDescription'), path: '/tariffs' });
}

export default function Tariffs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { tariffs, channel, trialAvailable, canPay } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const [paying, setPaying] = useState<string | null>(null);
  const authHref = `/auth?back=${encodeURIComponent(`${location.pathname}${location.search}`)}`;

  const handleConnect = async (tariff: Tariff) => {
    setPaying(tariff._id);
    const result = await openPaymentLink(tariff._id, { ...(channel ? { channel } : {}), back_url: '/' });
    setPaying(null);
    if (result === 'auth') void navigate(authHref);
    // spec platform §8 Payment link failure: «Что-то пошло не так, Скоро все починим. Попробуйте позже.»
    else notify.show({ id: 'payment-link', kind: 'error', title: t('gating.errorTitle'), text: t('gating.errorText') });
  };

  return (
    <div className="page tariffs" data-testid="tariffs-page">
      <Breadcrumbs items={[{ title: t('billing.tariffs.title') }]} />
      <header className="tariffs__head">
        <h1 className="tariffs__title">{t('billing.tariffs.title')}</h1>
        <p className="tariffs__lead">{t('billing.tariffs.lead')}</p>
      </header>
      {tariffs === null || tariffs.length === 0 ? (
        <div className="billing-empty" role="status" data-testid="tariffs-retry">
          <p className="billing-empty__title">{tariffs === null ? t('billing.tariffs.failedTitle') : t('billing.tariffs.noneTitle')}</p>
          <p>{t('billing.tariffs.failedText')}</p>
          <a href={`${location.pathname}${location.search}`} className="btn btn--primary">
            {t('billing.retry')}
          </a>
        </div>
      ) : (
        <ul className="tariff-list">
          {tariffs.map((tariff, i) => {
            const trial = trialDaysOf(tariff, trialAvailable);
            return (
              <li key={tariff._id} className={`tariff${i === 0 ? ' tariff--main' : ''}`} data-testid="tariff">
                <h2 className="tariff__title">{tariff.title}</h2>
                {trial ? (
                  <p className="tariff__trial" data-testid="tariff-trial">
                    {t('billing.tariffs.trial', { days: t('card.days', { count: trial }) })}
                  </p>
                ) : null}
                <p className="tariff__price" data-testid="tariff-price">
                  {tariffPriceText(tariff, tariffs)}
                </p>
                <ul className="tariff__features">
                  <li>{t('billing.tariffs.period', { period: periodText(tariff.duration_days) })}</li>
                  <li>{t('gating.benefitStreams', { count: tariff.max_streams })}</li>
                  <li>{t('gating.benefitCatalog')}</li>
                  <li>{t('gating.benefitKids')}</li>
                </ul>
                {canPay ? (
                  <button
                    type="button"
                    className="btn btn--primary tariff__cta"
                    onClick={() => void handleConnect(tariff)}
                    disabled={paying !== null}
                    aria-busy={paying === tariff._id}
                    data-testid="tariff-connect"
                  >
                    {paying === tariff._id ? t('gating.paying') : t('billing.tariffs.connect')}
                  </button>
                ) : (
                  <Link to={authHref} className="btn btn--primary tariff__cta" data-testid="tariff-connect">
                    {t('billing.tariffs.connect')}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <p className="tariffs__fine">{t('gating.cancelAnytime')}</p>
      <PaymentConsentNote />
    </div>
  );
}
