import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

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
    // What playback gating reads (platform §4, §6); the partner and operator flows that
    // set them come with billing.
    /** The partner the account came through (e.g. ttk: the partner popup instead of the tariff flow). */
    partnerName: text('partner_name'),
    /** Mobile-operator customer (platform §3 mf_info.is_mf). */
    isOperator: boolean('is_operator').notNull().default(false),
    /** Operator popup state (mf_info.mf_pop_up): no_money blocks playback with «Пополните баланс и возвращайтесь». */
    operatorPopup: text('operator_popup').$type<'no_money' | 'got_money' | 'info'>(),
    /**
     * The country where the operator customer closed the "no operator app here" popup (platform §6
     * "some configured countries without the operator app get a special popup"); it shows again in another one.
     */
    operatorNoAppSeenCountry: text('operator_no_app_seen_country'),
    /** Back-office roles of the account (support answers tickets); staff routes need one (plugins/audience.ts). */
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
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
    // ---- profiles: avatar, the child form, the profile's own interface language
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
    // The browser or app that last used the device, for a readable name in the list.
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
    // Why the session ended, so a removed device gets its own answer (DEVICE_REMOVED).
    revokedReason: text('revoked_reason').$type<'device_removed'>(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_device_idx').on(t.deviceId)],
);

/**
 * The version of what an account's auth data is made of (spec platform §3: the user, its profiles, devices,
 * subscriptions, orders, linked identities, parental control, partner and operator subscriptions). Row triggers on
 * those tables bump it when their transaction commits (migration 0023_account_state), so an answer kept for the
 * account is known to be out of date by the same query that finds the session (docs/decisions/047-account-answers-cache.md).
 * No foreign key: the bump of a deleted user's last rows runs after the user is gone.
 */
export const accountState = pgTable('account_state', {
  userId: uuid('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * The channel on which the database announces, at commit, a change of an account's version or of one of its
 * sessions, with the user's id (migration 0024_account_changes; docs/decisions/049-sessions-kept-per-process.md).
 */
export const ACCOUNT_CHANGES_CHANNEL = 'ekran_account_changed';

export const codePurpose = pgEnum('code_purpose', [
  'email_confirm', 'sign_in', 'password_reset',
  // /account: a code that confirms deleting the account.
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
