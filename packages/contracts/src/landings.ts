import { LANDING_SLUG_PATTERN, OFFER_KINDS, OFFER_PLACEMENTS } from '@ekran/core';
import { z } from 'zod';
import { TitleCardSchema } from './catalog.ts';
import { ImageSchema } from './common.ts';
import { TariffSchema } from './billing.ts';

// The landings of spec platform §2 (/pages/{slug}) and the offers of the shell's popups
// (platform §4 Offers, §5 upsell, the play-grand popup).

/** GET /api/v1/landings/:slug */
export const LandingParamsSchema = z.object({ slug: z.string().regex(LANDING_SLUG_PATTERN, 'a landing slug is lowercase latin letters, digits and dashes') });

/** A body section of a landing. */
export const LandingSectionSchema = z.object({ heading: z.string(), text: z.string(), items: z.array(z.string()) });
export type LandingSection = z.infer<typeof LandingSectionSchema>;

/**
 * A landing: its copy and SEO texts, hero art (desktop and phone), its period and state, and what it sells while
 * it runs: a tariff (with its payment link; pb_special and unlisted discount tariffs included), a promo code for
 * /code, or the code page for a partner's personal codes. Outside its period (upcoming, ended) it sells nothing.
 */
export const LandingSchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    lead: z.string(),
    sections: z.array(LandingSectionSchema),
    hero: z.object({ desktop: ImageSchema, mobile: ImageSchema }),
    seo: z.object({ title: z.string(), description: z.string() }),
    state: z.enum(['active', 'upcoming', 'ended']),
    starts_at: z.string().nullable(),
    ends_at: z.string().nullable(),
    cta_text: z.string(),
    tariff: TariffSchema.nullable(),
    /** The tariff renewals move to after the first period (platform §3 next_tariff_id), for «затем 499 ₽ в месяц». */
    next_tariff: TariffSchema.nullable(),
    promo_code: z.string().nullable(),
    /** The button leads to /code, where a partner's personal code is entered. */
    code_entry: z.boolean(),
    /** A title of the catalogue the landing is about (null when the viewer's profile may not see it). */
    featured: TitleCardSchema.extend({ description: z.string() }).nullable(),
  })
  .meta({ id: 'Landing' });
export type Landing = z.infer<typeof LandingSchema>;

export const OfferKindSchema = z.enum(OFFER_KINDS);
export const OfferPlacementSchema = z.enum(OFFER_PLACEMENTS);

/** GET /api/v1/offers/current: the placement, and the kinds the site's cookies already rule out (platform §9). */
export const CurrentOfferQuerySchema = z.object({
  placement: OfferPlacementSchema,
  /** Comma-separated kinds not to offer (the browser saw them within their windows). */
  skip: z
    .string()
    .max(64)
    .optional()
    .transform((v, ctx) => {
      const kinds = (v ?? '').split(',').map((k) => k.trim()).filter(Boolean);
      for (const k of kinds) {
        if (!(OFFER_KINDS as readonly string[]).includes(k)) {
          ctx.addIssue({ code: 'custom', message: `unknown offer kind ${k}` });
          return z.NEVER;
        }
      }
      return kinds as z.infer<typeof OfferKindSchema>[];
    }),
});
export type CurrentOfferQuery = z.input<typeof CurrentOfferQuerySchema>;

/** An offer for the visitor: its texts and picture, and what it sells (a tariff, a promo code, a landing to open). */
export const OfferSchema = z
  .object({
    _id: z.string(),
    alias: z.string(),
    kind: OfferKindSchema,
    title: z.string(),
    text: z.string(),
    cta_text: z.string(),
    /** A path of the site's picture for the popup. */
    image: z.string().nullable(),
    tariff: TariffSchema.nullable(),
    /** The tariff renewals move to after the first period (platform §3 next_tariff_id). */
    next_tariff: TariffSchema.nullable(),
    promo_code: z.string().nullable(),
    /** The landing's slug (/pages/{slug}): where the offer tells more, and where a virtual visitor signs in from. */
    landing: z.string().nullable(),
    ends_at: z.string().nullable(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof OfferSchema>;

export const CurrentOfferSchema = z.object({ offer: OfferSchema.nullable() }).meta({ id: 'CurrentOffer' });
export type CurrentOffer = z.infer<typeof CurrentOfferSchema>;

export const OfferIdParamsSchema = z.object({ id: z.uuid() });

/** POST /api/v1/offers/:id/shown */
export const OfferShownRequestSchema = z.object({ placement: OfferPlacementSchema });
/** POST /api/v1/offers/:id/answer: the popup was closed, or its offer accepted. */
export const OfferAnswerRequestSchema = z.object({ answer: z.enum(['closed', 'accepted']), placement: OfferPlacementSchema.default('main') });
export type OfferAnswer = z.infer<typeof OfferAnswerRequestSchema>['answer'];

/** Whether this call recorded something (false: an earlier one already had: shows and answers count once). */
export const OfferRecordedSchema = z.object({ recorded: z.boolean() }).meta({ id: 'OfferRecorded' });
export type OfferRecorded = z.infer<typeof OfferRecordedSchema>;

/** POST /api/v1/offers/:id/answer: whether it was recorded, and the offer (an accepted one is what the site sells next). */
export const OfferAnswerResultSchema = z.object({ recorded: z.boolean(), offer: OfferSchema }).meta({ id: 'OfferAnswerResult' });
export type OfferAnswerResult = z.infer<typeof OfferAnswerResultSchema>;
