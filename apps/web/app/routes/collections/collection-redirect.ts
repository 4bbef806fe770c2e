import { isAlias } from '@ekran/core';
import type { Route } from './+types/collection-redirect';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';


/**
 * /collection/{alias}, the banner "open" target of a collection: one list, one address, so it redirects (301) to
 * the canonical /collections/{alias} (decision 010). /collection alone keeps its error screen (platform §2).
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!isAlias(params.alias)) throw notFound();
  throw safeRedirect(`/collections/${params.alias}`, 301);
}
