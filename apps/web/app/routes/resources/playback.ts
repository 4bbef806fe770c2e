import { data } from 'react-router';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/playback';

/** The playback check of one item for the player (trailers, episodes), with the visitor's session. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = context.get(visitorContext);
  try {
    return await api.playbackCheck(params.uid);
  } catch (err) {
    if (err instanceof ApiCallError) throw data({ code: err.body?.code ?? 'ERROR', message: err.body?.message ?? '' }, { status: err.status });
    throw err;
  }
}
