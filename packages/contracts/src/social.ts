// Social sign-in with Apple, Google, VK and Yandex ID (spec platform §2 /token/yandex, /auth/yandex/signup;
// §3 Auth data apple_id, google_id, apple_info, vk_info; §7 social login and link/unlink).
import { SOCIAL_PROVIDERS } from '@ekran/core';
import { z } from 'zod';
import { AuthDataSchema } from './auth.ts';

/** The cookie binding a social sign-in to the browser that started it (httpOnly, short-lived). */
export const SOCIAL_FLOW_COOKIE = 'ekran_social_flow';

export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS).meta({ id: 'SocialProvider' });

/** A provider this deployment offers; dev is true when the development identity provider stands in for it. */
export const SocialProvidersSchema = z
  .object({ items: z.array(z.object({ id: SocialProviderSchema, dev: z.boolean() })) })
  .meta({ id: 'SocialProviders' });
export type SocialProviders = z.infer<typeof SocialProvidersSchema>;

/** Where a sign-in (sign_in, from /auth and /signup) or a link (link, from the account page) starts. */
export const SocialStartQuerySchema = z.object({
  intent: z.enum(['sign_in', 'link']).default('sign_in'),
  back: z.string().max(2000).optional(),
});

const param = z.string().max(4096).optional();
/**
 * The authorization response the provider sent to /token/{provider}, passed on as it came: code and state
 * (or error), iss (RFC 9207), VK's device_id and Apple's user (its name, on the first sign-in only).
 */
export const SocialCallbackRequestSchema = z
  .object({ code: param, state: param, error: z.string().max(200).optional(), error_description: param, iss: param, device_id: param, user: param })
  .meta({ id: 'SocialCallbackRequest' });
export type SocialCallbackRequest = z.infer<typeof SocialCallbackRequestSchema>;

/** The end of a callback: signed in, linked to the signed-in account, or a new identity that needs a sign-up. */
export const SocialCallbackResultSchema = z
  .discriminatedUnion('result', [
    z.object({ result: z.literal('signed_in'), provider: SocialProviderSchema, back: z.string(), auth: AuthDataSchema }),
    z.object({ result: z.literal('linked'), provider: SocialProviderSchema, back: z.string() }),
    z.object({ result: z.literal('signup'), provider: SocialProviderSchema, back: z.string() }),
  ])
  .meta({ id: 'SocialCallbackResult' });
export type SocialCallbackResult = z.infer<typeof SocialCallbackResultSchema>;

/** What the provider told us about a new identity, shown before the viewer agrees to create the account. */
export const SocialPendingSchema = z
  .object({
    provider: SocialProviderSchema,
    email: z.string().nullable(),
    email_verified: z.boolean(),
    phone: z.string().nullable(),
    name: z.string().nullable(),
    back: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'SocialPending' });
export type SocialPending = z.infer<typeof SocialPendingSchema>;

/** Consent to create the account (and to process the personal data the provider gave). */
export const SocialSignupRequestSchema = z.object({ consent: z.literal(true) }).meta({ id: 'SocialSignupRequest' });

/** The account after a social sign-up: this browser's user registered in place, or signed into an existing one. */
export const SocialSignupResultSchema = z
  .object({ result: z.enum(['registered', 'signed_in']), provider: SocialProviderSchema, back: z.string(), auth: AuthDataSchema })
  .meta({ id: 'SocialSignupResult' });
export type SocialSignupResult = z.infer<typeof SocialSignupResultSchema>;

/** A social identity linked to the account. */
export const LinkedIdentitySchema = z.object({
  provider: SocialProviderSchema,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  name: z.string().nullable(),
  linked_at: z.string(),
});
export type LinkedIdentity = z.infer<typeof LinkedIdentitySchema>;
/** The linked identities; has_password_or_phone tells whether the account can do without all of them. */
export const LinkedIdentitiesSchema = z
  .object({ items: z.array(LinkedIdentitySchema), has_password_or_phone: z.boolean() })
  .meta({ id: 'LinkedIdentities' });
export type LinkedIdentities = z.infer<typeof LinkedIdentitiesSchema>;
