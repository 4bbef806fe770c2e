import { playbackAnswer } from '../../lib/gating.server.ts';
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
  return playbackAnswer(auth, () => api.playbackCheck(params.uid));
}
