import type { GenreTextKind } from '@ekran/core';
import { sql } from 'drizzle-orm';
import type { SelectionRule } from '@ekran/core';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { personSearchVector, searchForm, searchFormOrEmpty, titleSearchVector, tsvector } from './search-sql.ts';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- clients, users, sessions

/** API clients: every call carries one of these keys (spec platform §7). */
export const apiClients = pgTable('api_clients', {
  id: id(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  platform: text('platform').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

/** An account: virtual (anonymous, made by device login) until it signs up (spec platform §4 Session). */
export const users = pgTable(
  'users',
  {
    id: id(),
    isVirtual: boolean('is_virtual').notNull().default(true),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    countryCode: text('country_code').notNull().default('RU'),
    trafficSource: text('traffic_source'),
    interfaceLanguage: text('interface_language').notNull().default('ru'),
    /** Set when the owner proved the address (double opt-in). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    // issue 5 watching: what playback gating reads (platform §4, §6); the partner and operator flows that
    // set them come with billing (issue 6).
    /** The partner the account came through (e.g. ttk: the partner popup instead of the tariff flow). */
    partnerName: text('partner_name'),
    /** Mobile-operator customer (platform §3 mf_info.is_mf). */
    isOperator: boolean('is_operator').notNull().default(false),
    /** Operator popup state (mf_info.mf_pop_up): no_money blocks playback with «Пополните баланс и возвращайтесь». */
    operatorPopup: text('operator_popup').$type<'no_money' | 'got_money' | 'info'>(),
    /**
     * issue 6 opsfix: the country where the operator customer closed the "no operator app here" popup (platform §6
     * "some configured countries without the operator app get a special popup"); it shows again in another one.
     */
    operatorNoAppSeenCountry: text('operator_no_app_seen_country'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), uniqueIndex('users_phone_key').on(t.phone)],
);

export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isChild: boolean('is_child').notNull().default(false),
    isMain: boolean('is_main').notNull().default(false),
    // ---- profiles (issue 3 profiles): avatar, the child form, the profile's own interface language
    /** One of the fixed avatars the API serves (adult a1…, child k1…). */
    avatar: text('avatar').notNull().default('a1'),
    /** Child form: the birth date, when given. */
    birthDate: date('birth_date', { mode: 'string' }),
    /** Child form: the age cap (0+, 6+, 12+); null for an adult profile. */
    ageCap: text('age_cap'),
    /** The profile's interface language; null follows the account's. */
    interfaceLanguage: text('interface_language'),
    // ---- end profiles
    createdAt: createdAt(),
  },
  (t) => [index('profiles_user_idx').on(t.userId)],
);

export const devices = pgTable(
  'devices',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    deviceUid: text('device_uid').notNull(),
    deviceType: text('device_type').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    // issue 3 devices: the browser or app that last used the device, for a readable name in the list.
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('devices_user_uid_key').on(t.userId, t.deviceUid)],
);

/** Sessions hold only a hash of the bearer token. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    apiClientId: uuid('api_client_id').notNull().references(() => apiClients.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // issue 3 devices: why the session ended, so a removed device gets its own answer (DEVICE_REMOVED).
    revokedReason: text('revoked_reason').$type<'device_removed'>(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_device_idx').on(t.deviceId)],
);

export const codePurpose = pgEnum('code_purpose', [
  'email_confirm', 'sign_in', 'password_reset',
  // issue 3 devices/account: a code that confirms deleting the account.
  'account_delete',
]);

/** One-time codes sent by mail or SMS: stored hashed, expiring, single use, limited tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    purpose: codePurpose('purpose').notNull(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    destination: text('destination').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_destination_idx').on(t.destination, t.purpose, t.createdAt)],
);

/** The local delivery outbox: mail and SMS written here instead of sent (the embedded default). */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** Insertion order: "newest first" must hold for two messages within one clock tick (a resent code). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('outbox_recipient_seq_idx').on(t.recipient, t.seq)],
);

// ---------------------------------------------------------------- social sign-in (issue 3: social)

/**
 * A provider identity (Apple, Google, VK, Yandex ID) linked to an account: one per provider and account,
 * each provider subject belongs to one account. What the provider said is kept for auth data (spec
 * platform §3 apple_info.email, vk_info.email and phone) and the account page.
 */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: id(),
    provider: text('provider').$type<'apple' | 'google' | 'vk' | 'yandex'>().notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phone: text('phone'),
    name: text('name'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_identities_provider_subject_key').on(t.provider, t.subject), uniqueIndex('social_identities_user_provider_key').on(t.userId, t.provider)],
);

/**
 * One social sign-in in progress: started (the browser went to the provider), then pending_signup (a new
 * identity waits for consent), ending done or failed. Bound to the browser by the hash of a random cookie
 * value; state, nonce and the PKCE verifier live only here and die with the flow.
 */
export const socialAuthFlows = pgTable(
  'social_auth_flows',
  {
    id: id(),
    bindingHash: text('binding_hash').notNull().unique(),
    provider: text('provider').$type<'apple' | 'google' | 'vk' | 'yandex'>().notNull(),
    intent: text('intent').$type<'sign_in' | 'link'>().notNull(),
    /** The signed-in user who links an identity (intent link). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    back: text('back').notNull(),
    status: text('status').$type<'started' | 'exchanging' | 'pending_signup' | 'completing' | 'done' | 'failed'>().notNull(),
    /** What the provider said about a new identity, kept until the viewer agrees to the sign-up. */
    profile: jsonb('profile').$type<{ subject: string; email: string | null; emailVerified: boolean; phone: string | null; name: string | null }>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('social_auth_flows_expires_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------- parental control (issue 3 profiles)

/** The account's parental PIN (argon2id hash), whether the viewer declined one, and the wrong-try lock. */
export const parentalControls = pgTable('parental_controls', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash'),
  /** Set when the viewer declined to make a PIN (pin_status skip). */
  skippedAt: timestamp('skipped_at', { withTimezone: true }),
  /** Wrong tries since the last right one; counted atomically, shared by every session of the account. */
  failedAttempts: smallint('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Locks since the last right PIN: each one lasts longer (15 min, 1 h, 24 h); a right PIN starts over. */
  lockCount: smallint('lock_count').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Links that remove a forgotten PIN (/pin_remove?token=…): stored as a keyed hash, short-lived, single use. */
export const pinResetTokens = pgTable(
  'pin_reset_tokens',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('pin_reset_tokens_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- issue 3: devices, account details, notifications

/**
 * A sign-in stopped by the device limit: the signed ticket the caller gets lets it remove one device and
 * finish exactly this sign-in (user, device, client), once, within minutes.
 */
export const deviceLimitTickets = pgTable(
  'device_limit_tickets',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    deviceUid: text('device_uid').notNull(),
    deviceType: text('device_type').notNull(),
    userAgent: text('user_agent'),
    apiClientId: uuid('api_client_id').notNull().references(() => apiClients.id),
    /** The caller's session when it had one (its anonymous session); only that session may use the ticket. */
    sessionId: uuid('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('device_limit_tickets_user_idx').on(t.userId)],
);

export const gender = pgEnum('gender', ['male', 'female']);

/** The account holder's own details (spec platform §7 account paths: person name, birthday, gender). */
export const accountDetails = pgTable('account_details', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  personName: text('person_name'),
  birthday: date('birthday', { mode: 'string' }),
  gender: gender('gender'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notifyChannel = pgEnum('notify_channel', ['email', 'push', 'sms']);
/** pending: waits for the double opt-in letter's link (spec platform §6 Double_Opt_In). */
export const notifyStatus = pgEnum('notify_status', ['active', 'pending', 'off']);

/** Notification subscriptions of an account, one row per channel (spec platform §1, §7). */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    channel: notifyChannel('channel').notNull(),
    status: notifyStatus('status').notNull(),
    /** The address or number the subscription was made for. */
    destination: text('destination'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.channel] })],
);

/** Links of double opt-in letters: stored hashed, single use, expiring. */
export const emailSubscriptionTokens = pgTable(
  'email_subscription_tokens',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_subscription_tokens_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- billing (modelled now, sold in a later issue)

/** spec platform §3 Tariff. */
export const tariffs = pgTable('tariffs', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull(),
  currency: text('currency').notNull().default('RUB'),
  durationDays: integer('duration_days').notNull(),
  weight: integer('weight').notNull().default(0),
  allowTrial: boolean('allow_trial').notNull().default(false),
  trialDays: integer('trial_days').notNull().default(7),
  isActive: boolean('is_active').notNull().default(true),
  /** issue 5 watching: how many streams an account on this tariff may play at once. */
  maxStreams: smallint('max_streams').notNull().default(2),
  /** issue 5 gating-api: the sales channel a tariff is offered in (pb_special); null: the regular list. */
  channel: text('channel'),
  // ---- issue 6 billing: discount tariffs (platform §3 Discount tariff, §9) and experiments
  /** A discount tariff's regular tariff (platform §3 original_id); null for a regular tariff. */
  originalId: uuid('original_id'),
  /** What each renewal costs when it differs from the first charge (platform §3 recurrent_price). */
  recurrentPrice: numeric('recurrent_price', { precision: 12, scale: 2, mode: 'number' }),
  /** The tariff a subscription renews on after this one's first period (platform §3 next_tariff_id). */
  nextTariffId: uuid('next_tariff_id'),
  /** Sold only to this experiment's group (spec platform §7 GET tariffs: experiment); null: to everyone. */
  experiment: text('experiment'),
  /** Shown on /tariffs; discount tariffs reached only through an offer, a promo or a chain are not. */
  isListed: boolean('is_listed').notNull().default(true),
  createdAt: createdAt(),
});

export const subscriptionStatus = pgEnum('subscription_status', ['active', 'trial', 'grace', 'expired', 'cancelled']);

/** A user's subscription; entitlement is status active/trial/grace with expires_at in the future. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tariffId: uuid('tariff_id').notNull().references(() => tariffs.id),
    status: subscriptionStatus('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    isRecurrent: boolean('is_recurrent').notNull().default(true),
    source: text('source').notNull().default('card'),
    createdAt: createdAt(),
    // ---- issue 6 billing: renewals, the grace (billing) window and the card they charge
    /** The end of the billing window: after expires_at renewals are retried and the viewer keeps watching (grace) until then. */
    billingExpiresAt: timestamp('billing_expires_at', { withTimezone: true }),
    /** The card renewals charge; null: none bound (a promo, a partner, or the card was removed). */
    paymentMethodId: uuid('payment_method_id'),
    /** Renewals charged for this subscription so far (the period number, for rate steps). */
    renewals: integer('renewals').notNull().default(0),
    /** Failed renewal attempts in the current billing window. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_user_idx').on(t.userId, t.expiresAt), index('subscriptions_renewal_idx').on(t.status, t.expiresAt)],
);

/**
 * A saved way to pay (spec platform §3 Payment method). Cards keep only what may be shown (first 6 for the bank,
 * last 4, expiry) and the provider's token for recurring charges; the card number never reaches us.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** sandbox, cloudpayments, google, apple, huawei, megafon. */
    provider: text('provider').notNull(),
    /** card, card_googlepay, card_cloudpayments_applepay, google_token, itunes_receipt, huawei_token, megafon_payment. */
    type: text('type').notNull(),
    /** mir, visa, master (from the provider; else from the first digit). */
    brand: text('brand'),
    cardFirst6: text('card_first6'),
    cardLast4: text('card_last4'),
    /** MM/YY; null: none. */
    cardExpire: text('card_expire'),
    /** The provider's token for charges without the card holder (recurring). */
    token: text('token'),
    /** active, removed. */
    state: text('state').notNull().default('active'),
    /** The one renewals charge. */
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  // issue 6 api: a provider's card token is one saved card, however many payments report it
  (t) => [index('payment_methods_user_idx').on(t.userId), uniqueIndex('payment_methods_provider_token_key').on(t.provider, t.token)],
);

/**
 * What the account asked to pay for: a purchase, a trial (a card binding with a small refunded charge), a
 * renewal, a card binding or an extension. One per idempotency key and account: a repeated request with the same
 * key and body gets the same order, a different body is refused.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** purchase, trial, renewal, bind_card, extend. */
    kind: text('kind').notNull(),
    tariffId: uuid('tariff_id').references(() => tariffs.id),
    subscriptionId: uuid('subscription_id'),
    paymentMethodId: uuid('payment_method_id'),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('RUB'),
    /** pending, processing (a charge the provider did not answer; reconciliation settles it), succeeded, failed, cancelled. */
    status: text('status').notNull().default('pending'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the request that made it, so the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** Where the payment host sends the browser back: web or mobile (the result pages of platform §2). */
    returnTo: text('return_to').notNull().default('web'),
    /** The page to go back to after success (a title, /tariffs), checked against the allowed prefixes. */
    backUrl: text('back_url'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // ---- issue 6 api (helper "api"): the provider's checkout of an order and the period a renewal pays for
    /** The provider's checkout id (sandbox: /api/checkouts id; CloudPayments: the order Id). */
    checkoutId: text('checkout_id'),
    /** The hosted payment page of the checkout, reused while the order is pending (no pile of orders). */
    paymentUrl: text('payment_url'),
    /** renewal/extend: the renewal number (subscriptions.renewals + 1) this order pays for, so one period is never paid into twice. */
    period: integer('period'),
    // ---- end issue 6 api
  },
  (t) => [
    uniqueIndex('orders_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_idx').on(t.userId, t.createdAt),
    // Reconciliation (docs/decisions/032-payment-reconciliation.md) takes the recent orders of a few statuses every few minutes.
    index('orders_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The ledger: one row per provider transaction and kind (a charge, its refund), whatever the duplicates,
 * reordering and retries of notifications (unique provider + transaction + kind).
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: uuid('order_id').references(() => orders.id),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerTxnId: text('provider_txn_id').notNull(),
    /** charge, refund; refused: a completed word whose amount or currency was not its order's (never applied). */
    kind: text('kind').notNull(),
    /** succeeded, declined; refused with kind refused. */
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('RUB'),
    paymentMethodId: uuid('payment_method_id'),
    /** What the history shows: the tariff and period, or why it was refunded or declined. */
    description: text('description').notNull().default(''),
    /** The provider's reason for a decline. */
    reason: text('reason'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    // ---- issue 6 opsfix: double payments are refunded (docs/decisions/025-payments-ledger.md)
    /** A refund: the provider transaction of the charge it returns. */
    refundOf: text('refund_of'),
    /**
     * A charge that bought nothing (its order or period was already paid): pending until its refund is made,
     * refunded once a refund of it is in the ledger, failed when the provider refused the refund (by hand then).
     */
    surplusRefund: text('surplus_refund').$type<'pending' | 'refunded' | 'failed'>(),
  },
  (t) => [
    uniqueIndex('payments_provider_txn_key').on(t.provider, t.providerTxnId, t.kind),
    index('payments_user_idx').on(t.userId, t.occurredAt),
    // The renewal run retries the refunds still owed.
    index('payments_surplus_pending_idx').on(t.createdAt).where(sql`${t.surplusRefund} = 'pending'`),
  ],
);

/** Notifications already applied, by the provider's notification id: a replay is answered and changes nothing. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: id(),
    provider: text('provider').notNull(),
    notificationId: text('notification_id').notNull(),
    kind: text('kind').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_notifications_key').on(t.provider, t.notificationId)],
);

// ---------------------------------------------------------------- catalogue

export const genres = pgTable('genres', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  titleEn: text('title_en').notNull(),
  position: smallint('position').notNull().default(0),
});

export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
});

export const people = pgTable(
  'people',
  {
    id: id(),
    alias: text('alias').notNull().unique(),
    name: text('name').notNull(),
    nameOriginal: text('name_original'),
    biography: text('biography'),
    birthDate: date('birth_date', { mode: 'string' }),
  },
  // search (issue 4): full text and trigrams over the search forms of the names (search-sql.ts)
  (t) => [
    index('people_search_vector_idx').using('gin', personSearchVector(t.name, t.nameOriginal)),
    index('people_search_name_trgm_idx').using('gin', sql`${searchForm(t.name)} gin_trgm_ops`),
    index('people_search_original_trgm_idx').using('gin', sql`${searchFormOrEmpty(t.nameOriginal)} gin_trgm_ops`),
  ],
);

/** HLS assets in the media storage (MEDIA_DIR locally or a bucket), referenced by slug. */
export const mediaAssets = pgTable('media_assets', {
  id: id(),
  slug: text('slug').notNull().unique(),
  kind: text('kind').notNull(),
  durationSeconds: numeric('duration_seconds', { precision: 10, scale: 3, mode: 'number' }).notNull(),
  renditions: jsonb('renditions').$type<{ name: string; width: number; height: number; bandwidth: number; codecs: string }[]>().notNull(),
  // ---- issue 5 media pipeline (npm run media:ingest)
  /** Audio tracks in the master playlist's audio group (language, name); empty: the audio is muxed in. */
  audioTracks: jsonb('audio_tracks').$type<{ lang: string; name: string; isDefault: boolean }[]>().notNull().default(sql`'[]'::jsonb`),
  /** WebVTT subtitle tracks in the master playlist (language, name). */
  subtitles: jsonb('subtitles').$type<{ lang: string; name: string }[]>().notNull().default(sql`'[]'::jsonb`),
  /** Scrub-bar thumbnails: the WebVTT map relative to the asset (e.g. thumbs/thumbs.vtt); null: none. */
  thumbnailsVtt: text('thumbnails_vtt'),
  /** Skip marks in seconds: the intro and the end credits. */
  introStartSeconds: numeric('intro_start_seconds', { precision: 10, scale: 3, mode: 'number' }),
  introEndSeconds: numeric('intro_end_seconds', { precision: 10, scale: 3, mode: 'number' }),
  creditsStartSeconds: numeric('credits_start_seconds', { precision: 10, scale: 3, mode: 'number' }),
  /** Where the files live: local (MEDIA_DIR) or s3 (MEDIA_S3_BUCKET); the API signs URLs the same way. */
  storage: text('storage').$type<'local' | 's3'>().notNull().default('local'),
  ingestedAt: timestamp('ingested_at', { withTimezone: true }),
});

export const titleKind = pgEnum('title_kind', ['movie', 'series']);

export const titles = pgTable(
  'titles',
  {
    id: id(),
    alias: text('alias').notNull().unique(),
    kind: titleKind('kind').notNull(),
    title: text('title').notNull(),
    titleOriginal: text('title_original'),
    description: text('description').notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    ekranReleaseDate: date('ekran_release_date', { mode: 'string' }).notNull(),
    year: smallint('year').notNull(),
    durationMinutes: smallint('duration_minutes'),
    ratingAge: text('rating_age').notNull(),
    ratingEkran: numeric('rating_ekran', { precision: 3, scale: 1, mode: 'number' }).notNull(),
    popularity: integer('popularity').notNull().default(0),
    isAnimation: boolean('is_animation').notNull().default(false),
    forKids: boolean('for_kids').notNull().default(false),
    isFree: boolean('is_free').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    locales: text('locales').array().notNull().default(sql`'{ru}'::text[]`),
    seoSubject: text('seo_subject').notNull(),
    poster: jsonb('poster').$type<{ hue: number; hue2: number; pattern: string; seed: number }>().notNull(),
    mediaAssetId: uuid('media_asset_id').references(() => mediaAssets.id),
    createdAt: createdAt(),
    // issue 4 category pages: the category page a title is listed on (spec platform §2), kept by the
    // database so one index can start with it (docs/decisions/009-catalogue-paging.md).
    category: text('category')
      .$type<'movies' | 'series' | 'animation'>()
      .notNull()
      .generatedAlwaysAs(sql`case when is_animation then 'animation' when kind = 'movie' then 'movies' else 'series' end`),
    // Search suggestions (spec catalogue §5): the names' search forms and their text vector, kept by the database.
    // Computing ekran_search_normalize per matching row made a suggestion cost seconds on a large catalogue;
    // stored, a suggestion reads them (docs/decisions/039-stored-search-names.md).
    searchName: text('search_name').notNull().generatedAlwaysAs(sql`ekran_search_normalize(title)`),
    searchNameOriginal: text('search_name_original').notNull().generatedAlwaysAs(sql`ekran_search_normalize(coalesce(title_original, ''))`),
    searchNames: tsvector('search_names')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('russian'::regconfig, ekran_search_normalize(title)), 'A') || setweight(to_tsvector('russian'::regconfig, ekran_search_normalize(coalesce(title_original, ''))), 'B')`,
      ),
  },
  (t) => [
    index('titles_popularity_idx').on(t.popularity),
    index('titles_kind_idx').on(t.kind, t.isAnimation, t.forKids),
    // search (issue 4): full text and trigrams over the search forms of the names (search-sql.ts)
    index('titles_search_vector_idx').using('gin', titleSearchVector(t.title, t.titleOriginal, t.description)),
    index('titles_search_title_trgm_idx').using('gin', sql`${searchForm(t.title)} gin_trgm_ops`),
    index('titles_search_original_trgm_idx').using('gin', sql`${searchFormOrEmpty(t.titleOriginal)} gin_trgm_ops`),
    // Suggestions: names only, from the stored columns above.
    index('titles_search_names_idx').using('gin', t.searchNames),
    index('titles_search_name_trgm_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('titles_search_name_original_trgm_idx').using('gin', sql`${t.searchNameOriginal} gin_trgm_ops`),
    // issue 4 category pages: one index per catalogue sort, in the listing's order (the sort column, then
    // the unique alias as tie-breaker, then id so an id-only page is read from the index alone), so a
    // keyset page and an id-only offset page are index range scans (docs/decisions/009-catalogue-paging.md).
    ...(['popularity', 'ekranReleaseDate', 'ratingEkran', 'year'] as const).map((column) =>
      index(`titles_listing_${t[column].name}_idx`).on(t.category, t[column], t.alias, t.id).where(sql`${t.isDisabled} = false`),
    ),
    // Titles sort in the ICU root collation (Russian dictionary order whatever the database collation is).
    index('titles_listing_title_idx').on(t.category, sql`${t.title} collate "und-x-icu"`, t.alias, t.id).where(sql`${t.isDisabled} = false`),
    index('titles_listing_all_ekran_release_date_idx').on(t.ekranReleaseDate, t.alias, t.id).where(sql`${t.isDisabled} = false`),
  ],
);

export const titleGenres = pgTable(
  'title_genres',
  {
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    genreId: uuid('genre_id').notNull().references(() => genres.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.titleId, t.genreId] }), index('title_genres_genre_idx').on(t.genreId)],
);

export const titleCountries = pgTable(
  'title_countries',
  {
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull().references(() => countries.code),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.titleId, t.countryCode] }),
    // issue 4 category pages: the country filter and its counts start from the country.
    index('title_countries_country_idx').on(t.countryCode, t.titleId),
  ],
);

export const creditRole = pgEnum('credit_role', ['actor', 'director', 'writer', 'producer', 'composer', 'operator']);

export const credits = pgTable(
  'credits',
  {
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').notNull().references(() => people.id, { onDelete: 'cascade' }),
    role: creditRole('role').notNull(),
    characterName: text('character_name'),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.titleId, t.personId, t.role] }), index('credits_person_idx').on(t.personId)],
);

export const seasons = pgTable(
  'seasons',
  {
    id: id(),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    title: text('title').notNull(),
  },
  (t) => [uniqueIndex('seasons_title_number_key').on(t.titleId, t.number)],
);

export const episodes = pgTable(
  'episodes',
  {
    id: id(),
    seasonId: uuid('season_id').notNull().references(() => seasons.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    isPreview: boolean('is_preview').notNull().default(false),
    mediaAssetId: uuid('media_asset_id').notNull().references(() => mediaAssets.id),
  },
  (t) => [uniqueIndex('episodes_season_number_key').on(t.seasonId, t.number)],
);

/** Trailers and extras (spec platform §3 additional_content); always free to watch. */
export const extras = pgTable(
  'extras',
  {
    id: id(),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'trailer' | 'extra'>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    position: smallint('position').notNull().default(0),
    mediaAssetId: uuid('media_asset_id').notNull().references(() => mediaAssets.id),
  },
  (t) => [uniqueIndex('extras_title_position_key').on(t.titleId, t.position)],
);

export const collections = pgTable('collections', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  forKids: boolean('for_kids').notNull().default(false),
  position: smallint('position').notNull().default(0),
});

export const collectionItems = pgTable(
  'collection_items',
  {
    collectionId: uuid('collection_id').notNull().references(() => collections.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.titleId] })],
);

// ---------------------------------------------------------------- genre texts (issue 4 genres)

/**
 * Long marketing texts per genre and content kind (spec catalogue §9 "Genre marketing texts"): movies, series,
 * animation, and the catch-up kinds tvmovie and tvseries (catalogue §3). A combination without titles has none.
 */
export const genreTexts = pgTable(
  'genre_texts',
  {
    id: id(),
    genreId: uuid('genre_id').notNull().references(() => genres.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<GenreTextKind>().notNull(),
    /** A heading fit for the page's H1. */
    heading: text('heading').notNull(),
    /** The meta description (140–160 characters). */
    description: text('description').notNull(),
    /** The body, one paragraph per element. */
    body: text('body').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('genre_texts_genre_kind_key').on(t.genreId, t.kind)],
);

// ---------------------------------------------------------------- issue 4 collections: selections and playlists

/** Where a selection shows: the adult home, the kids home, or both (decision 010). */
export const selectionLocation = pgEnum('selection_location', ['home', 'kids', 'both']);

/**
 * A selection: a row of the home page and a page of its own (/main/{rules}, /selections/{alias}). Its titles
 * come from a rule (jsonb, validated by SelectionRuleSchema where it is read), from an editorial collection, or,
 * with neither, from its hand-picked selection_items.
 */
export const selections = pgTable(
  'selections',
  {
    id: id(),
    alias: text('alias').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: selectionLocation('location').notNull(),
    position: smallint('position').notNull().default(0),
    rule: jsonb('rule').$type<SelectionRule>(),
    collectionId: uuid('collection_id').references(() => collections.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('selections_location_idx').on(t.location, t.position),
    check('selections_one_source', sql`num_nonnulls(${t.rule}, ${t.collectionId}) <= 1`),
  ],
);

/** The hand-picked titles of a selection without a rule or a collection, in order. */
export const selectionItems = pgTable(
  'selection_items',
  {
    selectionId: uuid('selection_id').notNull().references(() => selections.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.selectionId, t.titleId] })],
);

/** A playlist: things to watch one after another (spec platform §3 Playlist response). */
export const playlists = pgTable('playlists', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  position: smallint('position').notNull().default(0),
  createdAt: createdAt(),
});

/** One item of a playlist, in order: exactly one of a movie (title_id), an episode, or a trailer or extra. */
export const playlistItems = pgTable(
  'playlist_items',
  {
    id: id(),
    playlistId: uuid('playlist_id').notNull().references(() => playlists.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    titleId: uuid('title_id').references(() => titles.id, { onDelete: 'cascade' }),
    episodeId: uuid('episode_id').references(() => episodes.id, { onDelete: 'cascade' }),
    extraId: uuid('extra_id').references(() => extras.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('playlist_items_position_key').on(t.playlistId, t.position),
    check('playlist_items_one_target', sql`num_nonnulls(${t.titleId}, ${t.episodeId}, ${t.extraId}) = 1`),
  ],
);

// ---------------------------------------------------------------- banners (issue 4 home)

/** Where a banner shows (spec platform §7 posters by location; catalogue §7 catchups). */
export const bannerLocation = pgEnum('banner_location', ['home', 'kids', 'promos', 'catchups']);
/** spec platform §3 Banner type. */
export const bannerType = pgEnum('banner_type', ['product', 'collection', 'playlist', 'channel', 'tv_selection', 'link', 'mainselection', 'profile']);

/** spec platform §3 Banner action: type (play, open, add_to_favorites, catchup, play_trailer), alias, url, target_id, trailer_id, child. */
export interface BannerActionRow {
  type: 'play' | 'open' | 'add_to_favorites' | 'catchup' | 'play_trailer';
  alias?: string | null;
  url?: string | null;
  target_id?: string | null;
  trailer_id?: string | null;
  child?: boolean | null;
}

/**
 * Editorial banners of the home, kids and promo pages (spec platform §3 Banner). The art is generated from
 * four numbers like the posters' (docs/decisions/003), drawn as web_desktop, web_mobile and image_narrow.
 * A banner shows while now is inside its [starts_at, ends_at) window (either end open).
 */
export const banners = pgTable(
  'banners',
  {
    id: id(),
    /** A stable editorial key (the seed upserts on it). */
    alias: text('alias').notNull().unique(),
    location: bannerLocation('location').notNull(),
    type: bannerType('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    actions: jsonb('actions').$type<BannerActionRow[]>().notNull().default(sql`'[]'::jsonb`),
    art: jsonb('art').$type<{ hue: number; hue2: number; pattern: string; seed: number }>().notNull(),
    isNarrow: boolean('is_narrow').notNull().default(false),
    /** Shown to kids (the kids home, a child profile). */
    forKids: boolean('for_kids').notNull().default(false),
    position: smallint('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** What the banner is about: the alias of its title, collection, playlist, channel or selection. */
    targetAlias: text('target_alias'),
    /** A link banner's internal URL. */
    targetUrl: text('target_url'),
    createdAt: createdAt(),
  },
  (t) => [index('banners_location_idx').on(t.location, t.position)],
);
// ---------------------------------------------------------------- personal lists (issue 4 lists)
// Lists belong to a profile (spec platform §3 client state "profile": favorites, history, continue watching,
// rated content) and go with it, or with the title.

/** A profile's favorite titles: one row per profile and title. */
export const favorites = pgTable(
  'favorites',
  {
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.titleId] }), index('favorites_profile_created_idx').on(t.profileId, t.createdAt.desc())],
);

/**
 * Where a profile stopped in a film or an episode: one row per profile, title and episode (none for a film).
 * The history and continue watching are read from it. updated_at is the time of the report (an older report
 * never overwrites a newer one).
 */
export const watchProgress = pgTable(
  'watch_progress',
  {
    id: id(),
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    episodeId: uuid('episode_id').references(() => episodes.id, { onDelete: 'cascade' }),
    positionSeconds: integer('position_seconds').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    isFinished: boolean('is_finished').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A film has no episode: NULLS NOT DISTINCT keeps it to one row as well.
    unique('watch_progress_profile_title_episode_key').on(t.profileId, t.titleId, t.episodeId).nullsNotDistinct(),
    index('watch_progress_profile_updated_idx').on(t.profileId, t.updatedAt.desc()),
    check('watch_progress_position_check', sql`${t.positionSeconds} >= 0 and ${t.durationSeconds} > 0 and ${t.positionSeconds} <= ${t.durationSeconds}`),
  ],
);

/** A profile's own ratings of titles, 1 to 10. */
export const ratings = pgTable(
  'ratings',
  {
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    value: smallint('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.titleId] }),
    index('ratings_profile_updated_idx').on(t.profileId, t.updatedAt.desc()),
    check('ratings_value_check', sql`${t.value} between 1 and 10`),
  ],
);

// ---------------------------------------------------------------- analytics (issue 4 category pages)

/**
 * Analytics events the site sends (spec platform §3 Analytics event, §7 click events), with the account,
 * profile and session of the caller and the time the server received them. Rows outlive a deleted account
 * without pointing at it.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    accountId: uuid('account_id').references(() => users.id, { onDelete: 'set null' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    actionId: text('action_id').notNull(),
    /** When it happened on the client. */
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    sequenceNumber: integer('sequence_number').notNull(),
    blockType: text('block_type'),
    elementType: text('element_type'),
    elementId: text('element_id'),
    elementText: text('element_text'),
    productId: text('product_id'),
    abTag: text('ab_tag'),
    actionResult: text('action_result'),
    actionAttributesStr: text('action_attributes_str'),
    eventVersion: text('event_version'),
  },
  (t) => [index('analytics_events_received_idx').on(t.receivedAt), index('analytics_events_account_idx').on(t.accountId, t.receivedAt)],
);

// ---------------------------------------------------------------- watching (issue 5)

/** Subscriptions bought through a partner (platform §3 externals): they do not play here (platform §4). */
export const externalSubscriptions = pgTable(
  'external_subscriptions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    partner: text('partner').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('external_subscriptions_user_idx').on(t.userId)],
);

/**
 * A stream session: one per account and device (a device plays one thing at a time). Media URLs are signed
 * for it. It counts against the tariff's max_streams while active and heartbeats are fresh; pending until
 * the player's first heartbeat, stopped when closed or stopped from another device.
 */
export const streamSessions = pgTable(
  'stream_sessions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').notNull().references(() => devices.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The movie, episode or extra playing, and its media. */
    itemUid: uuid('item_uid').notNull(),
    itemTitle: text('item_title').notNull(),
    mediaSlug: text('media_slug').notNull(),
    state: text('state').$type<'pending' | 'active' | 'stopped'>().notNull().default('pending'),
    positionSeconds: integer('position_seconds'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** Who stopped it: the device itself (closed), another device of the account, or the server (expired). */
    stoppedBy: text('stopped_by').$type<'self' | 'other_device' | 'server'>(),
    /** When the device's latest playback check signed for this session: a stop from a player of an older check is late. */
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stream_sessions_user_device_key').on(t.userId, t.deviceId),
    index('stream_sessions_user_active_idx').on(t.userId, t.lastSeenAt).where(sql`${t.state} = 'active'`),
  ],
);

/** Prerolls and postrolls: our own promos the player shows around an item. */
export const playerSlots = pgTable(
  'player_slots',
  {
    id: id(),
    position: text('position').$type<'preroll' | 'postroll'>().notNull(),
    title: text('title').notNull(),
    mediaAssetId: uuid('media_asset_id').notNull().references(() => mediaAssets.id),
    /** The promoted title a click opens; null: none. */
    titleId: uuid('title_id').references(() => titles.id, { onDelete: 'set null' }),
    /** Who sees it: everyone or only viewers without a subscription. */
    audience: text('audience').$type<'all' | 'non_subscribers'>().notNull().default('non_subscribers'),
    skipAfterSeconds: smallint('skip_after_seconds'),
    /** Shown only to adult profiles unless for_kids. */
    forKids: boolean('for_kids').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    priority: smallint('priority').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('player_slots_position_idx').on(t.position, t.isActive)],
);

// ---------------------------------------------------------------- promo (issue 6 promo): promo codes, coupons, gift certificates

/**
 * A campaign codes belong to (spec platform §2 Codes and coupons, catalogue §8 promo errors): a promo (codes
 * entered at /code or /premium_code), a coupon (registration at /coupon/registration/{alias}) or a gift
 * (certificate codes, /pages/gift). It grants free days on a tariff, or (discount_tariff_id) sells a discount
 * tariff through the tariff flow.
 */
export const promoCampaigns = pgTable(
  'promo_campaigns',
  {
    id: id(),
    alias: text('alias').notNull().unique(),
    title: text('title').notNull(),
    kind: text('kind').$type<'promo' | 'coupon' | 'gift'>().notNull().default('promo'),
    /** Campaigns of /premium_code (its own heading); the same codes otherwise. */
    isPremium: boolean('is_premium').notNull().default(false),
    /** The tariff the free days are on; null for a discount campaign or one without rates («Промокод недействителен»). */
    tariffId: uuid('tariff_id').references(() => tariffs.id),
    /** Free days a code grants; null for a discount campaign. */
    grantDays: integer('grant_days'),
    /** The discount tariff the code opens in the tariff flow (instead of free days). */
    discountTariffId: uuid('discount_tariff_id').references(() => tariffs.id),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** Activations over the whole campaign; null: unlimited. */
    maxActivations: integer('max_activations'),
    /** Counted under the campaign row's lock, so max_activations holds under concurrency. */
    activations: integer('activations').notNull().default(0),
    /** Only accounts that never had a subscription and were created after the campaign started. */
    newUsersOnly: boolean('new_users_only').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check('promo_campaigns_kind_check', sql`${t.kind} in ('promo', 'coupon', 'gift')`), check('promo_campaigns_grant_check', sql`${t.grantDays} is null or ${t.grantDays} > 0`)],
);

/** A code of a campaign; unique case-insensitively (stored upper-case). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    code: text('code').notNull(),
    campaignId: uuid('campaign_id').notNull().references(() => promoCampaigns.id, { onDelete: 'cascade' }),
    /** Accounts that may use this code; null: any number (EKRAN30). */
    maxUses: integer('max_uses').default(1),
    uses: integer('uses').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_codes_code_key').on(sql`upper(${t.code})`), check('promo_codes_uses_check', sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`)],
);

/**
 * A code used by an account: one per campaign and account, one per code and account. A coupon registration has
 * no code (code_id null); a discount activation no subscription.
 */
export const promoActivations = pgTable(
  'promo_activations',
  {
    id: id(),
    codeId: uuid('code_id').references(() => promoCodes.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').notNull().references(() => promoCampaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_activations_campaign_user_key').on(t.campaignId, t.userId), uniqueIndex('promo_activations_code_user_key').on(t.codeId, t.userId)],
);
// ---------------------------------------------------------------- end promo
// ---------------------------------------------------------------- partners (issue 6 helper "partners")
// Mobile-operator (МегаФон) subscriptions: the operator bills the viewer's phone balance, we only mirror
// the state it reports (spec platform §1 "customer of a mobile-operator partner", §6 Operator customer).

/**
 * The operator subscription of an account (one per account): the msisdn the operator bills, its status
 * (active plays; suspended: the operator stopped billing for lack of money; cancelled: ended) and the
 * balance state the operator last reported (low: the low-balance banner of platform §8).
 */
export const operatorSubscriptions = pgTable(
  'operator_subscriptions',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** The phone the operator bills, stored as +7 and ten digits. */
    msisdn: text('msisdn').notNull(),
    status: text('status').$type<'active' | 'suspended' | 'cancelled'>().notNull().default('active'),
    balanceState: text('balance_state').$type<'ok' | 'low' | 'no_money'>().notNull().default('ok'),
    /** The operator's own id of the subscription (the sandbox makes one up). */
    externalId: text('external_id').notNull(),
    /**
     * issue 6 opsfix: the tariff the operator sells (alias megafon, not on sale here): its max_streams is the
     * stream limit of the account while the subscription entitles.
     */
    tariffId: uuid('tariff_id').notNull().references(() => tariffs.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The end of the period the operator has billed for; the operator extends it on each charge. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('operator_subscriptions_user_key').on(t.userId),
    // One msisdn is billed for one account only.
    uniqueIndex('operator_subscriptions_msisdn_key').on(t.msisdn),
    check('operator_subscriptions_status_check', sql`${t.status} in ('active', 'suspended', 'cancelled')`),
    check('operator_subscriptions_balance_check', sql`${t.balanceState} in ('ok', 'low', 'no_money')`),
  ],
);

/** Operator notifications already applied (each once, however often the operator repeats it). */
export const operatorNotifications = pgTable(
  'operator_notifications',
  {
    notificationId: text('notification_id').primaryKey(),
    msisdn: text('msisdn').notNull(),
    event: text('event').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
);
// ---------------------------------------------------------------- end partners

// ---------------------------------------------------------------- live TV and the catch-up archive (issue 7)
// spec platform §2 (TV, Archive), §6 (geo), catalogue §1-§5. Channels play a live stream computed from the wall
// clock over looped media (every viewer sees the same moment); the programme guide comes from XMLTV; a recording
// of an aired film or series is a cut of the channel's stream between the programme's start and end, offered for
// ARCHIVE_DAYS after it aired.

/** TV categories (the tv_selection of /channel/?category={alias}), e.g. Кино, Детское, Новости. */
export const tvCategories = pgTable('tv_categories', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  position: smallint('position').notNull().default(0),
  /** The kids' category: what a child profile sees under «Детское ТВ». */
  forKids: boolean('for_kids').notNull().default(false),
});

/** A live TV channel. */
export const tvChannels = pgTable(
  'tv_channels',
  {
    id: id(),
    alias: text('alias').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The channel number in the list (the order of /tvchannels). */
    number: smallint('number').notNull(),
    /** The logo: a path under the site's static files or the images service. */
    logo: text('logo').notNull(),
    /** The channel's id in XMLTV sources (<channel id="…">); programmes are matched by it. */
    xmltvId: text('xmltv_id').notNull().unique(),
    forKids: boolean('for_kids').notNull().default(false),
    /** Free to watch live without a subscription (gating still applies to recordings). */
    isFree: boolean('is_free').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    ratingAge: text('rating_age').notNull().default('16+'),
    /** The wall-clock origin of the looped live stream: segment n starts at loop_epoch + n × segment duration. */
    loopEpoch: timestamp('loop_epoch', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tv_channels_number_key').on(t.number)],
);

/** A channel's categories (a channel may be in several). */
export const tvChannelCategories = pgTable(
  'tv_channel_categories',
  {
    channelId: uuid('channel_id').notNull().references(() => tvChannels.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').notNull().references(() => tvCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.categoryId] }), index('tv_channel_categories_category_idx').on(t.categoryId)],
);

/** The media a channel's live stream loops over, in order (discontinuities between items). */
export const tvChannelLoopItems = pgTable(
  'tv_channel_loop_items',
  {
    channelId: uuid('channel_id').notNull().references(() => tvChannels.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    mediaAssetId: uuid('media_asset_id').notNull().references(() => mediaAssets.id),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.position] })],
);

/**
 * A programme of the guide. Imported from XMLTV (one row per channel and start; a re-import replaces it).
 * title_id links an aired film or series of our catalogue: such a programme becomes a recording in the
 * archive once it has ended, until expired_at.
 */
export const tvProgrammes = pgTable(
  'tv_programmes',
  {
    id: id(),
    channelId: uuid('channel_id').notNull().references(() => tvChannels.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    title: text('title').notNull(),
    subTitle: text('sub_title'),
    description: text('description').notNull().default(''),
    /** XMLTV <category> values, as given. */
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    ratingAge: text('rating_age'),
    year: smallint('year'),
    /** XMLTV <icon src>: a poster or frame of the programme. */
    poster: text('poster'),
    titleId: uuid('title_id').references(() => titles.id, { onDelete: 'set null' }),
    seasonNumber: smallint('season_number'),
    episodeNumber: smallint('episode_number'),
    /** The recording is offered until then (ends_at + the archive's days); null: not recorded. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** The import that wrote it. */
    importId: uuid('import_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tv_programmes_channel_start_key').on(t.channelId, t.startsAt),
    index('tv_programmes_channel_end_idx').on(t.channelId, t.endsAt),
    // the archive: recordings of catalogue titles, newest first, still offered
    index('tv_programmes_recordings_idx').on(t.expiredAt, t.titleId).where(sql`${t.titleId} is not null`),
    index('tv_programmes_title_idx').on(t.titleId),
    check('tv_programmes_interval_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** XMLTV imports: what was read, when, and how it went. */
export const tvImports = pgTable('tv_imports', {
  id: id(),
  source: text('source').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  status: text('status').$type<'running' | 'succeeded' | 'failed'>().notNull().default('running'),
  channels: integer('channels').notNull().default(0),
  programmes: integer('programmes').notNull().default(0),
  /** Entries skipped and why (unknown channel, bad time, …), capped. */
  problems: jsonb('problems').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
});

/** A profile's favorite channels (spec platform §7: RU only). */
export const favoriteChannels = pgTable(
  'favorite_channels',
  {
    profileId: uuid('profile_id').notNull().references(() => profiles.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').notNull().references(() => tvChannels.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.channelId] })],
);
// ---------------------------------------------------------------- landings and offers (issue 6 landings)

/** Generated art of a landing's hero (the poster art's four numbers, decision 003). */
export interface HeroArt { hue: number; hue2: number; pattern: string; seed: number }
/** A body section of a landing: a heading, its paragraph and an optional list. */
export interface LandingSectionRow { heading: string; text: string; items?: string[] }

/**
 * A landing of spec platform §2 (/pages/{slug}): its copy, SEO texts, hero art, the offer it sells (a tariff of
 * the tariff flow, pb_special or unlisted discount ones included, and/or a promo code for /code) and a featured
 * title of the catalogue, in its period [starts_at, ends_at). Outside the period the page stays, saying the offer
 * is over (the offer itself is no longer given out).
 */
export const landings = pgTable('landings', {
  id: id(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  lead: text('lead').notNull(),
  sections: jsonb('sections').$type<LandingSectionRow[]>().notNull().default([]),
  hero: jsonb('hero').$type<HeroArt>().notNull(),
  seoTitle: text('seo_title').notNull(),
  seoDescription: text('seo_description').notNull(),
  /** The button's words («Оформить за 149 ₽», «Ввести промокод»). */
  ctaText: text('cta_text').notNull(),
  /** The tariff the button opens the payment link of. */
  tariffId: uuid('tariff_id').references(() => tariffs.id),
  /** The promo code the button takes to /code?code=… (a partner's landing may have none: the code comes from the partner). */
  promoCode: text('promo_code'),
  /** A partner landing without a shared code still leads to /code, where the partner's personal code is entered. */
  codeEntry: boolean('code_entry').notNull().default(false),
  titleId: uuid('title_id').references(() => titles.id, { onDelete: 'set null' }),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

/**
 * An offer of the shell's marketing popups (spec platform §4 Offers, §5 upsell, §2 the play-grand popup): its
 * kind, audience rules (countries, registered only), period, priority among running offers of its kind, what it
 * sells (a tariff, a promo code or a landing to open) and its texts and image.
 */
export const offers = pgTable(
  'offers',
  {
    id: id(),
    /** The campaign's stable name (the from-offer flag carries it). */
    alias: text('alias').notNull().unique(),
    kind: text('kind').$type<'offer' | 'play_grand' | 'upsell'>().notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    ctaText: text('cta_text').notNull(),
    /** A site path of the popup's picture (apps/web/public). */
    image: text('image'),
    tariffId: uuid('tariff_id').references(() => tariffs.id),
    promoCode: text('promo_code'),
    landingSlug: text('landing_slug'),
    audience: text('audience').$type<'all' | 'registered'>().notNull().default('all'),
    countries: text('countries').array().notNull().default(sql`'{RU}'::text[]`),
    priority: integer('priority').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check('offers_kind_check', sql`${t.kind} in ('offer', 'play_grand', 'upsell')`),
    check('offers_audience_check', sql`${t.audience} in ('all', 'registered')`),
    index('offers_kind_idx').on(t.kind, t.isActive),
  ],
);

/**
 * An offer shown to an account, and its answer: one row per offer and account (the unique key makes concurrent
 * "shown" calls record one). The upsell's row is shown again once its windows are over (shown_at moves on).
 */
export const offerImpressions = pgTable(
  'offer_impressions',
  {
    id: id(),
    offerId: uuid('offer_id').notNull().references(() => offers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Where it was shown: main, product, subscriptions. */
    placement: text('placement').notNull(),
    shownAt: timestamp('shown_at', { withTimezone: true }).notNull(),
    answer: text('answer').$type<'closed' | 'accepted'>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('offer_impressions_offer_user_key').on(t.offerId, t.userId), check('offer_impressions_answer_check', sql`${t.answer} is null or ${t.answer} in ('closed', 'accepted')`)],
);
// ---------------------------------------------------------------- end landings and offers

// ---------------------------------------------------------------- brute-force limits

/**
 * Attempts counted by the brute-force limits (failed sign-ins per account and per address, device logins per
 * address, failed promo codes) when REDIS_URL is unset: one row per attempt, so every API process sees the
 * same sliding window. `member` names what an attempt was at (the account of a failed sign-in), so a limit can
 * count distinct accounts per address. Rows older than the longest window are pruned as attempts come in.
 */
export const limitAttempts = pgTable(
  'limit_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    member: text('member').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('limit_attempts_key_at_idx').on(t.key, t.at), index('limit_attempts_at_idx').on(t.at)],
);
