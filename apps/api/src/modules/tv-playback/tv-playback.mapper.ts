import type { TvChannelBrief, TvProgrammeBrief } from '@ekran/contracts';
import type { ProgrammeRow, TvChannelRow } from './tv-playback.repo.ts';

/** A channel row as the watch pages show it. */
export function toChannelBrief(c: TvChannelRow): TvChannelBrief {
  return { id: c.id, alias: c.alias, title: c.title, logo: c.logo, is_free: c.isFree, for_kids: c.forKids, rating_age: c.ratingAge };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A programme row as the watch pages show it (ISO times and the spec's epoch seconds). */
export function toProgrammeBrief(row: ProgrammeRow): TvProgrammeBrief {
  const p = row.programme;
  return {
    id: p.id,
    title: p.title,
    sub_title: p.subTitle,
    starts_at: p.startsAt.toISOString(),
    ends_at: p.endsAt.toISOString(),
    start_ts: seconds(p.startsAt),
    end_ts: seconds(p.endsAt),
    rating_age: p.ratingAge ?? row.title?.ratingAge ?? null,
    poster: p.poster,
    title_alias: row.title?.alias ?? null,
    expired_at: p.expiredAt?.toISOString() ?? null,
  };
}
