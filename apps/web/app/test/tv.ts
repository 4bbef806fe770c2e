// TV data as the API answers it, for the TV pages' tests (the viewer in Moscow, tz 3).
import type { TvChannel, TvProgramme, TvSchedule, TvSelection } from '@ekran/contracts';
import { isoInTz } from '@ekran/core';

/** A programme of the guide between two instants (ISO, UTC), written in the viewer's tz as the API does. */
export function programme(id: string, title: string, starts: string, ends: string, o: Partial<TvProgramme> & { tz?: number } = {}): TvProgramme {
  const { tz = 3, ...rest } = o;
  return {
    id, channel: 'ekran-kino', title, sub_title: null, description: '', start_ts: Date.parse(starts) / 1000, end_ts: Date.parse(ends) / 1000,
    start: isoInTz(new Date(starts), tz), end: isoInTz(new Date(ends), tz), category: null, rating_age: '16+', year: null, poster: null, title_link: null,
    season_number: null, episode_number: null, is_live: false, is_recorded: false, is_catchup_available: false, expired_at: null, ...rest,
  };
}

/** A channel of the catalogue. */
export function channel(alias: string, o: Partial<TvChannel> = {}): TvChannel {
  return {
    id: `id-${alias}`, alias, title: alias, number: 1, logo: `/tv-logos/${alias}.svg`, description: '', categories: [], for_kids: false, is_free: false,
    rating_age: '16+', is_favorite: false, now: null, next: null, ...o,
  };
}

export const SELECTIONS: TvSelection[] = [
  { alias: 'kino', title: 'Кино', for_kids: false, channels_count: 3 },
  { alias: 'detskie', title: 'Детские', for_kids: true, channels_count: 2 },
];

/** A channel's day as GET /api/v1/tv/channels/{channel} answers it. */
export function schedule(c: TvChannel, date: string, items: TvProgramme[], serverTime: string, dates = [date]): TvSchedule {
  return { tz: 3, date, dates, channel: c, items, server_time: serverTime };
}
