import { z } from 'zod';
import { MAX_SKIP } from './common.ts';

// The tariff list the tariff flow (spec platform §4) picks from.

/** The channel whose query selects the special tariffs (spec platform §7 GET tariffs: channel pb_special). */
export const SPECIAL_TARIFF_CHANNEL = 'pb_special';

/** spec platform §7 GET tariffs: optional experiment and channel. */
export const TariffsQuerySchema = z.object({
  experiment: z.string().trim().min(1).max(64).regex(/^[\w%.:-]+$/, 'experiment may hold letters, digits and _ % . : -').optional(),
  channel: z.string().trim().min(1).max(64).regex(/^[\w.-]+$/, 'channel may hold letters, digits and _ . -').optional(),
});
export type TariffsQuery = z.infer<typeof TariffsQuerySchema>;

/** spec platform §3 Tariff: weight, allow_trial, url, trial_period_duration.days (and what a tariff card shows). */
export const TariffSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    price: z.number(),
    currency: z.string().length(3),
    duration_days: z.number().int(),
    /** The tariff flow takes the one with weight 0 and allow_trial (platform §4). */
    weight: z.number().int(),
    allow_trial: z.boolean(),
    trial_period_duration: z.object({ days: z.number().int() }),
    /** Streams an account on this tariff may play at once. */
    max_streams: z.number().int(),
    // Discount tariffs (platform §3 Discount tariff): the regular tariff, what renewals cost, what follows
    original_id: z.string().nullable(),
    recurrent_price: z.number().nullable(),
    next_tariff_id: z.string().nullable(),
    /** The payment link: GET it with the API key (and tracking parameters) for the payment host's address. */
    url: z.string(),
  })
  .meta({ id: 'Tariff' });
export type Tariff = z.infer<typeof TariffSchema>;

export const TariffListSchema = z.array(TariffSchema).meta({ id: 'TariffList' });
export type TariffList = z.infer<typeof TariffListSchema>;

/** GET {tariff.url} (billing): the payment host's address the browser goes on to. */
export const PaymentLinkSchema = z.object({ url: z.url() }).meta({ id: 'PaymentLink' });
export type PaymentLink = z.infer<typeof PaymentLinkSchema>;

// ---------------------------------------------------------------- Buying, subscriptions, payment methods

/** GET {tariff.url}: where the payment host sends the browser back, and the page to return to after success. */
export const PaymentLinkQuerySchema = z.object({
  return_to: z.enum(['web', 'mobile']).default('web'),
  /** A path on our site to open after success (checked against the allowed prefixes, platform §5). */
  back_url: z.string().max(512).optional(),
  ga_id: z.string().max(128).optional(),
});
export type PaymentLinkQuery = z.infer<typeof PaymentLinkQuerySchema>;

/** The header that makes a purchase safe to repeat: the same key and body get the same answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** POST buy: pay for a tariff with a saved card, or (without one) get the payment host's address. */
export const BuyRequestSchema = z
  .object({
    tariff_id: z.string().uuid(),
    payment_method_id: z.string().uuid().optional(),
    return_to: z.enum(['web', 'mobile']).default('web'),
    back_url: z.string().max(512).optional(),
  })
  .meta({ id: 'BuyRequest' });
export type BuyRequest = z.infer<typeof BuyRequestSchema>;

/** processing: a charge the provider has not answered yet; the order settles to succeeded or failed (decision 032). */
export const OrderStatusSchema = z.enum(['pending', 'processing', 'succeeded', 'failed', 'cancelled']);

/** An order and where it stands: the result pages poll it until the provider's notification settles it. */
export const OrderSchema = z
  .object({
    _id: z.string(),
    kind: z.enum(['purchase', 'trial', 'renewal', 'bind_card', 'extend']),
    status: OrderStatusSchema,
    amount: z.number(),
    currency: z.string().length(3),
    tariff: z.object({ _id: z.string(), title: z.string() }).nullable(),
    /** The payment host's page, while the order waits for the card holder. */
    payment_url: z.string().nullable(),
    /** Why it failed, in the provider's words mapped to ours (insufficient_funds, declined, expired_card, 3ds_failed…). */
    failure_reason: z.string().nullable(),
    back_url: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

/** One price step of a subscription: the first period(s) at one price, then the next (platform §3 rate_steps). */
export const RateStepSchema = z.object({ price: z.number(), currency: z.string().length(3), duration_days: z.number().int(), periods: z.number().int().nullable() });
export type RateStep = z.infer<typeof RateStepSchema>;

/** spec platform §3 Payment method. card_number is masked to the last 4; card_expire is MM/YY or null. */
export const PaymentMethodSchema = z
  .object({
    id: z.string(),
    type: z.enum(['card', 'card_googlepay', 'card_cloudpayments_applepay', 'google_token', 'itunes_receipt', 'huawei_token', 'megafon_payment']),
    brand: z.string().nullable(),
    state: z.enum(['active', 'removed']),
    is_active: z.boolean(),
    /** "•••• 4242"-ready: only the last 4 digits. */
    card_number: z.string().nullable(),
    /** The first 6 digits (the bank's prefix), for the bank's logo and colour. */
    card_bin: z.string().nullable(),
    card_expire: z.string().nullable(),
    /** Whether it can be removed here (google_token, itunes_receipt and huawei_token cannot). */
    can_cancel: z.boolean(),
    /** Whether another card can replace it (card, card_googlepay, card_cloudpayments_applepay). */
    can_change: z.boolean(),
  })
  .meta({ id: 'PaymentMethod' });
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const PaymentMethodsSchema = z.object({ data: z.object({ items: z.array(PaymentMethodSchema) }) }).meta({ id: 'PaymentMethods' });
export type PaymentMethods = z.infer<typeof PaymentMethodsSchema>;

/** One line of /payment_history: a charge or a refund. */
export const PaymentHistoryItemSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['charge', 'refund']),
    status: z.enum(['succeeded', 'declined']),
    amount: z.number(),
    currency: z.string().length(3),
    description: z.string(),
    reason: z.string().nullable(),
    card_number: z.string().nullable(),
    brand: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'PaymentHistoryItem' });
export type PaymentHistoryItem = z.infer<typeof PaymentHistoryItemSchema>;

export const PaymentHistorySchema = z
  .object({ data: z.object({ items: z.array(PaymentHistoryItemSchema), items_total: z.number().int() }) })
  .meta({ id: 'PaymentHistory' });
export type PaymentHistory = z.infer<typeof PaymentHistorySchema>;

export const PaymentHistoryQuerySchema = z.object({ skip: z.coerce.number().int().min(0).max(MAX_SKIP).default(0), limit: z.coerce.number().int().min(1).max(100).default(20) });

/** POST recurrent: turn the automatic renewal of a subscription off (the 3-step flow of platform §4) or back on. */
export const RecurrentRequestSchema = z.object({ subscription_id: z.string().uuid(), enabled: z.boolean() }).meta({ id: 'RecurrentRequest' });
export type RecurrentRequest = z.infer<typeof RecurrentRequestSchema>;

/** Provider notifications: the signature header (HMAC-SHA256 of the raw body, base64, as CloudPayments' Content-HMAC). */
export const NOTIFICATION_SIGNATURE_HEADER = 'content-hmac';
/** Unix seconds when the notification was signed; outside the replay window it is refused. */
export const NOTIFICATION_TIMESTAMP_HEADER = 'x-notification-timestamp';
