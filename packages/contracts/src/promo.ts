import { z } from 'zod';
import { AuthDataSchema } from './auth.ts';
import { TariffSchema } from './billing.ts';

// Promo codes (/code, /premium_code), coupons (/coupon/registration/{promo}) and gift certificates
// (/pages/gift); spec platform §2 Codes and coupons, §7 promo and coupon paths (activate, check, meta), catalogue §8.

/**
 * Error codes of promo, coupon and certificate calls; the site maps each to the exact text of catalogue §8
 * (see promoErrorText in the web). EMAIL_TAKEN, ALREADY_REGISTERED and AUTH_REQUIRED are the common ones.
 */
export const PromoErrorCode = {
  /** 404 «Промокод не найден...» */
  NotFound: 'PROMO_NOT_FOUND',
  /** 400 «Проверьте правильность ввода или обратитесь в Центр поддержки» */
  InvalidFormat: 'PROMO_INVALID_FORMAT',
  /** 409 «Промокод недействителен»: the campaign is switched off. */
  NotActive: 'PROMO_NOT_ACTIVE',
  /** 409 «Промокод недействителен»: the campaign ended, or all its activations are used. */
  NoLongerAvailable: 'PROMO_NO_LONGER_AVAILABLE',
  /** 409 «Промокод недействителен»: the campaign has no tariff (no rates) to give. */
  NoRates: 'PROMO_NO_RATES',
  /** 409 «Промокод уже был активирован»: this account used this code, or the code has no uses left. */
  AlreadyUsed: 'PROMO_ALREADY_USED',
  /** 403 «Невозможно применить промокод – вы оформили подписку через другой сервис» */
  ExternalAccount: 'PROMO_EXTERNAL_ACCOUNT',
  /** 409 «Эта акция еще не началась» */
  NotStarted: 'PROMO_NOT_STARTED',
  /** 409 «Вы уже пользовались другим промокодом по этой акции. К сожалению, они не суммируются» */
  OnePerCampaign: 'PROMO_ONE_PER_CAMPAIGN',
  /** 403 «Промокод доступен только для новых пользователей»; promo_reason says why. */
  NewUsersOnly: 'PROMO_NEW_USERS_ONLY',
  /** 403 «Промокод неприменим...»: a live App Store or Play Market subscription (itunes_receipt, google_token). */
  ForeignSubscription: 'PROMO_FOREIGN_SUBSCRIPTION',
  /** 400 «Почта введена некорректно» (title «Ошибка активации»): not an address at all. */
  EmailFormat: 'PROMO_EMAIL_FORMAT',
  /** 400 (title «Ошибка регистрации»): an address the registration refuses (platform §5 email rules). */
  InvalidEmail: 'INVALID_EMAIL',
} as const;
export type PromoErrorCodeValue = (typeof PromoErrorCode)[keyof typeof PromoErrorCode];

/** Why a new-users-only code is refused (PROMO_NEW_USERS_ONLY): an earlier subscription, or an account older than the campaign. */
export const PromoNewUsersReasonSchema = z.enum(['had_subscription', 'registered_before']);
export type PromoNewUsersReason = z.infer<typeof PromoNewUsersReasonSchema>;

/** The shape a code may have: letters, digits and dashes, 3 to 32 of them (case does not matter). */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9-]{3,32}$/;

/** POST check and POST activate: the code as typed (its format is checked by the API: PROMO_INVALID_FORMAT). */
export const PromoCodeRequestSchema = z
  .object({
    code: z.string().trim().min(1).max(64),
    /** /premium_code sends true: only premium campaigns' codes are accepted there. */
    premium: z.boolean().default(false),
  })
  .meta({ id: 'PromoCodeRequest' });
export type PromoCodeRequest = z.input<typeof PromoCodeRequestSchema>;

export const PromoCampaignKindSchema = z.enum(['promo', 'coupon', 'gift']);

/** What a code gives: free days on a tariff, or a discount tariff bought through the tariff flow. */
export const PromoGivesSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('days'), days: z.number().int().positive(), tariff_title: z.string() }),
  z.object({ kind: z.literal('discount'), tariff: TariffSchema }),
]);
export type PromoGives = z.infer<typeof PromoGivesSchema>;

/** spec platform §7 promo meta/check: the campaign of a code and what it gives. */
export const PromoMetaSchema = z
  .object({
    code: z.string(),
    campaign: z.object({ alias: z.string(), title: z.string(), kind: PromoCampaignKindSchema, is_premium: z.boolean(), ends_at: z.string().nullable() }),
    gives: PromoGivesSchema,
  })
  .meta({ id: 'PromoMeta' });
export type PromoMeta = z.infer<typeof PromoMetaSchema>;

/** The subscription an activation granted or extended (what /code/success shows). */
export const PromoSubscriptionSchema = z.object({
  _id: z.string(),
  tariff_title: z.string(),
  /** Days this activation added. */
  days: z.number().int(),
  expires_at: z.string(),
  /** true when a live subscription was extended from its expiry instead of a new one. */
  extended: z.boolean(),
});

/** spec platform §7 promo activate: the granted subscription, or the discount tariff to buy (its payment link in url). */
export const PromoActivationSchema = z
  .object({
    code: z.string().nullable(),
    campaign: z.object({ alias: z.string(), title: z.string(), kind: PromoCampaignKindSchema }),
    subscription: PromoSubscriptionSchema.nullable(),
    discount_tariff: TariffSchema.nullable(),
  })
  .meta({ id: 'PromoActivation' });
export type PromoActivation = z.infer<typeof PromoActivationSchema>;

/** spec platform §7 coupon meta: the coupon landing's campaign and what registration gives. */
export const CouponMetaSchema = z
  .object({ alias: z.string(), title: z.string(), gives: PromoGivesSchema, ends_at: z.string().nullable() })
  .meta({ id: 'CouponMeta' });
export type CouponMeta = z.infer<typeof CouponMetaSchema>;

/** POST coupon registration: the email is checked by the API (PROMO_EMAIL_FORMAT, INVALID_EMAIL). */
export const CouponRegistrationRequestSchema = z
  .object({ email: z.string().trim().toLowerCase().min(1).max(254), password: z.string().min(8, 'at least 8 characters').max(128) })
  .meta({ id: 'CouponRegistrationRequest' });
export type CouponRegistrationRequest = z.infer<typeof CouponRegistrationRequestSchema>;

/** The registered account (refreshed auth data) and the coupon's grant. */
export const CouponRegistrationSchema = z
  .object({ auth: AuthDataSchema, activation: PromoActivationSchema })
  .meta({ id: 'CouponRegistration' });
export type CouponRegistration = z.infer<typeof CouponRegistrationSchema>;

/** A coupon alias in the path. */
export const CouponAliasParamsSchema = z.object({ alias: z.string().trim().min(1).max(64).regex(/^[\w-]+$/, 'letters, digits, _ and -') });
