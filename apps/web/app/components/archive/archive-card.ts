import type { CatchupBroadcast, CatchupItem } from '@ekran/contracts';
import { catchupGenreTitles, catchupRatingAge } from '@ekran/core';
import { clockInTz, dayMonthInTz, recordingTimeLeft } from '../tv/tv-format.ts';
import type { ArchiveCardView } from './archive-view.ts';

/** The newest airing of an item, with its stream (the episode of a series). */
function newestAiring(item: CatchupItem): { broadcast: CatchupBroadcast; season: number | null; episode: number | null } | null {
  let newest: { broadcast: CatchupBroadcast; season: number | null; episode: number | null } | null = null;
  for (const stream of item.streams) {
    for (const broadcast of stream.broadcasts) {
      if (!newest || broadcast.program.start_ts > newest.broadcast.program.start_ts) {
        newest = { broadcast, season: stream.season_number, episode: stream.episode_number };
      }
    }
  }
  return newest;
}

/**
 * An archive card of a catch-up item (spec catalogue §3, §4): its newest airing's channel and time in the viewer's
 * tz (an hour offset, platform §7), the time left before it expires at `nowMs`, genres from a list or a JSON-like
 * string, 18+ without an age, and the pictures in the order they are tried.
 */
export function toArchiveCard(item: CatchupItem, tz: number, nowMs: number): ArchiveCardView {
  const newest = newestAiring(item);
  const startedMs = newest ? newest.broadcast.program.start_ts * 1000 : null;
  return {
    id: item.id,
    title: item.title,
    year: item.year,
    isSeries: item.category.alias === 'series',
    genres: catchupGenreTitles(item.genres),
    ratingAge: catchupRatingAge(item.rating_age),
    images: [item.images.frame_wide, item.images.cover].map(({ url, width }) => ({ url, width })),
    channel: newest ? { logo: newest.broadcast.channel.logo, title: newest.broadcast.channel.title } : null,
    aired: startedMs === null ? null : `${dayMonthInTz(startedMs, tz)}, ${clockInTz(startedMs, tz)}`,
    episode: newest && newest.season !== null && newest.episode !== null ? { season: newest.season, episode: newest.episode } : null,
    // The card opens the newest airing's recording: its own expiry (the item's is its latest recording's).
    timeLeft: recordingTimeLeft(newest?.broadcast.program.expired_at ?? item.expired_at, nowMs),
  };
}
