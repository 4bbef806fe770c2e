import type { AuthData, PromoActivation, PromoMeta } from '@ekran/contracts';
import { data } from 'react-router';
import { z } from 'zod';
import { promoErrorView, type PromoErrorView } from '../../components/promo/promo-errors.ts';
import { ApiCallError, type Api } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';

// What /code, /premium_code and /pages/gift share — the check → activate form and its answers.

/** What the code form's action answers: the code's meta after a check, or the dialog of an error. */
export type CodeFormAnswer = { meta: PromoMeta; error?: undefined } | { error: PromoErrorView & { code: string | null }; meta?: undefined };

/** Virtual visitors are sent to /auth with the way back (platform §2 /auth, the return URL). */
export function requireRegistered(auth: AuthData | null, back: string): void {
  if (!auth || auth.virtual) throw safeRedirect(`/auth?back=${encodeURIComponent(back)}`);
}

/**
 * The dialog of a failed call: the API's error code mapped to catalogue §8. An unknown or used code is the
 * form's answer (200, the error in the data): a form posted by script that is answered 4xx shows in the
 * browser's console as a failed resource (decision 037). Failures of ours stay 502.
 */
export function errorAnswer(err: unknown) {
  if (!(err instanceof ApiCallError)) throw err;
  const code = err.body?.code ?? null;
  // A 400 of the request's shape (an empty field) is an input mistake: «Проверьте правильность ввода…».
  const view = code === 'BAD_REQUEST' ? promoErrorView('PROMO_INVALID_FORMAT') : promoErrorView(code);
  return data<CodeFormAnswer>({ error: { ...view, code } }, { status: err.status >= 400 && err.status < 500 ? 200 : 502 });
}

/** The page after activation: what was granted and until when, or the discount tariff to buy. */
export function successPath(result: PromoActivation): string {
  const q = new URLSearchParams({ campaign: result.campaign.title });
  if (result.subscription) {
    q.set('tariff', result.subscription.tariff_title);
    q.set('until', result.subscription.expires_at);
    if (result.subscription.extended) q.set('extended', '1');
  } else if (result.discount_tariff) {
    q.set('tariff', result.discount_tariff.title);
    q.set('discount', result.discount_tariff._id);
    q.set('price', String(result.discount_tariff.price));
    q.set('currency', result.discount_tariff.currency);
  }
  return `/code/success?${q.toString()}`;
}

/** The code (trimmed, not empty) and what to do with it: anything but activate only checks. */
const CodeForm = z.object({ code: z.string().trim().min(1), intent: z.enum(['check', 'activate']).catch('check') });

/**
 * The code form's action: intent check asks what the code gives, intent activate activates it (registered
 * viewers only) and goes to /code/success; the auth data is refreshed first, so the shell and the next playback
 * check see the new subscription.
 */
export async function codeFormAction(request: Request, api: Api, auth: AuthData | null, opts: { premium: boolean; back: string }) {
  requireRegistered(auth, opts.back);
  const parsed = await parseForm(request, CodeForm);
  if (!parsed.success) return data<CodeFormAnswer>({ error: { ...promoErrorView('PROMO_INVALID_FORMAT'), code: 'PROMO_INVALID_FORMAT' } }, { status: 200 });
  const { code, intent } = parsed.data;
  try {
    if (intent === 'check') return data<CodeFormAnswer>({ meta: await api.promoCheck({ code, premium: opts.premium }) });
    const result = await api.promoActivate({ code, premium: opts.premium });
    await api.refresh().catch(() => undefined);
    return safeRedirect(successPath(result));
  } catch (err) {
    return errorAnswer(err);
  }
}
