import { z } from 'zod';
import { ApiPath } from './api-paths.ts';
import { PlaybackCheckSchema } from './playback.ts';

// Playing live TV and recordings (spec platform §2 TV and Archive, §4 Playback gating, §6 geo,
// §8). The channel lists, the guide and the archive listing are packages/contracts/src/tv.ts and archive.ts
//; these are the few shapes the watch pages and the player need, kept small on purpose.

/** A channel as the player's page shows it. */
export const TvChannelBriefSchema = z.object({
  id: z.string(),
  alias: z.string(),
  title: z.string(),
  /** A path under the site's static files (/tv-logos/{alias}.svg) or an image URL. */
  logo: z.string(),
  is_free: z.boolean(),
  for_kids: z.boolean(),
  rating_age: z.string(),
});
export type TvChannelBrief = z.infer<typeof TvChannelBriefSchema>;

/** A recording's programme, with both ISO times (UTC) and the spec's epoch seconds. */
export const TvProgrammeBriefSchema = z.object({
  id: z.string(),
  title: z.string(),
  sub_title: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  start_ts: z.number().int(),
  end_ts: z.number().int(),
  rating_age: z.string().nullable(),
  poster: z.string().nullable(),
  /** The catalogue title it airs (a film or series page), if any. */
  title_alias: z.string().nullable(),
  /** Until when its recording is offered; null: never recorded. */
  expired_at: z.string().nullable(),
});
export type TvProgrammeBrief = z.infer<typeof TvProgrammeBriefSchema>;

/** A recording: an aired programme offered as VOD until expired_at. */
export const TvRecordingSchema = z
  .object({
    id: z.string(),
    channel: TvChannelBriefSchema,
    programme: TvProgrammeBriefSchema,
    expired_at: z.string(),
    /** The length of the recording as it plays (whole segments around the programme's start and end). */
    duration_seconds: z.number(),
  })
  .meta({ id: 'TvRecording' });
export type TvRecording = z.infer<typeof TvRecordingSchema>;

/**
 * The playback check of a live channel or a recording: the VOD check's fields (so the client's gating rules of
 * platform §4 read it unchanged: empty playlists and upgrade_options when not entitled), plus what the page shows.
 * A live playlist's duration_seconds is 0.
 */
export const TvPlaybackCheckSchema = PlaybackCheckSchema.extend({
  tv: z.object({
    kind: z.enum(['live', 'recording']),
    channel: TvChannelBriefSchema,
    /** A recording's offer; null when live (what is on air is GET /api/v1/tv/channels/{channel}'s). */
    recording: TvRecordingSchema.nullable(),
    server_time: z.string(),
  }),
}).meta({ id: 'TvPlaybackCheck' });
export type TvPlaybackCheck = z.infer<typeof TvPlaybackCheckSchema>;

/** The API paths of TV playback, from the one route table (api-paths.ts). */
export const TvPlaybackPath = {
  live: ApiPath.tvPlaybackLive,
  recording: ApiPath.tvPlaybackRecording,
  recordingCheck: ApiPath.tvPlaybackRecordingCheck,
  /** Where the signed live and recording playlists are served: {base}/s/{exp}/{sid}/{sig}/{key}/… */
  playlists: ApiPath.tvMedia,
} as const;
