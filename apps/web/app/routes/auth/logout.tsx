import { useTranslation } from '../../lib/use-translation.ts';
import { Form } from 'react-router';
import { AuthCard } from '../../components/auth/auth-card.tsx';
import { ApiCallError } from '../../lib/api.server.ts';
import { clearedSessionCookie, visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/logout';
import { authMeta } from './auth-meta.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';

export function loader({ context }: Route.LoaderArgs) {
  const { auth } = context.get(visitorContext);
  if (!auth || auth.virtual) throw safeRedirect('/');
  return null;
}

/** Sign-out: the session is revoked on the server and its cookie removed (a GET never signs out). */
export async function action({ context }: Route.ActionArgs) {
  try {
    await context.get(visitorContext).api.logout();
  } catch (err) {
    if (!(err instanceof ApiCallError) || err.status !== 401) throw err;
  }
  return safeRedirect('/', { headers: { 'Set-Cookie': clearedSessionCookie() } });
}

export const meta = authMeta;

export default function Logout() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.signOutTitle')} lead={t('auth.signOutLead')}>
      <Form method="post">
        <button type="submit" className="btn btn--primary btn--lg" data-testid="logout-submit">
          {t('auth.signOut')}
        </button>
      </Form>
    </AuthCard>
  );
}
