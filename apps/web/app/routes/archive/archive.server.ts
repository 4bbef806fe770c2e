import type { CatchupBroadcast, CatchupItem, CatchupList } from '@ekran/contracts';
import {
  ARCHIVE_PAGE_SIZE, archiveCategoryTitle, archiveTitle, archiveUrl, catchupGenreTitles, catchupRatingAge, type ArchiveFilters, type CrumbInput,
  type Device,
} from '@ekran/core';
import Bowser from 'bowser';
import type { ArchiveCardView, ArchivePortion } from '../../components/archive/archive-view.ts';
import { clockInTz, dayMonthInTz, recordingTimeLeft } from '../../components/tv/tv-format.ts';
import { skipPortion } from '../../lib/listing.ts';

// issue 7 archive: what the archive list page and its portion resource make of the catch-up API's answers.

/**
 * The device the first portion is sized for, guessed from the browser's name as root.tsx guesses a mobile view
 * (spec catalogue §9 page sizes: 25 desktop, 20 tablet, 10 mobile); the browser sizes later portions by its
 * viewport. Without a name (a crawler), the desktop's.
 */
export function deviceOfUserAgent(userAgent: string | null | undefined): Device {
  const platform = userAgent ? Bowser.getParser(userAgent).getPlatformType(true) : 'desktop';
  return platform === 'mobile' ? 'mobile' : platform === 'tablet' ? 'tablet' : 'desktop';
}

/** The archive's first page size for a browser (catalogue §9). */
export const archivePageSizeFor = (userAgent: string | null | undefined): number => ARCHIVE_PAGE_SIZE[deviceOfUserAgent(userAgent)];

/** The page sizes a portion may be asked in: the devices' (catalogue §9). */
export const ARCHIVE_PORTION_SIZES: readonly number[] = [...new Set(Object.values(ARCHIVE_PAGE_SIZE))];

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

/** A page of the catch-up list as a portion of the grid: the next starts a page size further, capped at items_total. */
export function toArchivePortion(list: CatchupList, pageSize: number, tz: number, nowMs: number): ArchivePortion {
  return skipPortion(list, pageSize, (item) => toArchiveCard(item, tz, nowMs));
}

/** The breadcrumbs after Главная and the page's h1 (spec catalogue §2). */
export interface ArchiveHeading {
  crumbs: CrumbInput[];
  heading: string;
}

/**
 * spec catalogue §2 "Breadcrumbs: "Кино на ТВ" (or "Записи с ТВ" in the variant), then "Фильмы на ТВ" or "Сериалы
 * на ТВ" (with " в записи" in the variant), then the genre, then the year", each linking to the address up to it
 * (the last is plain text). Several genres or years make one crumb each. The h1 follows the deepest crumb: its
 * category's title with the chosen genres and years («Фильмы на ТВ: драма, 2021»).
 */
export function archiveHeading(filters: ArchiveFilters, genreTitles: Readonly<Record<string, string>>, variant: boolean): ArchiveHeading {
  const { category, genres, years } = filters;
  const root = archiveTitle(variant);
  const crumbs: CrumbInput[] = [{ title: root, url: '/archive' }];
  if (category) crumbs.push({ title: archiveCategoryTitle(category, variant), url: archiveUrl({ category, genres: [], years: [] }) });
  const genreNames = genres.map((alias) => genreTitles[alias] ?? alias);
  if (genres.length > 0) crumbs.push({ title: genreNames.join(', '), url: archiveUrl({ category, genres, years: [] }) });
  if (years.length > 0) crumbs.push({ title: years.join(', '), url: archiveUrl(filters) });
  const base = category ? archiveCategoryTitle(category, variant) : root;
  const words = [...genreNames.map((name) => name.toLowerCase()), ...years.map(String)].join(', ');
  return { crumbs, heading: words ? `${base}: ${words}` : base };
}
