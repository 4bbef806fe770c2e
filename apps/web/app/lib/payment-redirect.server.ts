import { AFFILIATE_COOKIES, gaClientId, OFFER_FROM_FLAG_COOKIE, PAYMENT_FLAG_COOKIE_MINUTES, PAYMENT_REDIRECT_COOKIE, UTM_PARAMS } from '@ekran/core';
import { ApiCallError, type Api } from './api.server.ts';
import { plainCookie } from './cookies.server.ts';
import { env } from './env.server.ts';
import { paymentPathOf } from './gating.server.ts';
import { sitePath } from './safe-redirect.ts';
import { readCookie } from './session.server.ts';

/** Longest tracking value passed on; longer ones are dropped, not cut. */
const MAX_TRACKING_LENGTH = 500;

/** A tracking value worth passing on: a non-empty string of a sane length. */
export const tracking = (value: FormDataEntryValue | string | null | undefined): string | undefined => {
  const v = typeof value === 'string' ? value.trim() : '';
  return v && v.length <= MAX_TRACKING_LENGTH ? v : undefined;
};

/** Where the payment redirect leads: the payment host's address and the flag cookie, or why it failed. */
export type PaymentRedirect = { url: string; cookie: string } | { error: 'payment-link' };

/**
 * spec platform §4 Payment redirect: "Fetch the tariff url with the api key and ga_id plus promo-network tracking
 * parameters, then navigate to the payment host with client_key. A flag cookie lasts 3 minutes."
 * The tariff url comes from the API's own answer (a tariff list, a landing, an offer) and is fetched only when it is
 * a path of the API. Tracking: ga_id from _ga, the page's utm_* (`utm`), the affiliate cookies, and (for
 * landings) the from-offer flag's offer alias. `back` is where the result page leads after success: a path of this
 * site only (platform §5 Return-to-source). Shared by /resources/payment-link, the landings and the offer popups.
 */
export async function paymentRedirect(
  api: Pick<Api, 'paymentLink'>,
  input: { tariffUrl: string; cookies: string | null; utm?: Partial<Record<(typeof UTM_PARAMS)[number], FormDataEntryValue | string | null>>; back?: string | null },
): Promise<PaymentRedirect> {
  const path = paymentPathOf(input.tariffUrl, env.API_URL);
  if (!path) return { error: 'payment-link' };
  const query: Record<string, string | undefined> = { ga_id: gaClientId(readCookie(input.cookies, '_ga')) ?? undefined };
  for (const name of UTM_PARAMS) query[name] = tracking(input.utm?.[name]);
  // Only a path of this site, escaped (the API stores it and the result page leads there).
  const back = sitePath(tracking(input.back));
  if (back) query.back_url = back;
  for (const name of AFFILIATE_COOKIES) query[name] = tracking(readCookie(input.cookies, name));
  // A purchase that began by accepting an offer says which one (platform §9 from-offer flag).
  const fromOffer = tracking(readCookie(input.cookies, OFFER_FROM_FLAG_COOKIE));
  if (fromOffer) query.from_offer = fromOffer;
  try {
    const link = await api.paymentLink(path, query);
    const target = new URL(link.url);
    if (target.protocol !== 'https:' && target.protocol !== 'http:') return { error: 'payment-link' };
    target.searchParams.set('client_key', env.WEB_API_KEY);
    return { url: target.toString(), cookie: flagCookie(PAYMENT_REDIRECT_COOKIE, '1', PAYMENT_FLAG_COOKIE_MINUTES * 60) };
  } catch (err) {
    // spec platform §8 "Payment link failure: same message" (Что-то пошло не так): the page says it. A refusal
    // of the API is expected; anything else (no answer, a malformed link) is logged as well.
    if (!(err instanceof ApiCallError)) console.warn('payment link:', err instanceof Error ? err.message : err);
    return { error: 'payment-link' };
  }
}

/** A short-lived flag cookie the browser's scripts may read (not httpOnly: nothing secret in it). */
export function flagCookie(name: string, value: string, maxAgeSeconds: number): string {
  return plainCookie(name, value, { maxAgeSeconds, httpOnly: false });
}
