import { sql, type SQL } from 'drizzle-orm';
import { customType, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Search: the expressions the search indexes are built on. The indexes (schema.ts) and the queries
// (apps/api search.repo.ts) use these same builders, because PostgreSQL only uses an expression index for a
// query that repeats its expression exactly. ekran_search_normalize() is created by the search migration
// and is the SQL twin of normalizeSearchText() in @ekran/core.

/** The search form of a text column (lower case, ё → е, accents folded, punctuation to spaces). */
export const searchForm = (column: AnyPgColumn): SQL => sql`ekran_search_normalize(${column})`;

/** The search form of a nullable text column, '' for null. */
export const searchFormOrEmpty = (column: AnyPgColumn): SQL => sql`ekran_search_normalize(coalesce(${column}, ''))`;

/**
 * A title's text-search vector: its name (weight A), original name (B) and description (D), in the Russian
 * configuration (which stems English words too).
 */
export const titleSearchVector = (title: AnyPgColumn, original: AnyPgColumn, description: AnyPgColumn): SQL =>
  sql`(setweight(to_tsvector('russian'::regconfig, ${searchForm(title)}), 'A') || setweight(to_tsvector('russian'::regconfig, ${searchFormOrEmpty(original)}), 'B') || setweight(to_tsvector('russian'::regconfig, ${searchForm(description)}), 'D'))`;

/** A person's text-search vector: name (A) and original name (B), unstemmed (names are not words). */
export const personSearchVector = (name: AnyPgColumn, original: AnyPgColumn): SQL =>
  sql`(setweight(to_tsvector('simple'::regconfig, ${searchForm(name)}), 'A') || setweight(to_tsvector('simple'::regconfig, ${searchFormOrEmpty(original)}), 'B'))`;

/** A tsvector column (drizzle has no built-in type for it); read as its text form. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
