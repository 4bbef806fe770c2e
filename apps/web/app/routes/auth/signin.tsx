import { useTranslation } from 'react-i18next';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { AuthCard, Field, FormError } from '../../components/auth/auth-card.tsx';
import { sessionCookie, visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/signin';
import { backOf, credentialsOf, formFailure } from './auth.server.ts';
import { authMeta } from './auth-meta.ts';
import { DeviceLimitDialog } from '../../components/devices/device-limit-dialog.tsx';
import { withDeviceLimit } from './device-limit.server.ts';

export function loader({ request, params, context }: Route.LoaderArgs) {
  // /auth/{step?}: the steps of this issue are sign-in (none, signin) and sign-up.
  if (params.step === 'signup') throw redirect(`/signup${new URL(request.url).search}`);
  if (params.step && params.step !== 'signin') throw data(null, { status: 404 });
  const { auth } = context.get(visitorContext);
  if (auth && !auth.virtual) throw redirect(backOf(request));
  return { back: backOf(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { email, password } = credentialsOf(await request.formData());
  try {
    const auth = await context.get(visitorContext).api.emailLogin({ email, password });
    return redirect(backOf(request), { headers: { 'Set-Cookie': sessionCookie(auth.authentication_token) } });
  } catch (err) {
    return withDeviceLimit(err, { email }, formFailure);
  }
}

export const meta = authMeta;

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === 'submitting';
  const back = loaderData.back === '/' ? '' : `?back=${encodeURIComponent(loaderData.back)}`;
  return (
    <AuthCard title={t('auth.signInTitle')} lead={t('auth.signInLead')}>
      {actionData?.deviceLimit ? <DeviceLimitDialog key={actionData.deviceLimit.ticket} limit={actionData.deviceLimit} back={loaderData.back} /> : null}
      <Form method="post" className="auth__form" noValidate>
        <FormError error={actionData?.errors.form} title={t('auth.signInErrorTitle')} />
        <Field name="email" type="email" autoComplete="email" inputMode="email" required label={t('auth.email')} defaultValue={actionData?.email} error={actionData?.errors.email} />
        <Field name="password" type="password" autoComplete="current-password" required label={t('auth.password')} error={actionData?.errors.password} />
        <button type="submit" className="btn btn--primary btn--lg" disabled={busy} data-testid="signin-submit">
          {t('auth.signIn')}
        </button>
      </Form>
      <p className="auth__switch">
        <Link to="/password/recovery">{t('auth.forgot')}</Link>
      </p>
      <p className="auth__switch">
        <Link to={`/signup${back}`}>{t('auth.toSignUp')}</Link>
      </p>
    </AuthCard>
  );
}
