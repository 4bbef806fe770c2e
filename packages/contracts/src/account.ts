import { z } from 'zod';

// spec platform §7 account paths: person name, birthday, gender. Our rules: a name of letters (any
// alphabet), spaces, hyphens and apostrophes, up to 60 characters; a real calendar date from 1900 on
// (the service also refuses a future one); null clears a field.

const NAME = /^\p{L}[\p{L}\p{M}' -]*$/u;

/** The account holder's name: letters, spaces, hyphens, apostrophes; 1–60 characters; null clears it. */
export const PersonNameSchema = z
  .string()
  .trim()
  .min(1, 'empty')
  .max(60, 'at most 60 characters')
  .regex(NAME, 'letters, spaces, hyphens and apostrophes only')
  .nullable();

/** A calendar date YYYY-MM-DD that exists, not before 1900-01-01; null clears it. */
export const BirthdaySchema = z
  .iso.date('a date YYYY-MM-DD')
  .refine((v) => v >= '1900-01-01', 'not before 1900')
  .nullable();

export const GenderSchema = z.enum(['male', 'female']).nullable();

export const PersonNameRequestSchema = z.object({ name: PersonNameSchema }).meta({ id: 'PersonNameRequest' });
export const BirthdayRequestSchema = z.object({ birthday: BirthdaySchema }).meta({ id: 'BirthdayRequest' });
export const GenderRequestSchema = z.object({ gender: GenderSchema }).meta({ id: 'GenderRequest' });

/** The account page's main section: the holder's details and contacts. */
export const AccountPersonSchema = z
  .object({
    name: z.string().nullable(),
    birthday: z.string().nullable(),
    gender: z.enum(['male', 'female']).nullable(),
    email: z.string().nullable(),
    email_confirmed: z.boolean(),
    phone: z.string().nullable(),
    has_password: z.boolean(),
  })
  .meta({ id: 'AccountPerson' });
export type AccountPerson = z.infer<typeof AccountPersonSchema>;

/** One subscription the account holds, with its tariff (spec platform §7 account subscriptions). */
export const AccountSubscriptionSchema = z.object({
  _id: z.string(),
  status: z.enum(['active', 'trial', 'grace', 'expired', 'cancelled']),
  tariff: z.object({ _id: z.string(), title: z.string(), price: z.number(), currency: z.string().length(3), duration_days: z.number().int() }),
  started_at: z.string(),
  expires_at: z.string(),
  reccurent: z.boolean(),
  source: z.string(),
  // ---- The pending subscription of platform §3 (manageable, expiration, billing_expire, tariff_info)
  /** Renewal and the card can be managed here (our own card subscription, not a partner's or a store's). */
  manageable: z.boolean(),
  /** When the paid (or trial) period ends: expires_at, as the spec names it. */
  expiration: z.string(),
  /** The end of the billing window: renewals are retried and the viewer keeps watching until then; null: none. */
  billing_expire: z.string().nullable(),
  tariff_info: z.object({ _id: z.string(), rate_steps: z.array(z.object({ price: z.number(), currency: z.string().length(3), duration_days: z.number().int(), periods: z.number().int().nullable() })) }),
  /** The next charge: when and how much; null when renewal is off or the subscription has ended. */
  next_charge: z.object({ at: z.string(), amount: z.number(), currency: z.string().length(3) }).nullable(),
  /** The card renewals charge (last 4 and brand), when one is bound. */
  payment_method_id: z.string().nullable(),
  /** The partner that bills it (megafon), so it is managed there, not here; null: one of ours. */
  partner: z.string().nullable(),
  /** A subscription granted by a promo code (source promo): the code, when one was typed (a coupon has none). */
  promo_code: z.string().nullable().optional(),
});
export type AccountSubscription = z.infer<typeof AccountSubscriptionSchema>;

/** spec platform §7 GET subscriptions: data.subscriptions, the live ones first. */
export const AccountSubscriptionsSchema = z
  .object({ data: z.object({ subscriptions: z.array(AccountSubscriptionSchema) }) })
  .meta({ id: 'AccountSubscriptions' });
export type AccountSubscriptions = z.infer<typeof AccountSubscriptionsSchema>;

/** Account deletion proves the holder: the password, or a code sent to the account's email or phone. */
export const AccountDeleteRequestSchema = z
  .union([
    z.object({ password: z.string().min(1).max(128) }),
    z.object({ code: z.string().trim().regex(/^\d{6}$/, 'six digits') }),
  ])
  .meta({ id: 'AccountDeleteRequest' });
export type AccountDeleteRequest = z.infer<typeof AccountDeleteRequestSchema>;

export const AccountDeleteCodeRequestSchema = z.object({ channel: z.enum(['email', 'sms']) }).meta({ id: 'AccountDeleteCodeRequest' });

/** Where a deletion code went, masked ("v***@example.ru", "+7 *** ***-**-67"). */
export const AccountDeleteCodeSchema = z.object({ channel: z.enum(['email', 'sms']), sent_to: z.string() }).meta({ id: 'AccountDeleteCode' });
