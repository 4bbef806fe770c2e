import { data } from 'react-router';
import { isTvAlias } from './tv-pages.server.ts';
import type { Route } from './+types/tvchannels-watch';
import { safeRedirect } from '../../lib/safe-redirect.ts';

/**
 * issue 7: /tvchannels/watch/{alias}, where a banner's channel action leads (spec platform §4 Banner click), is the
 * channel page /channel/{alias} (decision 030): a permanent redirect, so links and bookmarks keep working.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!isTvAlias(params.alias)) throw data(null, { status: 404 });
  throw safeRedirect(`/channel/${params.alias}`, 301);
}
