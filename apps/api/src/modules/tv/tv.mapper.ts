import type { TvCategory, TvChannel, TvProgramme } from '@ekran/contracts';
import { epochSeconds, isoInTz, isRecordingAvailable } from '@ekran/core';
import { posterImage } from '../images/poster-url.ts';
import type { CategoryRow, ChannelRow, ProgrammeRow } from './tv.repo.ts';

/** A category row as the contract's category. */
export const toCategory = (c: CategoryRow): TvCategory => ({ alias: c.alias, title: c.title, for_kids: c.forKids });

/** A programme in the viewer's tz, with its state at `now` (on air, recording offered). */
export function toProgramme(p: ProgrammeRow, channelAlias: string, tz: number, now: Date): TvProgramme {
  return {
    id: p.id,
    channel: channelAlias,
    title: p.title,
    sub_title: p.subTitle,
    description: p.description,
    start_ts: epochSeconds(p.startsAt),
    end_ts: epochSeconds(p.endsAt),
    start: isoInTz(p.startsAt, tz),
    end: isoInTz(p.endsAt, tz),
    category: p.categories[0] ?? null,
    rating_age: p.ratingAge,
    year: p.year,
    // The guide's own picture, else the catalogue title's art (a frame in 16:9).
    poster: p.poster ?? (p.linked ? posterImage(p.linked.poster, 'horizontal').url : null),
    title_link: p.linked ? { alias: p.linked.alias, _cls: p.linked.kind === 'series' ? 'Product.Series' : 'Product.Movie' } : null,
    season_number: p.seasonNumber,
    episode_number: p.episodeNumber,
    is_live: p.startsAt <= now && now < p.endsAt,
    is_recorded: p.linked !== null && p.expiredAt !== null,
    is_catchup_available: p.linked !== null && isRecordingAvailable(p, now),
    expired_at: p.linked && p.expiredAt ? p.expiredAt.toISOString() : null,
  };
}

/** A channel row as the contract's channel. */
export function toChannel(c: ChannelRow, extra: { categories: TvCategory[]; isFavorite: boolean; now: TvProgramme | null; next: TvProgramme | null }): TvChannel {
  return {
    id: c.id,
    alias: c.alias,
    title: c.title,
    number: c.number,
    logo: c.logo,
    description: c.description,
    categories: extra.categories,
    for_kids: c.forKids,
    is_free: c.isFree,
    rating_age: c.ratingAge,
    is_favorite: extra.isFavorite,
    now: extra.now,
    next: extra.next,
  };
}
