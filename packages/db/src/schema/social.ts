import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './identity.ts';

// ---------------------------------------------------------------- social sign-in

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
