import { DEFAULT_TV_TZ, isIsoDate, isTvTz } from '@ekran/core';
import { z } from 'zod';
import { TitleClsSchema } from './catalog.ts';
import { QueryBooleanSchema } from './common.ts';

// Live TV data: channels and their categories (tv_selection), the XMLTV programme guide in the
// viewer's zone, favorite channels. spec platform §2 TV, §6 geo rules, §7 "GET TV: client key, tz (browser
// hour offset)" and "GET profile favorite channels: RU only". Outside RU every call here answers 403
// tv_not_available (lists) or geo_error with attribute tvchannels_{channel} (one channel).

const ALIAS_RE = /^[a-z0-9-]+$/;
/** A channel or category alias (a channel may also be named by its id, a uuid, which matches too). */
const AliasSchema = z.string().min(1).max(80).regex(ALIAS_RE, 'lowercase latin, digits and -');

/**
 * The viewer's hour offset from UTC, east positive (Moscow 3), in quarter hours from -12 to 14; without one the
 * guide is in Moscow time.
 */
export const TvTzSchema = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number().refine(isTvTz, 'an hour offset from -12 to 14, in quarter hours').default(DEFAULT_TV_TZ),
);

/** A day of the guide, YYYY-MM-DD: the viewer's local day in its tz. */
export const TvDateSchema = z.string().refine(isIsoDate, 'a date YYYY-MM-DD');

/** A TV category (the tv_selection of /channel/?category={alias}). */
export const TvCategorySchema = z
  .object({
    alias: z.string(),
    title: z.string(),
    /** The kids category: what a child profile sees under «Детское ТВ». */
    for_kids: z.boolean(),
  })
  .meta({ id: 'TvCategory' });
export type TvCategory = z.infer<typeof TvCategorySchema>;

/** A TV category in the TV catalogue, with how many of the listed channels are in it. */
export const TvSelectionSchema = TvCategorySchema.extend({ channels_count: z.number().int() }).meta({ id: 'TvSelection' });
export type TvSelection = z.infer<typeof TvSelectionSchema>;

/** A catalogue title a programme is (a film or a series of ours): where its page is. */
export const TvTitleLinkSchema = z.object({ alias: z.string(), _cls: TitleClsSchema });
export type TvTitleLink = z.infer<typeof TvTitleLinkSchema>;

/** A programme of the guide. Times as epoch seconds and as ISO 8601 in the viewer's tz. */
export const TvProgrammeSchema = z
  .object({
    id: z.string(),
    /** The channel's alias. */
    channel: z.string(),
    title: z.string(),
    sub_title: z.string().nullable(),
    description: z.string(),
    start_ts: z.number().int(),
    end_ts: z.number().int(),
    /** start_ts as ISO 8601 in the viewer's tz, e.g. 2026-11-21T21:30:00+03:00. */
    start: z.string(),
    end: z.string(),
    /** The first XMLTV category (Фильм, Сериал, Новости, …), if any. */
    category: z.string().nullable(),
    rating_age: z.string().nullable(),
    year: z.number().int().nullable(),
    /** A poster or frame of the programme: the XMLTV icon, else the catalogue title's art. */
    poster: z.string().nullable(),
    /** The catalogue title this programme is, when it is one of ours. */
    title_link: TvTitleLinkSchema.nullable(),
    season_number: z.number().int().nullable(),
    episode_number: z.number().int().nullable(),
    /** It is on air now. */
    is_live: z.boolean(),
    /** It is (or will be) recorded into the archive: a film or series of ours, offered until expired_at. */
    is_recorded: z.boolean(),
    /** Its recording can be watched now (it has ended and has not expired); its catch-up id is this id. */
    is_catchup_available: z.boolean(),
    /** ISO 8601 (UTC): the recording is gone from then on; null when it is not recorded. */
    expired_at: z.string().nullable(),
  })
  .meta({ id: 'TvProgramme' });
export type TvProgramme = z.infer<typeof TvProgrammeSchema>;

/** A live TV channel, with what is on now and next. */
export const TvChannelSchema = z
  .object({
    id: z.string(),
    alias: z.string(),
    title: z.string(),
    /** Its number in the list (the order of /tvchannels). */
    number: z.number().int(),
    /** The logo's URL (a path on the site). */
    logo: z.string(),
    description: z.string(),
    categories: z.array(TvCategorySchema),
    for_kids: z.boolean(),
    /** Watched live without a subscription. */
    is_free: z.boolean(),
    rating_age: z.string(),
    /** In the current profile's favorite channels (false for an anonymous visitor). */
    is_favorite: z.boolean(),
    now: TvProgrammeSchema.nullable(),
    next: TvProgrammeSchema.nullable(),
  })
  .meta({ id: 'TvChannel' });
export type TvChannel = z.infer<typeof TvChannelSchema>;

/** spec platform §7 GET TV query: tz, and the tv_selection (category) and kids switch of /channel. */
export const TvQuerySchema = z.object({
  tz: TvTzSchema,
  /** Only the channels of this category (/channel/?category={alias}). */
  category: AliasSchema.optional(),
  /** Only kids channels (a child profile gets only them anyway: «Детское ТВ»). */
  for_kids: QueryBooleanSchema.default(false),
});
export type TvQuery = z.infer<typeof TvQuerySchema>;

/** spec platform §7 GET TV answer: the categories (selections) and the channels, each with now and next. */
export const TvCatalogSchema = z
  .object({
    tz: z.number(),
    /** The category asked for, or null for all channels. */
    category: z.string().nullable(),
    /** The categories with channels the viewer may see, in menu order. */
    selections: z.array(TvSelectionSchema),
    items: z.array(TvChannelSchema),
    /** The API's clock (ISO 8601, UTC) when it answered: a page moves on from it, whatever its own clock says. */
    server_time: z.string(),
  })
  .meta({ id: 'TvCatalog' });
export type TvCatalog = z.infer<typeof TvCatalogSchema>;

export const TvCategoryListSchema = z.object({ items: z.array(TvSelectionSchema) }).meta({ id: 'TvCategoryList' });
export type TvCategoryList = z.infer<typeof TvCategoryListSchema>;

/** A channel in a path: its alias (or its id). */
export const TvChannelParamsSchema = z.object({ channel: AliasSchema });

/** One channel's day: the viewer's local date (default today) in its tz. */
export const TvScheduleQuerySchema = z.object({ tz: TvTzSchema, date: TvDateSchema.optional() });
export type TvScheduleQuery = z.infer<typeof TvScheduleQuerySchema>;

/** A channel with the programmes of one local day (those that overlap it, in order), and the days offered. */
export const TvScheduleSchema = z
  .object({
    tz: z.number(),
    date: z.string(),
    /** The days a channel page offers: two weeks back (the archive's days) to a week ahead, oldest first. */
    dates: z.array(z.string()),
    channel: TvChannelSchema,
    items: z.array(TvProgrammeSchema),
    /** The API's clock (ISO 8601, UTC) when it answered: a page moves on from it, whatever its own clock says. */
    server_time: z.string(),
  })
  .meta({ id: 'TvSchedule' });
export type TvSchedule = z.infer<typeof TvScheduleSchema>;

/** What is on now and next on every channel the viewer may see (for a page that keeps it current). */
export const TvOnAirSchema = z
  .object({
    items: z.array(z.object({ channel: z.string(), now: TvProgrammeSchema.nullable(), next: TvProgrammeSchema.nullable() })),
    /** The API's clock (ISO 8601, UTC) when it answered: a page moves on from it, whatever its own clock says. */
    server_time: z.string(),
  })
  .meta({ id: 'TvOnAir' });
export type TvOnAir = z.infer<typeof TvOnAirSchema>;

/**
 * The programme guide of a day (/channel: every channel's programmes at once): GET TV's query with the viewer's
 * local date (default today).
 */
export const TvGuideQuerySchema = TvQuerySchema.extend({ date: TvDateSchema.optional() });
export type TvGuideQuery = z.infer<typeof TvGuideQuerySchema>;

/** The guide of one local day: the channels (of one category when asked), each with that day's programmes. */
export const TvGuideSchema = z
  .object({
    tz: z.number(),
    date: z.string(),
    /** The days the guide offers: as a channel's day, two weeks back to a week ahead, oldest first. */
    dates: z.array(z.string()),
    category: z.string().nullable(),
    selections: z.array(TvSelectionSchema),
    items: z.array(z.object({ channel: TvChannelSchema, programmes: z.array(TvProgrammeSchema) })),
    /** The API's clock (ISO 8601, UTC) when it answered: a page moves on from it, whatever its own clock says. */
    server_time: z.string(),
  })
  .meta({ id: 'TvGuide' });
export type TvGuide = z.infer<typeof TvGuideSchema>;

export const TvOnAirQuerySchema = z.object({ tz: TvTzSchema, for_kids: QueryBooleanSchema.default(false) });

/** spec platform §7 GET profile favorite channels (RU only): the current profile's channels, in channel order. */
export const FavoriteChannelsSchema = z.object({ items: z.array(TvChannelSchema) }).meta({ id: 'FavoriteChannels' });
export type FavoriteChannels = z.infer<typeof FavoriteChannelsSchema>;

/** A channel's place in the favorites after adding or removing it (both idempotent). */
export const FavoriteChannelStateSchema = z.object({ alias: z.string(), is_favorite: z.boolean() }).meta({ id: 'FavoriteChannelState' });
export type FavoriteChannelState = z.infer<typeof FavoriteChannelStateSchema>;

/** The prefix of the geo_error attribute of a channel: tvchannels_{channel} (spec platform §6). */
export const TV_GEO_ATTRIBUTE_PREFIX = 'tvchannels_';
