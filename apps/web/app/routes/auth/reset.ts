import type { Route } from './+types/reset';
import { flowPath, forgetLoginCookie } from './auth-flow.server.ts';
import { backOf } from './auth.server.ts';
import { safeRedirect } from '../../lib/safe-redirect.ts';

/** /auth/reset (spec platform §2): start sign-in over — forget the typed login and its step, keep the return URL. */
export async function loader({ request }: Route.LoaderArgs) {
  return safeRedirect(flowPath('/auth', backOf(request)), { headers: { 'Set-Cookie': await forgetLoginCookie() } });
}
