import type { Order } from '@ekran/contracts';
import { formatPrice } from '@ekran/core';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useFetcher, useLocation } from 'react-router';
import { notify } from '../../components/shell/notices.tsx';
import { openPaymentLink } from '../../components/watch/playback-client.ts';
import { formatDate } from '../../components/devices/format.ts';
import { ApiCallError } from '../../lib/api.server.ts';
import { declineReason, isLive } from '../../lib/billing-view.ts';
import { safePath } from '../../lib/safe-redirect.ts';
import { env } from '../../lib/env.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import '../../styles/billing.css';
import type { Route } from './+types/payment-result';

/** How often and how long the success page asks whether the provider's notification has settled the order. */
export const POLL_EVERY_MS = 2000;
export const POLL_FOR_MS = 90_000;
/** How often a processing order is asked about after POLL_FOR_MS. */
export const PROCESSING_POLL_EVERY_MS = 15_000;
/** The in-app webview closes on this address (the apps intercept it). */
export const APP_RETURN_URL = 'ekran://payment/done';

const ORDER_ID = /^[\w-]{1,64}$/;

/** The query the title page reads to start playing on arrival (routes/watch/watch.tsx, usePlayFromUrl). */
export const PLAY_PARAM = 'play';

/**
 * Where «Вернуться к просмотру» leads after a paid order: the page the payment started from (only a path of this
 * site), and when that is a title page, with ?play=1 so the title starts playing there: the viewer paid to watch.
 */
export function continueHref(backUrl: string | null | undefined, paid: boolean): string {
  const path = safePath(backUrl);
  if (!paid) return path;
  const url = new URL(path, 'http://site.invalid');
  if (!/^\/watch\/[^/]+$/.test(url.pathname)) return path;
  url.searchParams.set(PLAY_PARAM, '1');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The payment result pages (spec platform §2 Payment result: /web/success, /mobile/success, /web/fail,
 * /mobile/fail, /paymentSuccess, /paymentFail): the payment host sends the browser back here with ?order=.
 * The order's status decides what shows (the address is only what the host thought); /mobile/* are for the apps'
 * webview: no header or footer, a «Вернуться в приложение» button.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const mobile = url.pathname.startsWith('/mobile/');
  const failPath = /fail$/i.test(url.pathname);
  const { api, auth } = context.get(visitorContext);
  const support = { email: env.SUPPORT_EMAIL };
  const id = url.searchParams.get('order') ?? '';
  if (!ORDER_ID.test(id)) return { mobile, failPath, order: null, next: null, support, now: Date.now() };
  let order: Order | null = null;
  try {
    order = await api.order(id);
  } catch (err) {
    if (!(err instanceof ApiCallError) || err.status >= 500) throw err;
    // Someone else's or an unknown order: the page says it cannot tell, never whose it is.
    order = null;
  }
  // What the subscription now is: the next charge (or the paid-until date) of the tariff just bought.
  let next: { at: string; amount: number | null; currency: string | null } | null = null;
  if (order?.status === 'succeeded' && order.tariff && auth && !auth.virtual) {
    const subs = await api.subscriptions().then((r) => r.data.subscriptions, () => []);
    const sub = subs.find((s) => s.tariff._id === order.tariff?._id && isLive(s)) ?? subs.find(isLive);
    if (sub) next = sub.next_charge ? { at: sub.next_charge.at, amount: sub.next_charge.amount, currency: sub.next_charge.currency } : { at: sub.expiration, amount: null, currency: null };
  }
  return { mobile, failPath, order, next, support, now: Date.now() };
}

/**
 * A POST after success only makes React Router reload every loader of the page, the shell's too: the session
 * middleware refreshes the auth data on that request, so playback gating and the header see the subscription.
 */
export function action() {
  return { refreshed: true };
}

export const handle = { bare: (pathname: string) => pathname.startsWith('/mobile/') };

export function meta() {
  return [{ title: `${tFor('ru')('billing.result.metaTitle')} — ${tFor('ru')('brand')}` }, { name: 'robots', content: 'noindex' }];
}

type View = 'pending' | 'processing' | 'success' | 'fail' | 'unknown' | 'slow';

/**
 * What the page shows. A processing order (the bank has not answered the charge yet) is never a failure, whatever
 * address the viewer came back to: it settles to success or failure once the provider's word (a notification, or
 * reconciliation with the provider's record) arrives, and the page keeps asking until then (decision 032).
 */
export function viewOf(order: Order | null, failPath: boolean, timedOut: boolean): View {
  if (!order) return failPath ? 'fail' : 'unknown';
  if (order.status === 'succeeded') return 'success';
  if (order.status === 'processing') return 'processing';
  if (order.status === 'failed' || order.status === 'cancelled' || failPath) return 'fail';
  return timedOut ? 'slow' : 'pending';
}

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  // The order is asked again through this page's own loader only (a fetcher's load), not a revalidation, which would
  // load the shell's data too on every tick; the shell is refreshed once, after success (see action).
  const poll = useFetcher<typeof loader>();
  const { pathname, search } = useLocation();
  // The newer of the two answers (the page's data is loaded again after the action too).
  const latest = poll.data && poll.data.now >= loaderData.now ? poll.data : loaderData;
  const { mobile, failPath, order, next, support } = latest;
  const refresh = useFetcher();
  const [started] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const view = viewOf(order, failPath, timedOut);
  const polling = poll.state !== 'idle';
  const askAgain = () => void poll.load(`${pathname}${search}`);

  // Poll the order until the provider's notification settles it. A processing order is asked about for as long as
  // the page is open (less often after the first minute and a half): reconciliation settles it within minutes.
  const ask = useEffectEvent(askAgain);
  useEffect(() => {
    if (view !== 'pending' && view !== 'processing') return;
    if (polling) return;
    const late = Date.now() - started > POLL_FOR_MS;
    const timer = window.setTimeout(
      () => {
        if (view === 'pending' && late) setTimedOut(true);
        else ask();
      },
      view === 'processing' && late ? PROCESSING_POLL_EVERY_MS : POLL_EVERY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [view, order, polling, started]);

  // After success the shell's auth data is refreshed once (see action).
  const succeeded = view === 'success';
  useEffect(() => {
    if (succeeded && refresh.state === 'idle' && !refresh.data) void refresh.submit(null, { method: 'post' });
  }, [succeeded, refresh]);

  const handleRetry = async () => {
    if (!order?.tariff) return;
    setRetrying(true);
    const result = await openPaymentLink(order.tariff._id, { back_url: safePath(order.back_url) });
    setRetrying(false);
    if (result === 'auth') window.location.assign('/auth?back=/tariffs');
    else notify.show({ id: 'payment-link', kind: 'error', title: t('gating.errorTitle'), text: t('gating.errorText') });
  };

  const back = mobile ? (
    <a href={APP_RETURN_URL} className="btn btn--primary" data-testid="result-back">
      {t('billing.result.backToApp')}
    </a>
  ) : (
    <Link to={continueHref(order?.back_url, view === 'success')} className="btn btn--primary" data-testid="result-back">
      {order?.back_url && safePath(order.back_url) !== '/' ? t('billing.result.backToWatch') : t('billing.result.backHome')}
    </Link>
  );

  return (
    <div className={`page pay-result${mobile ? ' pay-result--mobile' : ''}`} data-testid={`pay-result-${view}`}>
      {view === 'pending' || view === 'slow' ? (
        <section className="pay-result__card" aria-live="polite">
          <span className="pay-result__spinner" aria-hidden="true" />
          <h1 className="pay-result__title">{t('billing.result.pending')}</h1>
          <p>{view === 'slow' ? t('billing.result.slow') : t('billing.result.pendingText')}</p>
          {view === 'slow' && !mobile ? (
            <Link to="/account/subscriptions" className="btn btn--ghost">
              {t('billing.result.toSubscriptions')}
            </Link>
          ) : null}
        </section>
      ) : null}
      {view === 'processing' ? (
        <section className="pay-result__card" aria-live="polite" data-testid="result-processing">
          <span className="pay-result__spinner" aria-hidden="true" />
          <h1 className="pay-result__title">{t('billing.result.processing')}</h1>
          <p>{t('billing.result.processingText')}</p>
          <div className="pay-result__actions">
            <button type="button" className="btn btn--primary" onClick={askAgain} disabled={polling} data-testid="result-refresh">
              {t('billing.result.refresh')}
            </button>
            {mobile ? back : (
              <Link to="/account/subscriptions" className="btn btn--ghost">
                {t('billing.result.toSubscriptions')}
              </Link>
            )}
          </div>
        </section>
      ) : null}
      {view === 'success' && order ? (
        <section className="pay-result__card pay-result__card--ok">
          <span className="pay-result__icon pay-result__icon--ok" aria-hidden="true">
            ✓
          </span>
          <h1 className="pay-result__title">{t(order.kind === 'bind_card' ? 'billing.result.cardBound' : 'billing.result.success')}</h1>
          {order.tariff ? <p className="pay-result__tariff" data-testid="result-tariff">{order.tariff.title}</p> : null}
          {next ? (
            <p data-testid="result-next">
              {next.amount !== null && next.currency
                ? t('billing.result.nextCharge', { date: formatDate(next.at, i18n.language), price: formatPrice(next.amount, next.currency) })
                : t('billing.result.paidUntil', { date: formatDate(next.at, i18n.language) })}
            </p>
          ) : null}
          <div className="pay-result__actions">{back}</div>
        </section>
      ) : null}
      {view === 'fail' ? (
        <section className="pay-result__card pay-result__card--fail">
          <span className="pay-result__icon pay-result__icon--fail" aria-hidden="true">
            !
          </span>
          <h1 className="pay-result__title">{t('billing.result.fail')}</h1>
          <p data-testid="result-reason">{t(`billing.decline.${declineReason(order?.failure_reason)}`)}</p>
          <div className="pay-result__actions">
            {order?.tariff ? (
              <button type="button" className="btn btn--primary" onClick={() => void handleRetry()} disabled={retrying} data-testid="result-retry">
                {retrying ? t('gating.paying') : t('billing.result.retry')}
              </button>
            ) : (
              <Link to="/tariffs" className="btn btn--primary" data-testid="result-retry">
                {t('billing.result.retry')}
              </Link>
            )}
            {mobile ? back : null}
          </div>
          <p className="pay-result__support">
            {t('billing.result.support')}{' '}
            <a href={`mailto:${support.email}`} data-testid="result-support">
              {support.email}
            </a>
          </p>
        </section>
      ) : null}
      {view === 'unknown' ? (
        <section className="pay-result__card">
          <h1 className="pay-result__title">{t('billing.result.unknown')}</h1>
          <p>{t('billing.result.unknownText')}</p>
          <div className="pay-result__actions">
            {mobile ? back : (
              <Link to="/account/subscriptions" className="btn btn--primary">
                {t('billing.result.toSubscriptions')}
              </Link>
            )}
          </div>
        </section>
      ) : null}
    </div>
  );
}
