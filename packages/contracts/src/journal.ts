// ---- The journal: rubrics, articles with their body blocks, the articles of a title (docs/decisions/052-journal.md).
import { JOURNAL_PAGE_SIZE } from '@ekran/core';
import { z } from 'zod';
import { TitleCardSchema } from './catalog.ts';
import { AliasSchema, pagingQuerySchema } from './collections.ts';
import { ImageSchema, pagedSchema } from './common.ts';

/** A rubric of the journal, in the order of its tabs. */
export const JournalRubricSchema = z
  .object({ alias: z.string(), title: z.string(), description: z.string(), url: z.string() })
  .meta({ id: 'JournalRubric' });
export type JournalRubric = z.infer<typeof JournalRubricSchema>;

export const JournalRubricListSchema = z.object({ items: z.array(JournalRubricSchema) }).meta({ id: 'JournalRubricList' });
export type JournalRubricList = z.infer<typeof JournalRubricListSchema>;

/** An article as a card of a list: rubric, title, lead, cover, dates and reading time. */
export const ArticleSummarySchema = z
  .object({
    alias: z.string(),
    url: z.string(),
    title: z.string(),
    lead: z.string(),
    cover: ImageSchema,
    /** What the cover shows, for its alt text. */
    cover_alt: z.string(),
    rubric: JournalRubricSchema,
    author: z.string(),
    tags: z.array(z.string()),
    published_at: z.string(),
    updated_at: z.string(),
    reading_minutes: z.number().int().min(1),
  })
  .meta({ id: 'ArticleSummary' });
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

/** A picture of a gallery: generated art (a title's or its own), with its alt text. */
export const GalleryImageSchema = z.object({ image: ImageSchema, alt: z.string() });
export type GalleryImage = z.infer<typeof GalleryImageSchema>;

/**
 * A block of an article's body: sanitised HTML of its Markdown, a card of a title it mentions, or a gallery. A
 * directive naming a title the caller may not see (or none) is no block at all.
 */
export const ArticleBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('html'), html: z.string() }),
  z.object({ type: z.literal('title'), title: TitleCardSchema }),
  z.object({ type: z.literal('gallery'), images: z.array(GalleryImageSchema).min(1), caption: z.string() }),
]);
export type ArticleBlock = z.infer<typeof ArticleBlockSchema>;

/** An article's page: its card, its body's blocks, the titles it mentions and a few related articles. */
export const ArticleSchema = ArticleSummarySchema.extend({
  blocks: z.array(ArticleBlockSchema),
  /** The titles the article mentions, in order: «Фильмы и сериалы из статьи». */
  titles: z.array(TitleCardSchema),
  related: z.array(ArticleSummarySchema),
}).meta({ id: 'Article' });
export type Article = z.infer<typeof ArticleSchema>;

/** GET journal articles: a page of the published articles, all or a rubric's, newest first. */
export const JournalListQuerySchema = pagingQuerySchema(JOURNAL_PAGE_SIZE).extend({ rubric: AliasSchema.optional() });
export type JournalListQuery = z.infer<typeof JournalListQuerySchema>;
export const ArticleListSchema = pagedSchema(ArticleSummarySchema).meta({ id: 'ArticleList' });
export type ArticleList = z.infer<typeof ArticleListSchema>;

/** The published articles that mention a title, newest first: the articles sub-page of /watch/{alias}. */
export const TitleArticlesSchema = z.object({ items: z.array(ArticleSummarySchema) }).meta({ id: 'TitleArticles' });
export type TitleArticles = z.infer<typeof TitleArticlesSchema>;
