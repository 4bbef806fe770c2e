import { z } from 'zod';
import { AuthDataSchema } from './auth.ts';
import { DeviceTypeSchema, DeviceUidSchema } from './devices.ts';
import { ErrorSchema } from './common.ts';

// Signing a TV in by a code typed on the site: the OAuth 2.0 device authorization grant (RFC 8628),
// docs/decisions/053-tv-sign-in-by-code.md.

/** The site's page where a signed-in viewer types the code the TV shows. */
export const DEVICE_VERIFICATION_PATH = '/activate';

/**
 * The alphabet of user codes: capital Latin letters and digits without the look-alikes 0/O, 1/I/L (RFC 8628 §6.1:
 * easy to read off a TV and type). 31 characters, 8 of them: 8.5·10^11 codes, with 5 wrong tries per account.
 */
export const USER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Characters of a user code (shown as two groups of four: ABCD-EFGH). */
export const USER_CODE_LENGTH = 8;

/** A typed user code as the API compares it: uppercase, without spaces and dashes. */
export const normalizeUserCode = (typed: string): string => typed.replace(/[\s-]+/g, '').toUpperCase();
/** A user code as a viewer reads it: ABCD-EFGH. */
export const formatUserCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/** RFC 8628 §3.1 device authorization request: what the TV says about itself. */
export const DeviceAuthorizationRequestSchema = z
  .object({
    device_id: DeviceUidSchema,
    device_type: DeviceTypeSchema.default('smarttv'),
    /** What the site shows the viewer before they confirm («Samsung Smart TV»). */
    device_name: z.string().trim().min(1).max(64).regex(/^[^\p{Cc}]+$/u, 'device_name may not hold control characters').optional(),
  })
  .meta({ id: 'DeviceAuthorizationRequest' });
export type DeviceAuthorizationRequest = z.infer<typeof DeviceAuthorizationRequestSchema>;

/** RFC 8628 §3.2 device authorization response. */
export const DeviceAuthorizationSchema = z
  .object({
    device_code: z.string(),
    /** As the TV shows it: ABCD-EFGH. */
    user_code: z.string(),
    verification_uri: z.string(),
    verification_uri_complete: z.string(),
    expires_in: z.number().int(),
    interval: z.number().int(),
  })
  .meta({ id: 'DeviceAuthorization' });
export type DeviceAuthorization = z.infer<typeof DeviceAuthorizationSchema>;

/** The grant type RFC 8628 §3.4 names. */
export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

/** RFC 8628 §3.4 device access token request (JSON, as every call of this API). */
export const DeviceTokenRequestSchema = z
  .object({
    grant_type: z.literal(DEVICE_CODE_GRANT_TYPE),
    device_code: z.string().min(16).max(256),
  })
  .meta({ id: 'DeviceTokenRequest' });
export type DeviceTokenRequest = z.infer<typeof DeviceTokenRequestSchema>;

/** The session the TV gets (the auth data of any sign-in) with the RFC 6749 §5.1 token fields beside it. */
export const DeviceTokenSchema = AuthDataSchema.extend({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
}).meta({ id: 'DeviceToken' });
export type DeviceToken = z.infer<typeof DeviceTokenSchema>;

/** RFC 8628 §3.5 answers of a poll that gets no token, as `code` (and `error`, as OAuth clients read it). */
export const DeviceTokenError = {
  AuthorizationPending: 'authorization_pending',
  SlowDown: 'slow_down',
  AccessDenied: 'access_denied',
  ExpiredToken: 'expired_token',
  /** RFC 6749 §5.2: unknown, already used, or another client's device code. */
  InvalidGrant: 'invalid_grant',
} as const;
export type DeviceTokenErrorCode = (typeof DeviceTokenError)[keyof typeof DeviceTokenError];

/** A poll without a token: the API's error shape with the OAuth fields (error, error_description, interval). */
export const DeviceTokenErrorSchema = ErrorSchema.extend({
  error: z.enum(['authorization_pending', 'slow_down', 'access_denied', 'expired_token', 'invalid_grant']),
  error_description: z.string(),
  /** The interval the TV must now keep between polls, in seconds. */
  interval: z.number().int().optional(),
}).meta({ id: 'DeviceTokenError' });
export type DeviceTokenErrorBody = z.infer<typeof DeviceTokenErrorSchema>;

/** What the site page sends: the code as the viewer typed it (any case, dash and spaces optional). */
export const UserCodeRequestSchema = z
  .object({
    user_code: z
      .string()
      .max(32)
      .transform(normalizeUserCode)
      .pipe(z.string().regex(new RegExp(`^[A-Z0-9]{${USER_CODE_LENGTH}}$`), `user_code is ${USER_CODE_LENGTH} letters and digits`)),
  })
  .meta({ id: 'UserCodeRequest' });
export type UserCodeRequest = z.input<typeof UserCodeRequestSchema>;

/** The device waiting behind a code, as the site shows it before the viewer confirms. */
export const PendingDeviceSchema = z
  .object({
    user_code: z.string(),
    device_type: DeviceTypeSchema,
    device_name: z.string().nullable(),
    expires_at: z.string(),
  })
  .meta({ id: 'PendingDevice' });
export type PendingDevice = z.infer<typeof PendingDeviceSchema>;

/** The viewer's answer to a code: approved (the TV signs in at its next poll) or denied. */
export const DeviceDecisionSchema = z
  .object({ user_code: z.string(), status: z.enum(['approved', 'denied']), device_type: DeviceTypeSchema, device_name: z.string().nullable() })
  .meta({ id: 'DeviceDecision' });
export type DeviceDecision = z.infer<typeof DeviceDecisionSchema>;

/** Error codes of the site page's calls (the user code's state). */
export const DeviceCodeErrorCode = {
  /** 400: no such code (a wrong try: 5 of them lock the account out for a while). */
  Invalid: 'USER_CODE_INVALID',
  /** 410: the code's 10 minutes are over. */
  Expired: 'USER_CODE_EXPIRED',
  /** 409: the code was already confirmed or refused. */
  Used: 'USER_CODE_USED',
} as const;
