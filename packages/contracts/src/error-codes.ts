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
