import { ErrorCode } from '@ekran/contracts';
import { data } from 'react-router';
import type { PlaybackAnswer } from '../../components/watch/playback-types.ts';
import { ApiCallError } from '../../lib/api.server.ts';
import { playbackViewerOf } from '../../lib/gating.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/playback';

/**
 * The playback check of one item (spec platform §7 GET {playback_options url}) for the page's play logic, with
 * the viewer gating reads. The session middleware refreshes the session (POST auth refresh) before this runs,
 * so asking again is the "session refresh" of platform §8. A refusal or failure comes back as `error` with its
 * status, code, message and what its popup needs (stream_limit, device_limit); nothing else of the API's body.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  const viewer = auth ? playbackViewerOf(auth) : null;
  try {
    return data<PlaybackAnswer>({ check: await api.playbackCheck(params.uid), viewer: playbackViewerOf(auth) }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    const error = {
      status: err.status,
      code: err.body?.code ?? (err.status >= 500 ? ErrorCode.Internal : 'ERROR'),
      message: err.body?.message ?? '',
      stream_limit: err.body?.stream_limit,
      device_limit: err.body?.device_limit,
    };
    return data<PlaybackAnswer>({ error, viewer }, { status: err.status, headers: { 'Cache-Control': 'no-store' } });
  }
}
