import { z } from 'zod';

// issue 5 watching: the tariff list the tariff flow (spec platform §4) picks from. Buying one is issue 6.

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
    /** The payment link: GET it with the API key (and tracking parameters) for the payment host's address (issue 6). */
    url: z.string(),
  })
  .meta({ id: 'Tariff' });
export type Tariff = z.infer<typeof TariffSchema>;

export const TariffListSchema = z.array(TariffSchema).meta({ id: 'TariffList' });
export type TariffList = z.infer<typeof TariffListSchema>;

/** GET {tariff.url} (billing, issue 6): the payment host's address the browser goes on to. */
export const PaymentLinkSchema = z.object({ url: z.url() }).meta({ id: 'PaymentLink' });
export type PaymentLink = z.infer<typeof PaymentLinkSchema>;
