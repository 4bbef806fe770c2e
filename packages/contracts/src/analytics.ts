import { z } from 'zod';

/** Most events one batch may carry (the browser client flushes every second or when the page hides). */
export const ANALYTICS_BATCH_MAX = 50;

const short = (max: number) => z.string().max(max);

/**
 * One analytics event as the browser sends it (spec platform §3 Analytics event; §7 click events carry
 * action_id, block_type, element_type, and element id and text; breadcrumb clicks the product id). The
 * account, profile and session come from the caller's session, never from the body.
 */
export const AnalyticsEventSchema = z.object({
  action_id: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'action_id is 1-64 latin letters, digits and _.:-'),
  /** When it happened on the client, in epoch seconds. */
  event_time: z.number().int().min(1_000_000_000).max(4_102_444_800),
  sequence_number: z.number().int().min(0).max(2_147_483_647),
  block_type: short(64).optional(),
  element_type: short(64).optional(),
  element_id: short(256).optional(),
  element_text: short(500).optional(),
  product_id: short(128).optional(),
  ab_tag: short(128).optional(),
  action_result: short(256).optional(),
  action_attributes_str: short(2000).optional(),
  event_version: short(16).optional(),
});
export type AnalyticsEventData = z.infer<typeof AnalyticsEventSchema>;

/** POST /api/v1/events: a batch of 1 to 50 events. */
export const AnalyticsBatchSchema = z.object({ events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX) }).meta({ id: 'AnalyticsBatch' });
export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;
