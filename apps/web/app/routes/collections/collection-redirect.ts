import { data } from 'react-router';
import type { Route } from './+types/collection-redirect';
import { safeRedirect } from '../../lib/safe-redirect.ts';

const ALIAS = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * /collection/{alias}, the banner "open" target of a collection: one list, one address, so it redirects (301) to
 * the canonical /collections/{alias} (decision 010). /collection alone keeps its error screen (platform §2).
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!ALIAS.test(params.alias)) throw data(null, { status: 404 });
  throw safeRedirect(`/collections/${params.alias}`, 301);
}
