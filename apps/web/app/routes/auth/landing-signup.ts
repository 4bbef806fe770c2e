import { safeRedirect } from '../../lib/safe-redirect.ts';
import type { Route } from './+types/landing-signup';

/**
 * /landingSignup (spec platform §2 Other): the old sign-up landing is the sign-in flow's first step now. The query goes
 * along (a campaign's traffic source `s`, the page to come back to); not permanent, as a campaign may get its landing
 * back.
 */
export function loader({ request }: Route.LoaderArgs) {
  throw safeRedirect(`/auth${new URL(request.url).search}`, 302);
}
