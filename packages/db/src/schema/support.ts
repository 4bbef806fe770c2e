import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tsvector } from '../search-sql.ts';
import { createdAt, id } from './columns.ts';
import { users } from './identity.ts';

// ---------------------------------------------------------------- support
// The help centre and support tickets (spec platform §1 "support articles and tickets", §2 /support/{type?}, /faq,
// /contacts, /account/support; §3 client state "support tickets/categories/sections/articles/messages").
// docs/decisions/051-help-centre-and-tickets.md

/** Raw bytes (PostgreSQL bytea) as a Node Buffer; drizzle has no built-in type for it. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A section of the help centre (Аккаунт и вход, Подписка и оплата, …): the first level of /support/{section}. */
export const supportSections = pgTable('support_sections', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

/** A category inside a section: a group of articles under one heading. */
export const supportCategories = pgTable(
  'support_categories',
  {
    id: id(),
    sectionId: uuid('section_id').notNull().references(() => supportSections.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('support_categories_section_alias_key').on(t.sectionId, t.alias)],
);

/**
 * A help article: Markdown body (rendered by the API's one Markdown renderer), an editorial popularity and the
 * «Был ли ответ полезен?» counters. The search reads the stored search forms (search-sql.ts's normaliser), so ё/е,
 * case and punctuation do not matter, and a trigram match forgives a typo.
 */
export const supportArticles = pgTable(
  'support_articles',
  {
    id: id(),
    categoryId: uuid('category_id').notNull().references(() => supportCategories.id, { onDelete: 'cascade' }),
    /** Unique across the help centre: /support/{section}/{alias}. */
    alias: text('alias').notNull().unique(),
    title: text('title').notNull(),
    /** One or two sentences: the description of the page and the line under the title in lists. */
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    /** Words viewers search with that the text does not hold (Смарт ТВ, телик, автоплатёж). */
    keywords: text('keywords').notNull().default(''),
    position: integer('position').notNull().default(0),
    /** Shown on /faq among its section's questions. */
    isFaq: boolean('is_faq').notNull().default(false),
    /** The editors' order of the «Популярные вопросы» list (higher first). */
    popularity: integer('popularity').notNull().default(0),
    helpfulCount: integer('helpful_count').notNull().default(0),
    unhelpfulCount: integer('unhelpful_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    /** The search form of title, keywords, summary and body: what the trigram (typo) match reads. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`ekran_search_normalize(title || ' ' || keywords || ' ' || summary || ' ' || body)`),
    /** Full text: title (A), keywords and summary (B), body (D), in the Russian configuration. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('russian'::regconfig, ekran_search_normalize(title)), 'A') || setweight(to_tsvector('russian'::regconfig, ekran_search_normalize(keywords || ' ' || summary)), 'B') || setweight(to_tsvector('russian'::regconfig, ekran_search_normalize(body)), 'D')`,
      ),
  },
  (t) => [
    index('support_articles_category_idx').on(t.categoryId),
    index('support_articles_search_idx').using('gin', t.searchVector),
    index('support_articles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** One «полезно / не полезно» vote per visitor per article (the voter is a hash: an account or an address). */
export const supportArticleVotes = pgTable(
  'support_article_votes',
  {
    articleId: uuid('article_id').notNull().references(() => supportArticles.id, { onDelete: 'cascade' }),
    voter: text('voter').notNull(),
    isHelpful: boolean('is_helpful').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.voter] })],
);

/**
 * A support ticket: an account's (user_id) or a guest's (email and a private link's token hash). Status open (the
 * viewer wrote last), answered (support wrote last), closed. Unread: support wrote after the viewer last read it.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: id(),
    /** The number a viewer and support name the ticket by (№ 1042). */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Where the letters about answers go: the guest's address, or the account's at the time. */
    email: text('email'),
    /** The guest's private link: the hash of its token (the token itself is only in the letter). */
    guestTokenHash: text('guest_token_hash').unique(),
    topic: text('topic').notNull(),
    subject: text('subject').notNull(),
    status: text('status').$type<'open' | 'answered' | 'closed'>().notNull().default('open'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastStaffMessageAt: timestamp('last_staff_message_at', { withTimezone: true }),
    viewerReadAt: timestamp('viewer_read_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_tickets_user_idx').on(t.userId, t.lastMessageAt),
    index('support_tickets_status_idx').on(t.status, t.lastMessageAt),
    check('support_tickets_status_check', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('support_tickets_owner_check', sql`${t.userId} is not null or (${t.email} is not null and ${t.guestTokenHash} is not null)`),
  ],
);

/** A message of a ticket's thread, by the viewer or by support (staff_user_id names who answered). */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: id(),
    ticketId: uuid('ticket_id').notNull().references(() => supportTickets.id, { onDelete: 'cascade' }),
    author: text('author').$type<'viewer' | 'staff'>().notNull(),
    staffUserId: uuid('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The order of writing: two messages of one instant still read in the order they were written. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_ticket_idx').on(t.ticketId, t.seq), check('support_messages_author_check', sql`${t.author} in ('viewer', 'staff')`)],
);

/**
 * An image attached to a message: the re-encoded bytes (metadata stripped, bounded size) kept in the database, so
 * every API process serves them.
 */
export const supportAttachments = pgTable(
  'support_attachments',
  {
    id: id(),
    ticketId: uuid('ticket_id').notNull().references(() => supportTickets.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').notNull().references(() => supportMessages.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The order the viewer attached them in. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_attachments_message_idx').on(t.messageId)],
);
// ---------------------------------------------------------------- end support
