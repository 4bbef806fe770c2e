import { z } from 'zod';
import { GenreRefSchema, TitleCardSchema, TitleClsSchema } from './catalog.ts';
import { ImageSchema, RatingAgeSchema } from './common.ts';

export const FilmographyEntrySchema = z.object({ alias: z.string(), title: z.string(), year: z.number().int() });

/** A person in a credit list; lists hold only entries with both name and alias (spec platform §3). */
export const CreditSchema = z.object({
  name: z.string(),
  alias: z.string(),
  name_original: z.string().nullable(),
  character_name: z.string().nullable(),
  photo: ImageSchema.nullable(),
  biography: z.string().nullable(),
  filmography: z.array(FilmographyEntrySchema),
});
export type Credit = z.infer<typeof CreditSchema>;

export const AdditionalContentSchema = z.object({
  _id: z.string(),
  uid: z.string(),
  kind: z.enum(['trailer', 'extra']),
  title: z.string(),
  description: z.string(),
  packshot: ImageSchema,
  video_src: z.string(),
});

export const EpisodeSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  duration_minutes: z.number().int(),
  ekran_id: z.string(),
  is_preview: z.boolean(),
  /** A 16:9 still of the episode for its row in the episode list (generated art until stills are ingested). */
  still: ImageSchema,
});
export const SeasonSchema = z.object({ number: z.number().int(), title: z.string(), episodes: z.array(EpisodeSchema) });

/** spec platform §3 Title: a product by alias. */
export const TitleSchema = z
  .object({
    _cls: TitleClsSchema,
    _id: z.string(),
    uid: z.string(),
    title: z.string(),
    title_original: z.string().nullable(),
    alias: z.string(),
    genres: z.array(GenreRefSchema),
    release_date: z.string(),
    ekran_release_date: z.string(),
    year: z.number().int(),
    description: z.string(),
    horizontal_poster: ImageSchema,
    vertical_poster: ImageSchema,
    rating_age: RatingAgeSchema,
    rating_ekran: z.number(),
    additional_content: z.array(AdditionalContentSchema),
    hashtags: z.array(z.string()),
    similar: z.array(TitleCardSchema),
    cast: z.array(CreditSchema),
    directors: z.array(CreditSchema),
    operators: z.array(CreditSchema),
    producers: z.array(CreditSchema),
    writers: z.array(CreditSchema),
    composers: z.array(CreditSchema),
    origin_countries: z.array(z.object({ code: z.string(), title: z.string() })),
    locales: z.array(z.string()),
    seo: z.object({ subject: z.string() }),
    duration_minutes: z.number().int().nullable(),
    is_disabled: z.boolean(),
    unavailable_by_geo: z.boolean(),
    for_kids: z.boolean(),
    is_free: z.boolean(),
    items: z.array(SeasonSchema),
    playback_options: z.object({ url: z.string() }),
    trailer_src: z.string().nullable(),
  })
  .meta({ id: 'Title' });
export type Title = z.infer<typeof TitleSchema>;
