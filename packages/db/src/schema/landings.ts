import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './identity.ts';
import { tariffs } from './billing.ts';
import { titles } from './catalog.ts';

// ---------------------------------------------------------------- landings and offers

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
