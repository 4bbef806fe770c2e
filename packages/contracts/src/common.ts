import { z } from 'zod';
import { DeviceLimitSchema } from './devices.ts';
import { StreamLimitSchema } from './streams.ts';

/** The one error shape every API failure answers with. */
export const ErrorSchema = z
  .object({
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    // ---- profiles: a wrong parental PIN tells the tries left, a lock its end
    tries_left: z.number().int().optional(),
    locked_until: z.string().optional(),
    // ---- end profiles
    // A 403 DEVICE_COUNT_EXCEEDED names the devices and carries the sign-in's ticket.
    device_limit: DeviceLimitSchema.optional(),
    // A 403 STREAM_LIMIT_EXCEEDED lists the account's live streams.
    stream_limit: StreamLimitSchema.optional(),
    // Why PROMO_NEW_USERS_ONLY refused (an earlier subscription, or an account older than the campaign)
    promo_reason: z.enum(['had_subscription', 'registered_before']).optional(),
    // Geo_error names what is refused outside RU, e.g. tvchannels_{channel} (spec platform §6)
    attribute: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ApiError = z.infer<typeof ErrorSchema>;


/**
 * The longest alias, id or slug in a path: the API's router answers a longer path parameter with 404 before any
 * route runs (maxParamLength), so every alias schema stops here too.
 */
export const MAX_ALIAS_LENGTH = 100;
/** The furthest a paged list may skip: past it a request is a 400, never a query with an absurd offset. */
export const MAX_SKIP = 100_000;

/** Age ratings used by the catalogue (spec platform §9 age-rating map). */
export const RatingAgeSchema = z.enum(['0+', '6+', '8+', '13+', '16+', '17+', '18+']);

/** A boolean sent in a query string as true/false (also 1/0). */
export const QueryBooleanSchema = z
  .enum(['true', 'false', '1', '0', 'True', 'False'])
  .transform((v) => v === 'true' || v === '1' || v === 'True');

/** An image the API can resize: clients append w, q and type (spec platform §7). */
export const ImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Image = z.infer<typeof ImageSchema>;

/** Paged list envelope (spec platform §4 Lists: skip advances by page size, capped at items_total). */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), items_total: z.number().int(), skip: z.number().int(), limit: z.number().int() });

export const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.string()).optional() });
