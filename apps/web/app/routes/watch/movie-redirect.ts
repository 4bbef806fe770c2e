import { UUID_SOURCE } from '@ekran/core';
import { orNotFound } from '../../lib/lists.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/movie-redirect';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';

// A title is named by its alias (lowercase Latin, digits, dashes) or its id (a uuid, in either case).
const PRODUCT = new RegExp(`^(?:[a-z0-9]+(?:-[a-z0-9]+)*|${UUID_SOURCE})$`, 'i');

/**
 * /movie/{product} (spec platform §2 Watching): {product} is a title's id or alias; it moves for good to the
 * title page /watch/{alias}, keeping the query (traffic source, mini-app flags). An unknown title is not found.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!PRODUCT.test(params.product)) throw notFound();
  const { api } = context.get(visitorContext);
  const title = await orNotFound(api.title(params.product.toLowerCase()));
  throw safeRedirect(`/watch/${title.alias}${new URL(request.url).search}`, 301);
}
