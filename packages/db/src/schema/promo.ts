import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './identity.ts';
import { subscriptions, tariffs } from './billing.ts';

// ---------------------------------------------------------------- promo: promo codes, coupons, gift certificates

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
