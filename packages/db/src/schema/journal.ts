import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { titles } from './catalog.ts';

// ---------------------------------------------------------------- The journal (docs/decisions/052-journal.md)

/** A rubric of the journal («Рецензии», «Подборки», «Новости каталога», «Интервью»), in the order of its tabs. */
export const journalRubrics = pgTable('journal_rubrics', {
  id: id(),
  alias: text('alias').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  position: smallint('position').notNull().default(0),
});

/**
 * An article: Markdown with the journal's block directives (::title[alias], ::gallery[…]{caption}); its cover is an
 * art reference (a title's alias or an art spec, core parseArtRef). Public once published_at has come; a row
 * without published_at is a draft.
 */
export const journalArticles = pgTable(
  'journal_articles',
  {
    id: id(),
    alias: text('alias').notNull().unique(),
    rubricId: uuid('rubric_id').notNull().references(() => journalRubrics.id),
    title: text('title').notNull(),
    lead: text('lead').notNull(),
    cover: text('cover').notNull(),
    body: text('body').notNull(),
    author: text('author').notNull().default('Редакция Экрана'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // The lists walk the published articles newest first, all of them or a rubric's.
    index('journal_articles_published_idx').on(t.publishedAt, t.alias),
    index('journal_articles_rubric_idx').on(t.rubricId, t.publishedAt),
  ],
);

/** The titles an article mentions (its embeds and the editors' own list), in order: the title's articles sub-page. */
export const journalArticleTitles = pgTable(
  'journal_article_titles',
  {
    articleId: uuid('article_id').notNull().references(() => journalArticles.id, { onDelete: 'cascade' }),
    titleId: uuid('title_id').notNull().references(() => titles.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.titleId] }), index('journal_article_titles_title_idx').on(t.titleId)],
);
