import {
  ApiPath, FavoriteChannelStateSchema, TvCatalogSchema, TvGuideSchema, TvOnAirSchema, TvScheduleSchema,
} from '@ekran/contracts';
import type { ApiCall } from './api-call.server.ts';

/** The viewer's tz hour offset (spec platform §7 GET TV: tz) and, where a page has one, its category and day. */
type TvListQuery = {
  tz: number;
  category?: string | undefined;
};

/**
 * The live TV pages' calls (spec platform §7 GET TV with tz, GET profile favorite channels, RU only). Every
 * answer is in the viewer's tz; outside RU they answer 403 tv_not_available (lists) or geo_error (one channel).
 */
export function tvApi(call: ApiCall) {
  return {
    /** spec platform §7 GET TV: the selections and the channels (of one category), each with now and next. */
    tvCatalog: (query: TvListQuery) => call(TvCatalogSchema, ApiPath.tv, { query }),
    /** Every channel's (or one category's) programmes of a local day, for the guide of /channel. */
    tvGuide: (query: TvListQuery & { date?: string | undefined }) => call(TvGuideSchema, ApiPath.tvGuide, { query }),
    /** One channel's local day (default today) and the days a channel page offers. */
    tvSchedule: (alias: string, query: { tz: number; date?: string | undefined }) => call(TvScheduleSchema, ApiPath.tvChannel(alias), { query }),
    /** What is on now and next on every channel the viewer may see. (The profile's favorites are the catalogue's is_favorite.) */
    tvOnAir: (query: { tz: number }) => call(TvOnAirSchema, ApiPath.tvOnAir, { query }),
    /** Adds a channel to the current profile's favorites, or removes it (both idempotent; a registered account only). */
    addFavoriteChannel: (alias: string) => call(FavoriteChannelStateSchema, ApiPath.favoriteChannel(alias), { method: 'PUT' }),
    removeFavoriteChannel: (alias: string) => call(FavoriteChannelStateSchema, ApiPath.favoriteChannel(alias), { method: 'DELETE' }),
  };
}
