import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './identity.ts';

// ---------------------------------------------------------------- legal documents, static pages, consents

/**
 * A legal document of spec platform §2 Legal (/legal/{alias}): terms_of_use, privacy_policy, terms_of_promocode,
 * persondata, cookies_policy. Its text lives in versions; the one in force is the newest whose effective_from has
 * come.
 */
export const legalDocuments = pgTable('legal_documents', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  /** One line for the /legal list. */
  description: text('description').notNull(),
  /** Order on /legal. */
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
});

/**
 * One version of a legal document: its Markdown body (with {{company.*}} placeholders the API fills from its
 * settings), when it takes effect, and what changed against the previous one. Versions are never edited once in
 * force: consents name them.
 */
export const legalDocumentVersions = pgTable(
  'legal_document_versions',
  {
    id: id(),
    documentId: uuid('document_id').notNull().references(() => legalDocuments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    bodyMd: text('body_md').notNull(),
    /** What changed against the previous version (empty for the first). */
    summary: text('summary').notNull().default(''),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('legal_document_versions_document_version_key').on(t.documentId, t.version),
    check('legal_document_versions_version_check', sql`${t.version} >= 1`),
  ],
);

/** A static page of spec platform §2 Static (/about, /corporateinfo, /confirmed, /denied): Markdown, title, description. */
export const pages = pgTable('pages', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  bodyMd: text('body_md').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a viewer accepted documents: the action whose page showed the accepting sentence. */
export type ConsentContext = 'signup' | 'phone' | 'social' | 'payment';

/**
 * The consent log: which version of which document an account accepted, when, where (the action) and from which
 * address. Written by the action itself; rows are only added, never changed.
 */
export const consents = pgTable(
  'consents',
  {
    id: id(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    documentAlias: text('document_alias').notNull(),
    version: integer('version').notNull(),
    context: text('context').$type<ConsentContext>().notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    /** What the action was about, when it names something: the tariff of a payment link, the order of a purchase. */
    reference: text('reference'),
  },
  (t) => [
    index('consents_user_idx').on(t.userId, t.acceptedAt),
    // One row per acceptance: a repeated request (a payment link opened again, a purchase retried with its idempotency
    // key) finds its consent recorded and adds none; the first acceptance's time stands.
    uniqueIndex('consents_once_key').on(t.userId, t.documentAlias, t.version, t.context, sql`coalesce(${t.reference}, '')`),
    check('consents_context_check', sql`${t.context} in ('signup', 'phone', 'social', 'payment')`),
  ],
);
// ---------------------------------------------------------------- end legal documents, static pages, consents
