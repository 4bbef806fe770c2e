import { z } from 'zod';
import { isEmail } from '@ekran/core';

/** spec platform §7 POST device login. */
export const DeviceLoginRequestSchema = z
  .object({
    device_id: z.string().trim().min(8).max(128).regex(/^[A-Za-z0-9._:-]+$/, 'device_id may hold letters, digits and . _ : -'),
    device_type: z.enum(['web', 'android', 'ios', 'smarttv']),
    traffic_source: z.string().trim().max(64).nullish(),
    is_child: z.boolean().default(false),
  })
  .meta({ id: 'DeviceLoginRequest' });
export type DeviceLoginRequest = z.infer<typeof DeviceLoginRequestSchema>;

/** spec platform §7 POST auth refresh: the token may come in the body, else the cookie or header. */
export const AuthRefreshRequestSchema = z.object({ auth_token: z.string().min(16).max(256).optional() }).meta({ id: 'AuthRefreshRequest' });

/** spec platform §3 Experiment. */
export const ExperimentSchema = z.object({ exp_name: z.string(), group_name: z.string(), exp_id: z.string(), group_id: z.string() });
export type Experiment = z.infer<typeof ExperimentSchema>;

export const AuthSubscriptionSchema = z.object({
  _id: z.string(),
  tariff_id: z.string(),
  status: z.enum(['active', 'trial', 'grace', 'expired', 'cancelled']),
  started_at: z.string(),
  expires_at: z.string(),
  reccurent: z.boolean(),
  googleplay_id: z.string().nullable(),
  itunes_product_id: z.string().nullable(),
  huawei_id: z.string().nullable(),
  /**
   * The partner that sells and bills this subscription (megafon: a mobile operator's, platform §6
   * Operator customer), managed there and not here; null: one of ours.
   */
  partner: z.string().nullable(),
});

/** spec platform §3 Auth data (current user and profile). */
export const AuthDataSchema = z
  .object({
    _id: z.string(),
    profile_id: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    virtual: z.boolean(),
    profile_for_child: z.boolean(),
    current_country_code: z.string().length(2),
    need_credentials: z.boolean(),
    apple_id: z.string().nullable(),
    google_id: z.string().nullable(),
    apple_info: z.object({ email: z.string().nullable() }),
    vk_info: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
    devices: z.array(z.object({ type: z.string(), uid: z.string() })),
    subscriptions: z.array(AuthSubscriptionSchema),
    externals: z.array(z.object({ name: z.string(), expires_at: z.string().nullable() })),
    ab: z.array(ExperimentSchema),
    tags: z.array(z.string()),
    language: z.object({ interface: z.enum(['ru', 'en', 'sr', 'bg', 'hr']) }),
    authentication_token: z.string(),
    partner: z.object({ name: z.string().nullable() }),
    pin_status: z.enum(['none', 'create', 'required', 'skip']),
    trial_is_available: z.boolean(),
    mf_info: z.object({ is_mf: z.boolean(), mf_pop_up: z.string().nullable() }),
  })
  .meta({ id: 'AuthData' });
export type AuthData = z.infer<typeof AuthDataSchema>;

const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine(isEmail, 'not a valid email address (spec platform §5)');

/** Sign-up by email and password: turns the current virtual user into a registered one. */
export const EmailRegisterRequestSchema = z
  .object({ email: EmailSchema, password: z.string().min(8, 'at least 8 characters').max(128) })
  .meta({ id: 'EmailRegisterRequest' });
export type EmailRegisterRequest = z.infer<typeof EmailRegisterRequestSchema>;

/** Sign-in by email and password. */
export const EmailLoginRequestSchema = z
  .object({ email: z.string().trim().toLowerCase().min(3).max(254), password: z.string().min(1).max(128) })
  .meta({ id: 'EmailLoginRequest' });
export type EmailLoginRequest = z.infer<typeof EmailLoginRequestSchema>;

/** Step one of /auth for an email: does it name an account (sign in with a password) or not (sign up)? */
export const LoginCheckRequestSchema = z.object({ email: EmailSchema }).meta({ id: 'LoginCheckRequest' });
export type LoginCheckRequest = z.infer<typeof LoginCheckRequestSchema>;
/** The answer of the login check: `exists` false means the address can be registered. */
export const LoginCheckSchema = z.object({ email: z.string(), exists: z.boolean() }).meta({ id: 'LoginCheck' });
export type LoginCheck = z.infer<typeof LoginCheckSchema>;

/** A one-time code from a message: six digits. */
export const CodeRequestSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'six digits') }).meta({ id: 'CodeRequest' });

/** A message of the local delivery outbox (development and tests). */
export const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export const OutboxListSchema = z.object({ items: z.array(OutboxMessageSchema) }).meta({ id: 'OutboxList' });
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** Password recovery: a code to the address, if it belongs to an account (the answer is the same either way). */
export const PasswordRecoveryRequestSchema = z
  .object({ email: z.string().trim().toLowerCase().min(3).max(254) })
  .meta({ id: 'PasswordRecoveryRequest' });

/** A new password with the recovery code; every session of the account ends. */
export const PasswordResetRequestSchema = z
  .object({
    email: z.string().trim().toLowerCase().min(3).max(254),
    code: z.string().trim().regex(/^\d{6}$/, 'six digits'),
    password: z.string().min(8, 'at least 8 characters').max(128),
  })
  .meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;
