// /auth/{provider}/signup (spec platform §2 /auth/yandex/signup): what the provider told us about a new
// identity, and the viewer's consent to create the account with it. Confirming registers this browser's
// virtual user in place (spec platform §4 Session); an apple or google sign-up without a phone in RU goes
// on to /auth with the social-registration marker.
import { formatPhone, isSocialProvider, needsSocialRegistrationPhone } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { data, Form, Link, useNavigation } from 'react-router';
import { z } from 'zod';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { SocialIcon } from '../../components/auth/social-buttons.tsx';
import { parseFormData } from '../../lib/form.server.ts';
import { sessionCookie, visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/social-signup';
import { authMeta } from './auth-meta.ts';
import { refusalStatus } from './auth.server.ts';
import { authWithBack, clearedFlowCookie, flowCookieOf, socialError, socialRegistrationCookie, type SocialErrorKey } from './social.server.ts';
import { safePath, safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';
import { SignupConsentNote } from '../../components/legal/consent-note.tsx';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { provider } = params;
  if (!isSocialProvider(provider)) throw notFound();
  try {
    const pending = await context.get(visitorContext).api.socialPending(flowCookieOf(request));
    if (pending.provider !== provider) throw safeRedirect(`/auth/${pending.provider}/signup`);
    return { provider, pending };
  } catch (err) {
    if (err instanceof Response) throw err;
    const failure = socialError(err);
    return data({ provider, pending: null, ...failure }, { status: failure.status });
  }
}

const CancelForm = z.object({ intent: z.literal('cancel') });
/** Any other post signs up, and only with the consent box ticked (a ticked checkbox posts "on"). */
const SignupForm = z.object({ consent: z.literal('on') });

export async function action({ request, params, context }: Route.ActionArgs) {
  const { provider } = params;
  if (!isSocialProvider(provider)) throw notFound();
  const form = await request.formData();
  const { api } = context.get(visitorContext);
  const flow = flowCookieOf(request);
  if (parseFormData(form, CancelForm).success) {
    try {
      await api.socialCancel(flow);
    } catch (err) {
      socialError(err); // an expired or finished flow is already gone
    }
    return safeRedirect('/auth', { headers: { 'Set-Cookie': clearedFlowCookie() } });
  }
  if (!parseFormData(form, SignupForm).success) return data({ errors: { consent: true, form: null as SocialErrorKey | null } }, { status: refusalStatus(400) });
  let result;
  try {
    result = await api.socialSignup(flow);
  } catch (err) {
    const failure = socialError(err);
    return data({ errors: { consent: false, form: failure.error } }, { status: refusalStatus(failure.status) });
  }
  const headers = new Headers({ 'Set-Cookie': clearedFlowCookie() });
  headers.append('Set-Cookie', sessionCookie(result.auth.authentication_token));
  const back = safePath(result.back);
  // spec platform §4: "Social sign-up (apple or google id without phone, RU) sets a social-registration
  // marker and goes to /auth."
  if (result.result === 'registered' && needsSocialRegistrationPhone(result.auth)) {
    headers.append('Set-Cookie', socialRegistrationCookie(result.provider));
    return safeRedirect(authWithBack(back), { headers });
  }
  return safeRedirect(back, { headers });
}

export const meta = authMeta;

export default function SocialSignup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const name = t(`social.names.${loaderData.provider}`);
  if (!loaderData.pending) {
    return (
      <AuthCard title={t('social.signupTitle', { provider: name })} lead={t('social.failedLead')}>
        <div className="form-error" role="alert" data-testid="social-error">
          <p>{t(`social.errors.${'error' in loaderData ? loaderData.error : 'generic'}`, { provider: name })}</p>
        </div>
        <div className="auth__form social-result__actions">
          <Link className="btn btn--primary btn--lg" to="/auth">
            {t('social.tryAgain')}
          </Link>
        </div>
      </AuthCard>
    );
  }
  const { pending } = loaderData;
  const errors = actionData?.errors;
  const initials = (pending.name ?? pending.email ?? '?').split(/\s+/).map((w: string) => w[0]).join('').slice(0, 2).toUpperCase();
  return (
    <AuthCard title={t('social.signupTitle', { provider: name })} lead={t('social.signupLead', { provider: name })}>
      <div className="social-profile" data-testid="social-profile">
        <span className="social-profile__avatar" aria-hidden="true">
          {initials}
          <span className={`social-profile__badge social-profile__badge--${pending.provider}`}>
            <SocialIcon provider={pending.provider} />
          </span>
        </span>
        <dl className="social-profile__data">
          <dt>{t('social.name')}</dt>
          <dd>{pending.name ?? t('social.notGiven')}</dd>
          <dt>{t('auth.email')}</dt>
          <dd>
            {pending.email ?? t('social.notGiven')}
            {pending.email ? (
              <span className={`social-profile__tag${pending.email_verified ? ' social-profile__tag--ok' : ''}`}>
                {pending.email_verified ? t('social.verified') : t('social.unverified')}
              </span>
            ) : null}
          </dd>
          {pending.phone ? (
            <>
              <dt>{t('social.phone')}</dt>
              <dd>{formatPhone(pending.phone)}</dd>
            </>
          ) : null}
        </dl>
      </div>
      {pending.email && !pending.email_verified ? <p className="social-note">{t('social.unverifiedNote', { provider: name })}</p> : null}
      <p className="social-note">{t('social.keepsData')}</p>
      <Form method="post" className="auth__form" noValidate>
        {errors?.form ? (
          <div className="form-error" role="alert">
            <p>{t(`social.errors.${errors.form}`, { provider: name })}</p>
          </div>
        ) : null}
        <label className={`social-consent${errors?.consent ? ' social-consent--error' : ''}`}>
          <input type="checkbox" name="consent" required aria-invalid={errors?.consent ? true : undefined} aria-describedby={errors?.consent ? 'consent-error' : undefined} data-testid="social-consent" />
          <span>
            {t('social.consent')} <Link to="/legal/persondata">{t('social.consentLink')}</Link>
          </span>
        </label>
        {errors?.consent ? (
          <p className="field__error" id="consent-error" role="alert">
            {t('social.consentRequired')}
          </p>
        ) : null}
        <button type="submit" name="intent" value="signup" className="btn btn--primary btn--lg" disabled={busy} data-testid="social-signup-submit">
          {t('social.create')}
        </button>
        <button type="submit" name="intent" value="cancel" className="btn btn--ghost btn--lg" disabled={busy} formNoValidate>
          {t('social.cancel')}
        </button>
        <SignupConsentNote />
      </Form>
      <p className="auth__switch">
        <Link to="/auth">{t('auth.toSignIn')}</Link>
      </p>
    </AuthCard>
  );
}
