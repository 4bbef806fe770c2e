import { z } from 'zod';
import { TitleCardSchema } from './catalog.ts';
import { MAX_ALIAS_LENGTH, QueryBooleanSchema, pagedSchema } from './common.ts';

// Personal lists of the session's current profile (spec platform §3 client state "profile", §4 Lists, §7:
// favorites, continue watching, history, rated content).

const ALIAS_RE = /^[a-z0-9-]+$/;
/** A title alias in a path. */
export const ListAliasParamsSchema = z.object({ alias: z.string().min(1).max(MAX_ALIAS_LENGTH).regex(ALIAS_RE, 'alias is lowercase latin, digits and -') });

/** Paging of a personal list (spec platform §4 Lists, §9: 20 cards by default). */
export const ListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Only kids titles (the kids home of an adult profile); a child profile gets only its kids scope anyway. */
  for_kids: QueryBooleanSchema.default(false),
});
export type ListQuery = z.infer<typeof ListQuerySchema>;

/** Where a profile stopped in a title: the episode to resume (null for a film), the position and how much was watched. */
export const ResumePointSchema = z.object({
  episode_id: z.string().nullable(),
  season_number: z.number().int().nullable(),
  episode_number: z.number().int().nullable(),
  /** Seconds from the start. */
  position: z.number().int(),
  /** Seconds in all. */
  duration: z.number().int(),
  /** Whole percent watched, 0…100. */
  percent: z.number().int(),
  is_finished: z.boolean(),
  /** The start of the episode after a finished one (position 0): the series goes on. */
  next: z.boolean(),
  updated_at: z.string(),
});
export type ResumePoint = z.infer<typeof ResumePointSchema>;

/** A favorite: the card and when it was added. */
export const FavoriteItemSchema = TitleCardSchema.extend({ added_at: z.string() });
export const FavoritesListSchema = pagedSchema(FavoriteItemSchema).meta({ id: 'FavoritesList' });
export type FavoritesList = z.infer<typeof FavoritesListSchema>;

/** A title to continue: the card and the point to resume from (the next episode once one is finished). */
export const ContinueWatchingItemSchema = TitleCardSchema.extend({ progress: ResumePointSchema });
export const ContinueWatchingListSchema = pagedSchema(ContinueWatchingItemSchema).meta({ id: 'ContinueWatchingList' });
export type ContinueWatchingList = z.infer<typeof ContinueWatchingListSchema>;

/** A watched title: the card, when it was last watched and where it stopped. */
export const HistoryItemSchema = TitleCardSchema.extend({ watched_at: z.string(), progress: ResumePointSchema });
export const HistoryListSchema = pagedSchema(HistoryItemSchema).meta({ id: 'HistoryList' });
export type HistoryList = z.infer<typeof HistoryListSchema>;

/** A rated title: the card and the profile's own rating. */
export const RatedItemSchema = TitleCardSchema.extend({ user_rating: z.number().int(), rated_at: z.string() });
export const RatedListSchema = pagedSchema(RatedItemSchema).meta({ id: 'RatedList' });
export type RatedList = z.infer<typeof RatedListSchema>;

/** Every favorite of the profile by alias, newest first: what cards need to show their favorite button. */
export const FavoriteAliasesSchema = z.object({ aliases: z.array(z.string()) }).meta({ id: 'FavoriteAliases' });
export type FavoriteAliases = z.infer<typeof FavoriteAliasesSchema>;

/** The answer of adding or removing a favorite. */
export const FavoriteStateSchema = z.object({ alias: z.string(), is_favorite: z.boolean() }).meta({ id: 'FavoriteState' });
export type FavoriteState = z.infer<typeof FavoriteStateSchema>;

/** A personal rating, 1 to 10. */
export const RatingRequestSchema = z.object({ value: z.number().int('the rating is a whole number').min(1).max(10) });
export type RatingRequest = z.infer<typeof RatingRequestSchema>;
export const RatingStateSchema = z.object({ alias: z.string(), rating: z.number().int().nullable() }).meta({ id: 'RatingState' });
export type RatingState = z.infer<typeof RatingStateSchema>;

/**
 * A progress report of the player: the title (its uid), the episode for a series, the position and the
 * duration in seconds, and when the player took it (reports may arrive out of order: the newest wins).
 */
export const ProgressReportSchema = z
  .object({
    uid: z.uuid('uid is the title uid'),
    episode_id: z.uuid('episode_id is an episode id').nullish(),
    position: z.number().min(0).max(86_400),
    duration: z.number().positive().max(86_400),
    /** When the player took the position; the server's time when left out. */
    reported_at: z.iso.datetime({ offset: true }).optional(),
  })
  .meta({ id: 'ProgressReport' });
export type ProgressReport = z.infer<typeof ProgressReportSchema>;

/** The stored progress after a report; applied is false when a newer report was already stored. */
export const ProgressStateSchema = z
  .object({ uid: z.string(), applied: z.boolean(), progress: ResumePointSchema })
  .meta({ id: 'ProgressState' });
export type ProgressState = z.infer<typeof ProgressStateSchema>;

/** The episode progress of a series, for the episode list of the title page. */
export const EpisodeProgressSchema = z.object({ episode_id: z.string(), percent: z.number().int(), is_finished: z.boolean() });

/** Everything personal the title page shows: favorite, own rating, where to resume, episodes watched. */
export const TitleStateSchema = z
  .object({
    alias: z.string(),
    is_favorite: z.boolean(),
    rating: z.number().int().nullable(),
    /** The point to resume from, or null when there is nothing to continue. */
    resume: ResumePointSchema.nullable(),
    episodes: z.array(EpisodeProgressSchema),
  })
  .meta({ id: 'TitleState' });
export type TitleState = z.infer<typeof TitleStateSchema>;
