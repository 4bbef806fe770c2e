// /token/{provider} (spec platform §2 /token/yandex): where the provider sends the browser back. The API
// checks the flow and exchanges the code; this page signs in, goes back, or on to the sign-up consent.
import { isSocialProvider } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { data, Link } from 'react-router';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { DeviceLimitDialog } from '../../components/devices/device-limit-dialog.tsx';
import { sessionCookie, visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/social-callback';
import { authMeta } from './auth-meta.ts';
import { deviceLimitOf } from './device-limit.server.ts';
import { callbackParams, clearedFlowCookie, flowCookieOf, socialError } from './social.server.ts';
import { safePath, safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { provider } = params;
  if (!isSocialProvider(provider)) throw notFound();
  const { api } = context.get(visitorContext);
  let result;
  try {
    result = await api.socialCallback(provider, callbackParams(new URL(request.url).searchParams), flowCookieOf(request));
  } catch (err) {
    const failure = socialError(err);
    // spec platform §8: over the device limit the popup lets the viewer disconnect one and finish signing in.
    return data({ provider, ...failure, deviceLimit: deviceLimitOf(err) }, { status: failure.status, headers: { 'Set-Cookie': clearedFlowCookie() } });
  }
  if (result.result === 'signup') throw safeRedirect(`/auth/${provider}/signup`);
  const headers = new Headers({ 'Set-Cookie': clearedFlowCookie() });
  if (result.result === 'signed_in') {
    headers.append('Set-Cookie', sessionCookie(result.auth.authentication_token));
    throw safeRedirect(safePath(result.back), { headers });
  }
  // Linked from the account page: back there, saying which one.
  const back = safePath(result.back);
  throw safeRedirect(`${back}${back.includes('?') ? '&' : '?'}linked=${provider}`, { headers });
}

/**
 * Apple answers with a cross-site POST (response_mode=form_post), which carries no SameSite=Lax cookie;
 * the answer goes on to the GET above, a top-level navigation that does carry the flow cookie.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (!isSocialProvider(params.provider)) throw notFound();
  const query = new URLSearchParams(Object.entries<string>(callbackParams(await request.formData())));
  throw safeRedirect(`/token/${params.provider}?${query}`, 303);
}

export const meta = authMeta;

export default function SocialCallback({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const name = t(`social.names.${loaderData.provider}`);
  return (
    <AuthCard title={t('social.failedTitle', { provider: name })} lead={t('social.failedLead')}>
      {loaderData.deviceLimit ? <DeviceLimitDialog key={loaderData.deviceLimit.ticket} limit={loaderData.deviceLimit} back="/" /> : null}
      <div className="form-error" role="alert" data-testid="social-error" data-code={loaderData.code ?? undefined}>
        <p>{t(`social.errors.${loaderData.error}`, { provider: name })}</p>
      </div>
      <div className="auth__form social-result__actions">
        <Link className="btn btn--primary btn--lg" to="/auth">
          {t('social.tryAgain')}
        </Link>
        <Link className="btn btn--ghost btn--lg" to="/">
          {t('social.toHome')}
        </Link>
      </div>
    </AuthCard>
  );
}
