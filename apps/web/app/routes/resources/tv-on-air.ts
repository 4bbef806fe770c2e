import type { TvOnAir } from '@ekran/contracts';
import { data } from 'react-router';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/tv-on-air';

/**
 * What is on now and next on every channel the visitor may see, in its tz, for the channel cards of /tv and
 * /tvchannels to move on when a programme ends (components/tv/on-air.tsx useOnAirChannels). A failure answers null.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, tz } = context.get(visitorContext);
  try {
    return data<TvOnAir | null>(await api.tvOnAir({ tz }), { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    if (err instanceof ApiCallError) return data<TvOnAir | null>(null, { status: err.status >= 500 ? 502 : err.status });
    throw err;
  }
}
