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

/** Error codes the API answers with (spec platform §8 names the device ones). */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  Unauthorized: 'UNAUTHORIZED',
  InvalidApiKey: 'INVALID_API_KEY',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  RateLimited: 'RATE_LIMITED',
  Internal: 'INTERNAL',
  Unavailable: 'UNAVAILABLE',
  DeviceCountExceeded: 'DEVICE_COUNT_EXCEEDED',
  DeviceNotRegistered: 'DEVICE_NOT_REGISTERED',
  InvalidMediaToken: 'INVALID_MEDIA_TOKEN',
  // ---- watching: platform §8 playback errors and stream limits
  /** 400 with this message: the viewer uses a VPN or anonymizer (platform §8). */
  UserUseAnonymizer: 'USER_USE_ANONYMIZER',
  /** 400 with this message: the address is blocked (platform §8). */
  ForbiddenIp: 'FORBIDEN_IP',
  /** 403: the account already plays as many streams as its tariff allows. */
  StreamLimitExceeded: 'STREAM_LIMIT_EXCEEDED',
  /** 410: this stream was stopped from another device. */
  StreamStopped: 'STREAM_STOPPED',
  EmailTaken: 'EMAIL_TAKEN',
  AlreadyRegistered: 'ALREADY_REGISTERED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  InvalidCode: 'INVALID_CODE',
  TooManyAttempts: 'TOO_MANY_ATTEMPTS',
  // accounts: phone sign-in
  InvalidPhone: 'INVALID_PHONE',
  PhoneNotMobile: 'PHONE_NOT_MOBILE',
  PhoneTaken: 'PHONE_TAKEN',
  TooManyCodes: 'TOO_MANY_CODES',
  // social sign-in
  SocialFlowInvalid: 'SOCIAL_FLOW_INVALID',
  SocialDenied: 'SOCIAL_DENIED',
  SocialProviderError: 'SOCIAL_PROVIDER_ERROR',
  SocialProviderUnavailable: 'SOCIAL_PROVIDER_UNAVAILABLE',
  SocialAlreadyLinked: 'SOCIAL_ALREADY_LINKED',
  LastSignInMethod: 'LAST_SIGN_IN_METHOD',
  // ---- profiles, kids content and the parental PIN
  RegistrationRequired: 'REGISTRATION_REQUIRED',
  ProfileLimitReached: 'PROFILE_LIMIT_REACHED',
  MainProfileUndeletable: 'MAIN_PROFILE_UNDELETABLE',
  KidsProfileRestricted: 'KIDS_PROFILE_RESTRICTED',
  PinRequired: 'PIN_REQUIRED',
  PinInvalid: 'PIN_INVALID',
  PinLocked: 'PIN_LOCKED',
  PinExists: 'PIN_EXISTS',
  PinNotSet: 'PIN_NOT_SET',
  InvalidToken: 'INVALID_TOKEN',
  NoContact: 'NO_CONTACT',
  // ---- end profiles
  /** 401: the session ended because its device was removed from the account (elsewhere). */
  DeviceRemoved: 'DEVICE_REMOVED',
  /** The device-limit ticket is forged, expired, used, or not this caller's. */
  InvalidTicket: 'INVALID_TICKET',
  /** The device to remove is the one asking: sign out instead. */
  CurrentDevice: 'CURRENT_DEVICE',
  /** The channel needs an address the account does not have (an email, a phone). */
  NoDestination: 'NO_DESTINATION',
  /** A signed link (unsubscribe) whose signature does not match. */
  InvalidSignature: 'INVALID_SIGNATURE',
  /** 401: an anonymous (virtual) visitor cannot keep favorites or ratings; sign in or sign up first. */
  AuthRequired: 'AUTH_REQUIRED',
  /** 403 on a heartbeat: the item no longer plays for this account (the subscription ended mid-stream). */
  SubscriptionRequired: 'SUBSCRIPTION_REQUIRED',
  // ---- Buying and payments
  /** 422: this Idempotency-Key was used for a different request. */
  IdempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** 409: the account already has a live subscription (extend or change it instead of buying another). */
  SubscriptionExists: 'SUBSCRIPTION_EXISTS',
  /** 409: this payment method cannot be removed here (a store subscription). */
  PaymentMethodUncancellable: 'PAYMENT_METHOD_UNCANCELLABLE',
  /** 409: the subscription is not in a state this action applies to (extend outside grace). */
  SubscriptionNotExtendable: 'SUBSCRIPTION_NOT_EXTENDABLE',
  /** 502: the payment provider refused or did not answer. */
  PaymentProviderError: 'PAYMENT_PROVIDER_ERROR',
  /** 401 on a provider notification: bad signature, stale timestamp or SentAt mismatch. */
  InvalidNotification: 'INVALID_NOTIFICATION',
  // ---- Spec platform §6 geo rules, the codes as the spec writes them
  /** 403: TV (lists, the archive) is not offered in the visitor's country (outside RU). */
  TvNotAvailable: 'tv_not_available',
  /** 403: this channel is not offered in the visitor's country; attribute names it (tvchannels_{channel}). */
  GeoError: 'geo_error',
} as const;

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
