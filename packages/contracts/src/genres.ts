// Genre pages: spec catalogue §2 /genres/{genre?}, §3 content kinds for genre texts, §9 genre
// marketing texts.
import { GENRE_CATALOGUE_KINDS } from '@ekran/core';
import { z } from 'zod';
import { TitleCardSchema } from './catalog.ts';
import { ImageSchema, QueryBooleanSchema } from './common.ts';

/** A catalogue content kind of a genre: movies, series or animation (also the path of its category page). */
export const GenreKindSchema = z.enum(GENRE_CATALOGUE_KINDS);
export type GenreKind = z.infer<typeof GenreKindSchema>;

/** Titles of a genre per kind, as the viewer may see them. */
export const GenreCountsSchema = z.object({
  movies: z.number().int().min(0),
  series: z.number().int().min(0),
  animation: z.number().int().min(0),
});
export type GenreCounts = z.infer<typeof GenreCountsSchema>;

/** GET /api/v1/genres and /api/v1/genres/{alias} query: the kids catalogue on request (a child session always gets it). */
export const GenresQuerySchema = z.object({ for_kids: QueryBooleanSchema.default(false) });

/** A genre in the index: its counts per kind and the art of its most popular title. */
export const GenreSummarySchema = z.object({
  alias: z.string(),
  title: z.string(),
  counts: GenreCountsSchema,
  items_total: z.number().int().min(0),
  cover: ImageSchema.nullable(),
});
export type GenreSummary = z.infer<typeof GenreSummarySchema>;

/** Every genre that has titles the viewer may see, in the catalogue's order. */
export const GenreListSchema = z.object({ items: z.array(GenreSummarySchema) }).meta({ id: 'GenreList' });
export type GenreList = z.infer<typeof GenreListSchema>;

/** A genre's marketing text for one kind (catalogue §9): an H1-worthy heading, a meta description and paragraphs. */
export const GenreTextSchema = z.object({
  heading: z.string(),
  description: z.string(),
  body: z.array(z.string()),
});
export type GenreText = z.infer<typeof GenreTextSchema>;

/** One kind of a genre page: its text (null where none is written), its count and its most popular titles. */
export const GenreSectionSchema = z.object({
  kind: GenreKindSchema,
  text: GenreTextSchema.nullable(),
  items_total: z.number().int().min(0),
  items: z.array(TitleCardSchema),
});
export type GenreSection = z.infer<typeof GenreSectionSchema>;

/** A genre page: the genre and a section per kind that has titles the viewer may see, in GENRE_CATALOGUE_KINDS order. */
export const GenrePageSchema = z
  .object({
    alias: z.string(),
    title: z.string(),
    counts: GenreCountsSchema,
    items_total: z.number().int().min(0),
    sections: z.array(GenreSectionSchema),
  })
  .meta({ id: 'GenrePage' });
export type GenrePage = z.infer<typeof GenrePageSchema>;
