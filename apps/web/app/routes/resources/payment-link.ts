import { SPECIAL_TARIFF_CHANNEL } from '@ekran/contracts';
import { UTM_PARAMS } from '@ekran/core';
import { data } from 'react-router';
import { z } from 'zod';
import type { PaymentLinkAnswer } from '../../lib/playback-types.ts';
import { ApiCallError } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { paymentRedirect } from '../../lib/payment-redirect.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/payment-link';

/** The tariff, its channel, the page to come back to and the page's utm_* (each checked where it is used). */
const PaymentLinkForm = z.object({
  tariff_id: z.string().optional(),
  channel: z.string().optional(),
  back_url: z.string().optional(),
  utm_source: z.string().optional(),
  utm_medium: z.string().optional(),
  utm_campaign: z.string().optional(),
  utm_content: z.string().optional(),
  utm_term: z.string().optional(),
});

/**
 * spec platform §4 Payment redirect: "Fetch the tariff url with the api key and ga_id plus promo-network tracking
 * parameters, then navigate to the payment host with client_key. A flag cookie lasts 3 minutes."
 * The browser names the tariff; its url comes from the API's tariff list, so the web server fetches nothing but
 * the API's own paths. The tariff flow needs an email or a phone (platform §4 Tariff flow), checked here too.
 * The answer is the payment host's address with client_key; the browser goes there. The redirect itself is
 * lib/payment-redirect.server.ts, shared with the landings and the offer popups.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, auth } = context.get(visitorContext);
  if (!auth || (!auth.email && !auth.phone)) return data<PaymentLinkAnswer>({ error: 'auth' }, { status: 401 });
  const { data: form } = await parseForm(request, PaymentLinkForm);
  const tariffId = form?.tariff_id ?? '';
  // The special tariffs of /tariffs?channel=pb_special are only in that channel's list.
  const channel = form?.channel === SPECIAL_TARIFF_CHANNEL ? SPECIAL_TARIFF_CHANNEL : undefined;
  let tariffs;
  try {
    tariffs = channel ? await api.tariffsFor({ channel }) : await api.tariffs();
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    return data<PaymentLinkAnswer>({ error: 'payment-link' }, { status: 502 });
  }
  const tariff = tariffs.find((t) => t._id === tariffId);
  if (!tariff) return data<PaymentLinkAnswer>({ error: 'unknown-tariff' }, { status: 400 });
  const result = await paymentRedirect(api, {
    tariffUrl: tariff.url,
    cookies: request.headers.get('cookie'),
    utm: Object.fromEntries(UTM_PARAMS.map((name) => [name, form?.[name] ?? null])),
    back: form?.back_url ?? null,
  });
  if ('error' in result) return data<PaymentLinkAnswer>({ error: 'payment-link' }, { status: 502 });
  return data<PaymentLinkAnswer>({ url: result.url }, { headers: { 'Set-Cookie': result.cookie } });
}
