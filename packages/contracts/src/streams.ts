import { z } from 'zod';

// Simultaneous streams (kept apart from playback.ts so common.ts can use them without a cycle).

/** One of the account's live streams (for the over-the-limit message and «Остановить»). */
export const LiveStreamSchema = z.object({
  id: z.string(),
  device_name: z.string(),
  device_type: z.string(),
  title: z.string(),
  started_at: z.string(),
  last_seen_at: z.string(),
  is_current: z.boolean(),
});
export type LiveStream = z.infer<typeof LiveStreamSchema>;

/** GET /api/v1/streams, and the body of a 403 STREAM_LIMIT_EXCEEDED (as `stream_limit`). */
export const StreamLimitSchema = z.object({
  limit: z.number().int(),
  items: z.array(LiveStreamSchema),
});
export type StreamLimit = z.infer<typeof StreamLimitSchema>;
