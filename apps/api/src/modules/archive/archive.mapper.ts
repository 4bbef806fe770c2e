import type { CatchupBroadcast, CatchupItem, CatchupStream } from '@ekran/contracts';
import { ARCHIVE_CATEGORY_TITLES, catchupRatingAge, epochSeconds } from '@ekran/core';
import { posterImage } from '../images/poster-url.ts';
import type { ArchiveTitleRow, BroadcastRow } from './archive.repo.ts';

const firstSentence = (text: string) => (text.match(/^.*?[.!?…](\s|$)/)?.[0] ?? text).trim();

function toBroadcast(b: BroadcastRow, art: ArchiveTitleRow['poster']): CatchupBroadcast {
  return {
    channel: { logo: b.channelLogo, title: b.channelTitle, alias: b.channelAlias },
    program: {
      id: b.id,
      start_ts: epochSeconds(b.startsAt),
      end_ts: epochSeconds(b.endsAt),
      // The guide's own picture, else a frame of the title's art.
      poster: b.poster ?? posterImage({ ...art, seed: art.seed + 1 }, 'horizontal').url,
      expired_at: b.expiredAt.toISOString(),
    },
  };
}

/**
 * spec catalogue §3 Catch-up item of a title and its recordings offered now (newest first). `id` is the
 * recording the item stands for: the newest airing in lists, the one asked for when one item is asked.
 */
export function toCatchupItem(
  title: ArchiveTitleRow,
  input: { id?: string | undefined; genres: string[]; broadcasts: BroadcastRow[]; episodeTitle: (season: number, episode: number) => string | undefined },
): CatchupItem {
  const { broadcasts } = input;
  const isSeries = title.kind === 'series';
  const streams: CatchupStream[] = [];
  const byEpisode = new Map<string, CatchupStream>();
  for (const b of broadcasts) {
    const season = isSeries ? b.seasonNumber : null;
    const episode = isSeries ? b.episodeNumber : null;
    const key = `${season}/${episode}`;
    let stream = byEpisode.get(key);
    if (!stream) {
      const episodeTitle = season !== null && episode !== null ? (input.episodeTitle(season, episode) ?? b.subTitle) : isSeries ? b.subTitle : null;
      stream = { season_number: season, episode_number: episode, episode_title: episodeTitle, broadcasts: [] };
      byEpisode.set(key, stream);
      streams.push(stream);
    }
    stream.broadcasts.push(toBroadcast(b, title.poster));
  }
  const expiredAt = broadcasts.reduce((latest, b) => (b.expiredAt > latest ? b.expiredAt : latest), broadcasts[0]?.expiredAt ?? new Date(0));
  const art = title.poster;
  const quote = firstSentence(title.description);
  return {
    id: input.id ?? broadcasts[0]?.id ?? title.id,
    title: title.title,
    alias: title.alias,
    category: { alias: isSeries ? 'series' : 'movie', title: ARCHIVE_CATEGORY_TITLES[isSeries ? 'series' : 'movies'] },
    genres: input.genres,
    rating_age: catchupRatingAge(title.ratingAge),
    expired_at: expiredAt.toISOString(),
    year: title.year,
    duration_minutes: title.durationMinutes,
    images: {
      frame_wide: posterImage({ ...art, seed: art.seed + 1 }, 'horizontal'),
      cover: posterImage(art, 'horizontal'),
      poster: posterImage(art, 'vertical'),
      cover_vertical: posterImage({ ...art, seed: art.seed + 1 }, 'vertical'),
    },
    quote: quote && quote !== title.description ? quote : null,
    description: title.description,
    streams,
  };
}
