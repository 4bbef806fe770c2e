import { data } from 'react-router';
import { z } from 'zod';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { bankOf } from '../../lib/banks.ts';
import type { BillingActionResult, PaymentMethodView } from '../../lib/billing-actions.ts';
import { env } from '../../lib/env.server.ts';
import { parseFormData } from '../../lib/form.server.ts';
import { offSiteRedirect } from '../../lib/safe-redirect.ts';

// /account/subscriptions, the subscriptions with their renewal and the payment methods.

export type { BillingActionResult, PaymentMethodView } from '../../lib/billing-actions.ts';

/** The section's data: the subscriptions, and the payment methods (null when their call failed: the rest still shows). */
export async function loadSubscriptions(api: Api) {
  const [subs, methods] = await Promise.all([
    api.subscriptions(),
    api.paymentMethods().then(
      (r) => r.data.items.filter((m) => m.state === 'active').map((m): PaymentMethodView => ({ ...m, bank: bankOf(m) })),
      (err: unknown) => {
        if (err instanceof ApiCallError) return null;
        throw err;
      },
    ),
  ]);
  return { subscriptions: subs.data.subscriptions, methods, now: Date.now() };
}

const RenewalForm = z.object({ subscription_id: z.uuid(), enabled: z.enum(['true', 'false']) });
const CardForm = z.object({ payment_method_id: z.string().min(1).max(64).regex(/^[\w-]+$/) });

const refusal = (err: unknown) => {
  if (!(err instanceof ApiCallError) || err.status >= 500) throw err;
  return err.status;
};

/** spec platform §4 Disable recurring subscription (and turning it back on): POST recurrent. */
export async function setRenewal(api: Api, form: FormData) {
  const parsed = parseFormData(form, RenewalForm);
  if (!parsed.success) return data<BillingActionResult>({ intent: 'renewal', ok: false, subscription_id: null }, { status: 400 });
  const enabled = parsed.data.enabled === 'true';
  try {
    await api.setRecurrent(parsed.data.subscription_id, enabled);
    return data<BillingActionResult>({ intent: 'renewal', ok: true, enabled, subscription_id: parsed.data.subscription_id });
  } catch (err) {
    return data<BillingActionResult>({ intent: 'renewal', ok: false, subscription_id: parsed.data.subscription_id }, { status: refusal(err) });
  }
}

/** «Удалить карту»: only where the API says can_cancel (it checks again). */
export async function removeCard(api: Api, form: FormData) {
  const parsed = parseFormData(form, CardForm);
  if (!parsed.success) return data<BillingActionResult>({ intent: 'remove-card', ok: false }, { status: 400 });
  try {
    await api.removePaymentMethod(parsed.data.payment_method_id);
    return data<BillingActionResult>({ intent: 'remove-card', ok: true });
  } catch (err) {
    return data<BillingActionResult>({ intent: 'remove-card', ok: false }, { status: refusal(err) });
  }
}

/** «Сменить карту»: GET bind_card → the payment host, which sends the browser back to the result page. */
export async function changeCard(api: Api) {
  let url: URL;
  try {
    url = new URL((await api.bindCard({ return_to: 'web', back_url: '/account/subscriptions' })).url);
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    return data<BillingActionResult>({ intent: 'change-card', ok: false }, { status: 502 });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return data<BillingActionResult>({ intent: 'change-card', ok: false }, { status: 502 });
  url.searchParams.set('client_key', env.WEB_API_KEY);
  return offSiteRedirect(url);
}
