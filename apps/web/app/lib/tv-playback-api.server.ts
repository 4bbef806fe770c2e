import { TvDayRecordingsSchema, TvNowNextSchema, TvPlaybackCheckSchema, TvPlaybackPath, TvRecordingSchema, type TvDayQuery } from '@ekran/contracts';
import type { ApiCall } from './api.server.ts';

/**
 * issue 7 tvstream: the calls of the channel watch page and the recording page. The checks name the visitor's
 * device as the title page's does (spec platform §7 playback url: device_id).
 */
export function tvPlaybackApi(call: ApiCall, deviceId: string | null | undefined) {
  const device = { device_id: deviceId ?? undefined };
  return {
    tvLiveCheck: (alias: string) => call(TvPlaybackCheckSchema, TvPlaybackPath.live(alias), { query: device }),
    tvNowNext: (alias: string) => call(TvNowNextSchema, TvPlaybackPath.nowNext(alias)),
    tvDayRecordings: (alias: string, query: TvDayQuery) => call(TvDayRecordingsSchema, TvPlaybackPath.dayRecordings(alias), { query }),
    tvRecording: (id: string) => call(TvRecordingSchema, TvPlaybackPath.recording(id)),
    tvRecordingCheck: (id: string) => call(TvPlaybackCheckSchema, TvPlaybackPath.recordingCheck(id), { query: device }),
  };
}
