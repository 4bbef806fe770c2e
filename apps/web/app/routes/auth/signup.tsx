import { isEmail } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Form, Link, useNavigation } from 'react-router';
import { AuthCard, Field, FormError } from '../../components/auth/auth-card.tsx';
import { SuggestingField } from '../../components/auth/email-field.tsx';
import { SocialButtons } from '../../components/auth/social-buttons.tsx';
import { socialProvidersFor } from '../../components/auth/social-buttons.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/signup';
import { backOf, credentialsOf, formFailure } from './auth.server.ts';
import { authMeta } from './auth-meta.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { SignupConsentNote } from '../../components/legal/consent-note.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, api } = context.get(visitorContext);
  if (auth && !auth.virtual) throw safeRedirect(backOf(request));
  // The address typed on /auth comes along when the visitor chose to sign up with it.
  const email = (new URL(request.url).searchParams.get('email') ?? '').trim().toLowerCase();
  return { back: backOf(request), email: isEmail(email) ? email : '', social: await socialProvidersFor(api) };
}

/** Sign-up: this browser's virtual user becomes a registered one, then confirms the email. */
export async function action({ request, context }: Route.ActionArgs) {
  const { email, password } = credentialsOf(await request.formData());
  try {
    await context.get(visitorContext).api.emailRegister({ email, password });
    const back = backOf(request);
    return safeRedirect(`/signup/confirm${back === '/' ? '' : `?back=${encodeURIComponent(back)}`}`);
  } catch (err) {
    return formFailure(err, { email });
  }
}

export const meta = authMeta;

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const back = loaderData.back === '/' ? '' : `?back=${encodeURIComponent(loaderData.back)}`;
  const errors = actionData?.errors;
  return (
    <AuthCard title={t('auth.signUpTitle')} lead={t('auth.signUpLead')}>
      <Form method="post" className="auth__form" noValidate>
        {/* catalogue §8: registration errors carry the title «Ошибка регистрации» */}
        <FormError error={errors?.form} title={t('auth.errorTitle')} />
        <SuggestingField name="email" type="email" autoComplete="email" inputMode="email" required label={t('auth.email')} defaultValue={actionData?.email ?? loaderData.email} error={errors?.email} />
        <Field name="password" type="password" autoComplete="new-password" required minLength={8} label={t('auth.password')} hint={t('auth.passwordHint')} error={errors?.password} />
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid="signup-submit">
          {t('auth.signUp')}
        </button>
        <SignupConsentNote />
      </Form>
      <SocialButtons providers={loaderData.social} back={loaderData.back} />
      <p className="auth__switch">
        <Link to={`/auth${back}`}>{t('authFlow.toPhone')}</Link>
      </p>
      <p className="auth__switch">
        <Link to={`/auth${back}`}>{t('auth.toSignIn')}</Link>
      </p>
    </AuthCard>
  );
}
