import { data } from 'react-router';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/playback';

/**
 * The playback check of one item for the player (trailers, episodes), with the visitor's session. A refusal
 * (a kids profile, an unregistered device: spec platform §8) comes back as `error` for the page to act on.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(visitorContext);
  try {
    return await api.playbackCheck(params.uid);
  } catch (err) {
    if (err instanceof ApiCallError && err.status < 500) return data({ error: { code: err.body?.code ?? 'ERROR', message: err.body?.message ?? '' } }, { status: err.status });
    throw err;
  }
}
