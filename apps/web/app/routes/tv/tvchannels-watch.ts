import { isTvAlias } from './tv-pages.server.ts';
import type { Route } from './+types/tvchannels-watch';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { notFound } from '../../lib/not-found.ts';

/**
 * /tvchannels/watch/{alias}, where a banner's channel action leads (spec platform §4 Banner click), is the
 * channel page /channel/{alias} (decision 030): a permanent redirect, so links and bookmarks keep working.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!isTvAlias(params.alias)) throw notFound();
  throw safeRedirect(`/channel/${params.alias}`, 301);
}
