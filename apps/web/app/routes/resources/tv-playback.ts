import { ErrorCode, type PlaybackCheck } from '@ekran/contracts';
import { isAlias, isUuid } from '@ekran/core';
import { data } from 'react-router';
import type { PlaybackAnswer } from '../../lib/playback-types.ts';
import { NO_STORE, playbackAnswer, playbackViewerOf } from '../../lib/gating.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import type { Route } from './+types/tv-playback';

/**
 * The playback check of a live channel (/resources/tv-playback/live/{alias}) or a recording
 * (/resources/tv-playback/recording/{id}) for the page's play logic, answered as resources/playback.ts answers a
 * title's (PlaybackAnswer), so the gating of platform §4 and §8 runs on it unchanged; geo_error comes back with
 * its code like any refusal.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, auth } = context.get(visitorContext);
  const viewer = auth ? playbackViewerOf(auth) : null;
  let ask: () => Promise<PlaybackCheck>;
  if (params.kind === 'live' && isAlias(params.id)) ask = () => api.tvLiveCheck(params.id);
  else if (params.kind === 'recording' && isUuid(params.id)) ask = () => api.tvRecordingCheck(params.id.toLowerCase());
  else return data<PlaybackAnswer>({ error: { status: 404, code: ErrorCode.NotFound, message: 'No such stream' }, viewer }, { status: 404, headers: NO_STORE });
  return playbackAnswer(auth, ask);
}
