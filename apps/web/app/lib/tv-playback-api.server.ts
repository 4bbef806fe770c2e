import { TvPlaybackCheckSchema, TvPlaybackPath, TvRecordingSchema } from '@ekran/contracts';
import type { ApiCall } from './api-call.server.ts';

/**
 * The playback calls of the channel watch page and the recording page (what is on air is the tv
 * module's, lib/tv-api.server.ts). The checks name the visitor's device as the title page's does (spec platform §7
 * playback url: device_id).
 */
export function tvPlaybackApi(call: ApiCall, deviceId: string | null | undefined) {
  const device = { device_id: deviceId ?? undefined };
  return {
    tvLiveCheck: (alias: string) => call(TvPlaybackCheckSchema, TvPlaybackPath.live(alias), { query: device }),
    tvRecording: (id: string) => call(TvRecordingSchema, TvPlaybackPath.recording(id)),
    tvRecordingCheck: (id: string) => call(TvPlaybackCheckSchema, TvPlaybackPath.recordingCheck(id), { query: device }),
  };
}
