import { z } from 'zod';
import { RatingAgeSchema } from './common.ts';
export { LiveStreamSchema, StreamLimitSchema, type LiveStream, type StreamLimit } from './streams.ts';

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

// ---------------------------------------------------------------- Shared shapes

/**
 * A stream session: one per account and device. The playback check signs media URLs for it;
 * it counts against the tariff's simultaneous streams from its first heartbeat until heartbeats stop.
 */
export const StreamInfoSchema = z.object({
  id: z.string(),
  /** POST HeartbeatRequest here every heartbeat_interval_seconds; the first one starts the stream. */
  heartbeat_url: z.string(),
  /** DELETE here when the viewer closes the player (or with a beacon on page hide). */
  stop_url: z.string(),
  heartbeat_interval_seconds: z.number().int(),
});
export type StreamInfo = z.infer<typeof StreamInfoSchema>;

/** Where the intro and the end credits are, in seconds of the media (null: not marked). */
export const MediaMarkersSchema = z.object({
  intro_start: z.number().nullable(),
  intro_end: z.number().nullable(),
  credits_start: z.number().nullable(),
});
export type MediaMarkers = z.infer<typeof MediaMarkersSchema>;

/** A preroll or postroll the player shows around the item (our own promos). */
export const PlayerSlotSchema = z.object({
  uid: z.string(),
  position: z.enum(['preroll', 'postroll']),
  title: z.string(),
  /** Signed master playlist of the slot's media. */
  url: z.string(),
  duration_seconds: z.number(),
  /** Seconds after which «Пропустить» shows; null: not skippable. */
  skip_after_seconds: z.number().int().nullable(),
  /** Where a click on the slot leads (a title page), if anywhere. */
  link: z.string().nullable(),
});
export type PlayerSlot = z.infer<typeof PlayerSlotSchema>;

/** The episode after this one, for «Следующая серия» with a countdown. */
export const NextItemSchema = z.object({
  uid: z.string(),
  title: z.string(),
  season: z.number().int(),
  episode: z.number().int(),
});
export type NextItem = z.infer<typeof NextItemSchema>;

/** POST {stream.heartbeat_url}. */
export const HeartbeatRequestSchema = z
  .object({
    uid: z.uuid(),
    position: z.number().min(0).max(86_400).optional(),
    playing: z.boolean().default(true),
  })
  .meta({ id: 'HeartbeatRequest' });
export type HeartbeatRequest = z.infer<typeof HeartbeatRequestSchema>;

/**
 * The answer to a heartbeat: a freshly signed master URL of the same media (tokens are short-lived; the
 * player swaps the token part of its request URLs, see media_prefix) and when it expires.
 */
export const HeartbeatResponseSchema = z
  .object({
    url: z.string(),
    /** The signed path prefix every URL of this media starts with: /api/media/s/{exp}/{sid}/{sig}/{slug}/ */
    media_prefix: z.string(),
    /**
     * Fresh prefixes of the other media the stream plays from (a TV recording's segments come
     * from every asset of the channel's loop); the player swaps each into its requests like media_prefix.
     */
    media_prefixes: z.array(z.string()).default([]),
    expires_at: z.string(),
    heartbeat_interval_seconds: z.number().int(),
  })
  .meta({ id: 'HeartbeatResponse' });
export type HeartbeatResponse = z.infer<typeof HeartbeatResponseSchema>;



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
  /** Scrub-bar thumbnails, a WebVTT file whose cues point into sprite images (#xywh). */
  thumbnails_url: z.string().nullable().default(null),
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
    // insufficient_balance: an operator customer whose operator suspended the subscription for
    // lack of money (platform §8 «Пополните баланс и возвращайтесь»); no upgrade options then.
    reason: z.enum(['ok', 'subscription_required', 'insufficient_balance']),
    // ---- What the player needs besides the stream (all empty when not entitled)
    stream: StreamInfoSchema.nullable().default(null),
    markers: MediaMarkersSchema.nullable().default(null),
    prerolls: z.array(PlayerSlotSchema).default([]),
    postrolls: z.array(PlayerSlotSchema).default([]),
    next: NextItemSchema.nullable().default(null),
  })
  .meta({ id: 'PlaybackCheck' });
export type PlaybackCheck = z.infer<typeof PlaybackCheckSchema>;

