import type { CouponMeta } from '@ekran/contracts';
import { useTranslation } from '../../lib/use-translation.ts';
import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { Breadcrumbs } from '../../components/shell/breadcrumbs.tsx';
import { PromoErrorAlert } from '../../components/promo/promo-error-alert.tsx';
import { promoErrorView, type PromoErrorView } from '../../components/promo/promo-errors.ts';
import { ApiCallError } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import { tFor } from '../../lib/i18n.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/coupon';
import { successPath } from './promo.server.ts';
import './promo.css';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';
import { SignupConsentNote } from '../../components/legal/consent-note.tsx';

const ALIAS = /^[\w-]{1,64}$/;

export type CouponAnswer = { error: PromoErrorView & { code: string | null }; email: string };

/**
 * spec platform §2 /coupon/registration/{promo}: a new visitor registers by email and password and gets the
 * coupon's grant in one step. A registered viewer is told «Вы уже зарегистрированы» and pointed to /code.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  if (!ALIAS.test(params.promo)) throw notFound();
  let coupon: CouponMeta | null = null;
  let error: (PromoErrorView & { code: string | null }) | null = null;
  try {
    coupon = await api.coupon(params.promo);
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    if (err.status === 404) throw notFound();
    error = { ...promoErrorView(err.body?.code), code: err.body?.code ?? null };
  }
  return { coupon, error, registered: !!auth && !auth.virtual };
}

/** The address (trimmed) and the password (as typed); the API checks both, an empty one included. */
const CouponForm = z.object({ email: z.string().trim().default(''), password: z.string().default('') });

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api, auth } = context.get(visitorContext);
  const parsed = await parseForm(request, CouponForm);
  // Answered as the API's refusal of an empty address is.
  if (!parsed.success) return data<CouponAnswer>({ error: { ...promoErrorView('PROMO_EMAIL_FORMAT'), code: 'PROMO_EMAIL_FORMAT' }, email: '' }, { status: 200 });
  const { email, password } = parsed.data;
  const fail = (code: string | null, status: number) => data<CouponAnswer>({ error: { ...promoErrorView(code), code }, email }, { status });
  // Refusals are the form's answers (200, as promo.server.ts errorAnswer says why).
  if (auth && !auth.virtual) return fail('ALREADY_REGISTERED', 200);
  if (!ALIAS.test(params.promo)) return fail('PROMO_NOT_FOUND', 200);
  try {
    const result = await api.couponRegister(params.promo, { email, password });
    return safeRedirect(successPath(result.activation));
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    // The shape of the request (an empty address, a short password): the address is what the page asks first.
    const code = err.body?.code === 'BAD_REQUEST' ? (err.body.details?.some((d) => d.path.endsWith('email')) || !email ? 'PROMO_EMAIL_FORMAT' : 'BAD_REQUEST') : (err.body?.code ?? null);
    return fail(code, err.status >= 400 && err.status < 500 ? 200 : 502);
  }
}

export function meta() {
  return [{ title: tFor('ru')('promo.coupon.metaTitle') }, { name: 'robots', content: 'noindex' }];
}

export default function CouponRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const { coupon, error, registered } = loaderData;
  return (
    <div className="page promo" data-testid="coupon-page">
      <Breadcrumbs items={[{ title: t('promo.coupon.title') }]} />
      <h1 className="promo__title">{coupon?.title ?? t('promo.coupon.title')}</h1>
      {coupon && coupon.gives.kind === 'days' ? (
        <p className="promo__gives">{t('promo.coupon.gives', { period: t('card.days', { count: coupon.gives.days }), tariff: coupon.gives.tariff_title })}</p>
      ) : null}
      {error ? <PromoErrorAlert error={error} /> : null}
      {registered ? (
        <>
          <p className="promo__lead">{t('promo.coupon.signedIn')}</p>
          <Link to="/code" className="btn btn--primary">
            {t('promo.coupon.toCode')}
          </Link>
        </>
      ) : coupon ? (
        <Form method="post" className="promo__register">
          <label className="field">
            <span className="field__label">{t('promo.coupon.email')}</span>
            <input className="field__input" type="email" name="email" required autoComplete="email" maxLength={254} defaultValue={actionData?.email ?? ''} />
          </label>
          <label className="field">
            <span className="field__label">{t('promo.coupon.password')}</span>
            <input className="field__input" type="password" name="password" required minLength={8} maxLength={128} autoComplete="new-password" aria-describedby="coupon-password-hint" />
            <span className="field__hint" id="coupon-password-hint">
              {t('promo.coupon.passwordHint')}
            </span>
          </label>
          {actionData?.error ? <PromoErrorAlert error={actionData.error} /> : null}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t('promo.coupon.submit')}
          </button>
          <SignupConsentNote />
        </Form>
      ) : null}
    </div>
  );
}
