import { AFFILIATE_COOKIES, gaClientId, PAYMENT_FLAG_COOKIE_MINUTES, PAYMENT_REDIRECT_COOKIE, UTM_PARAMS } from '@ekran/core';
import { SPECIAL_TARIFF_CHANNEL } from '@ekran/contracts';
import { data } from 'react-router';
import { safeBackUrl } from '../../lib/billing-view.ts';
import type { PaymentLinkAnswer } from '../../components/watch/playback-types.ts';
import { ApiCallError } from '../../lib/api.server.ts';
import { env } from '../../lib/env.server.ts';
import { paymentPathOf } from '../../lib/gating.server.ts';
import { readCookie, visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/payment-link';

/** Longest tracking value passed on; longer ones are dropped, not cut. */
const MAX_TRACKING_LENGTH = 500;

const tracking = (value: FormDataEntryValue | string | null | undefined): string | undefined => {
  const v = typeof value === 'string' ? value.trim() : '';
  return v && v.length <= MAX_TRACKING_LENGTH ? v : undefined;
};

/**
 * spec platform §4 Payment redirect: "Fetch the tariff url with the api key and ga_id plus promo-network tracking
 * parameters, then navigate to the payment host with client_key. A flag cookie lasts 3 minutes."
 * The browser names the tariff; its url comes from the API's tariff list, so the web server fetches nothing but
 * the API's own paths. The tariff flow needs an email or a phone (platform §4 Tariff flow), checked here too.
 * The answer is the payment host's address with client_key; the browser goes there.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, auth } = context.get(visitorContext);
  if (!auth || (!auth.email && !auth.phone)) return data<PaymentLinkAnswer>({ error: 'auth' }, { status: 401 });
  const form = await request.formData();
  const tariffId = String(form.get('tariff_id') ?? '');
  // issue 6 web: the special tariffs of /tariffs?channel=pb_special are only in that channel's list.
  const channel = form.get('channel') === SPECIAL_TARIFF_CHANNEL ? SPECIAL_TARIFF_CHANNEL : undefined;
  let tariffs;
  try {
    tariffs = channel ? await api.tariffsFor({ channel }) : await api.tariffs();
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    return data<PaymentLinkAnswer>({ error: 'payment-link' }, { status: 502 });
  }
  const tariff = tariffs.find((t) => t._id === tariffId);
  if (!tariff) return data<PaymentLinkAnswer>({ error: 'unknown-tariff' }, { status: 400 });
  const path = paymentPathOf(tariff.url, env.API_URL);
  if (!path) return data<PaymentLinkAnswer>({ error: 'payment-link' }, { status: 502 });

  const cookies = request.headers.get('cookie');
  const query: Record<string, string | undefined> = { ga_id: gaClientId(readCookie(cookies, '_ga')) ?? undefined };
  for (const name of UTM_PARAMS) query[name] = tracking(form.get(name));
  // issue 6 web: where the result page leads after success: a path of this site only (platform §5 Return-to-source).
  const back = tracking(form.get('back_url'));
  if (back && back === safeBackUrl(back, '')) query.back_url = back;
  for (const name of AFFILIATE_COOKIES) query[name] = tracking(readCookie(cookies, name));
  try {
    const link = await api.paymentLink(path, query);
    const target = new URL(link.url);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return data<PaymentLinkAnswer>({ error: 'payment-link' }, { status: 502 });
    target.searchParams.set('client_key', env.WEB_API_KEY);
    const flag = `${PAYMENT_REDIRECT_COOKIE}=1; Path=/; Max-Age=${PAYMENT_FLAG_COOKIE_MINUTES * 60}; SameSite=Lax${env.COOKIE_SECURE ? '; Secure' : ''}`;
    return data<PaymentLinkAnswer>({ url: target.toString() }, { headers: { 'Set-Cookie': flag } });
  } catch (err) {
    // spec platform §8 "Payment link failure: same message" (Что-то пошло не так): the page says it. A refusal
    // of the API is expected (billing answers 404 until it exists); anything else (no answer, a malformed
    // link) is logged as well.
    if (!(err instanceof ApiCallError)) console.warn('payment link:', err instanceof Error ? err.message : err);
    return data<PaymentLinkAnswer>({ error: 'payment-link' }, { status: 502 });
  }
}
