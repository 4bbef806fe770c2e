import { z } from 'zod';
import { RatingAgeSchema } from './common.ts';

/** spec platform §3 Product playback response: what the player loads for a movie, episode or extra. */
export const ProductPlaybackSchema = z
  .object({
    _id: z.string(),
    uid: z.string(),
    cls: z.enum(['Movie', 'Episode', 'Trailer']),
    title: z.string(),
    alias: z.string(),
    playback_options: z.object({ url: z.string() }),
    trailer_src: z.string().nullable(),
    rating_age: RatingAgeSchema,
    is_preview: z.boolean(),
    additional_content: z.array(z.object({ uid: z.string(), video_src: z.string() })),
  })
  .meta({ id: 'ProductPlayback' });
export type ProductPlayback = z.infer<typeof ProductPlaybackSchema>;

/** spec platform §7 GET {playback_options url}: query device_id, auth_token. */
export const PlaybackCheckQuerySchema = z.object({
  device_id: z.string().min(8).max(128).optional(),
  auth_token: z.string().min(16).max(256).optional(),
});

export const PlaylistSchema = z.object({
  url: z.string(),
  type: z.literal('hls'),
  expires_at: z.string(),
  duration_seconds: z.number(),
});

export const UpgradeOptionSchema = z.object({
  tariff_id: z.string(),
  title: z.string(),
  price: z.number(),
  currency: z.string().length(3),
  duration_days: z.number().int(),
  allow_trial: z.boolean(),
  trial_days: z.number().int(),
});
export type UpgradeOption = z.infer<typeof UpgradeOptionSchema>;

/**
 * spec platform §3 Playback-check response. Empty playlists mean "not entitled": the client then follows
 * the gating order of platform §4 using upgrade_options and the user's state.
 */
export const PlaybackCheckSchema = z
  .object({
    playlists: z.array(PlaylistSchema),
    upgrade_options: z.array(UpgradeOptionSchema),
    reason: z.enum(['ok', 'subscription_required']),
  })
  .meta({ id: 'PlaybackCheck' });
export type PlaybackCheck = z.infer<typeof PlaybackCheckSchema>;
