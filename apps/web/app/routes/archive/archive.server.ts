import type { CatchupList } from '@ekran/contracts';
import {
  ARCHIVE_PAGE_SIZE, archiveCategoryTitle, archiveTitle, archiveUrl, type ArchiveFilters, type CrumbInput,
  type Device,
} from '@ekran/core';
import Bowser from 'bowser';
import { toArchiveCard } from '../../components/archive/archive-card.ts';
import type { ArchivePortion } from '../../components/archive/archive-view.ts';
import { skipPortion } from '../../lib/listing.ts';

export { toArchiveCard };

// What the archive list page and its portion resource make of the catch-up API's answers.

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
