// Paging and sorting: spec catalogue §2, §3, §4, §5 and platform §4 ("Lists").

import { DEFAULT_CATALOG_SORT } from './constants.ts';

// spec catalogue §2, §5: "the suffix must be "page" followed by a positive integer". Our reading
// is the canonical decimal form only: 'page1', 'page12'; not 'page0', 'page-1', 'page01',
// 'page+1', 'Page1', nor a number beyond Number.MAX_SAFE_INTEGER. One spelling per page keeps
// URLs canonical.
/** Page number of a '/page{N}' path segment such as 'page12', or null when the segment is not one (catalogue §5). */
export function parsePageSuffix(segment: string): number | null {
  const match = /^page([1-9]\d*)$/.exec(segment);
  if (!match) return null;
  const page = Number(match[1]);
  return Number.isSafeInteger(page) ? page : null;
}

/** The '/page{N}' path segment for a page number (catalogue §2). */
export function pageSuffix(page: number): string {
  if (!Number.isSafeInteger(page) || page < 1) throw new RangeError(`page must be a positive integer, got ${page}`);
  return `page${page}`;
}

// spec catalogue §4, platform §4: "Skip advances by page size, capped at items_total."
/** The skip after loading one more page: skip plus page size, capped at itemsTotal (catalogue §4). */
export function nextSkip(skip: number, pageSize: number, itemsTotal: number): number {
  return Math.min(skip + pageSize, itemsTotal);
}

// spec catalogue §4: the next portion is fetched "when the bottom sentinel appears and skip is
// below items_total".
/** Whether more items remain to fetch: skip below itemsTotal (catalogue §4). */
export function hasMore(skip: number, itemsTotal: number): boolean {
  return skip < itemsTotal;
}

/** A sort parsed from its alias. */
export interface Sort {
  field: string;
  direction: 'asc' | 'desc';
}

// spec catalogue §3: "a leading minus in the alias means descending".
/** Field and direction of a sort alias: '-popularity' is popularity descending; null for an empty field (catalogue §3). */
export function parseSort(alias: string): Sort | null {
  const descending = alias.startsWith('-');
  const field = descending ? alias.slice(1) : alias;
  return field ? { field, direction: descending ? 'desc' : 'asc' } : null;
}

// spec catalogue §4: "default is popularity descending (-popularity). In the Catalog_sorting
// experiment, group A sorts by {product} release date descending and group B by {product} rating
// descending"; the title fields are {product}_release_date and rating_{product} (platform §3).
/** Catalogue sort alias per Catalog_sorting group (catalogue §4). */
export const CATALOG_SORT_BY_GROUP = {
  A: '-ekran_release_date',
  B: '-rating_ekran',
} as const;

/** Catalogue sort for the user's Catalog_sorting group: A release date, B rating, otherwise -popularity (catalogue §4). */
export function catalogSortFor(abGroup: string | null | undefined): string {
  return abGroup === 'A' || abGroup === 'B' ? CATALOG_SORT_BY_GROUP[abGroup] : DEFAULT_CATALOG_SORT;
}

// spec catalogue §3 Archive store: "pageSettings (page, pageSize, scrollYPosition, isPopStated)"; §4:
// "Visible count is page times page size." and "Scroll position is stored when a route change starts and
// restored after loading, also on back navigation." The catalogue grids keep the same settings.
/** What a list remembers to come back to: pages loaded, their size, the scroll position, and whether it was a back navigation. */
export interface PageSettings {
  page: number;
  pageSize: number;
  scrollYPosition: number;
  isPopStated: boolean;
}

/** Items a list shows after `page` pages: page times page size, never more than itemsTotal (catalogue §4). */
export function visibleCount(page: number, pageSize: number, itemsTotal: number): number {
  return Math.max(0, Math.min(page * pageSize, itemsTotal));
}

/** A slot of a page list: a page number, or a gap between distant pages. */
export type PageSlot = number | 'gap';

/**
 * The page numbers a pager links to: the first and last page, the pages on screen (firstShown..lastShown)
 * and one on each side of them, with gaps for the rest; every page stays reachable in a few steps, so
 * crawlers follow the whole list (catalogue §2 /page{N}).
 */
export function pageWindow(totalPages: number, firstShown: number, lastShown: number = firstShown): PageSlot[] {
  if (totalPages < 1) return [];
  const wanted = new Set<number>([1, totalPages]);
  for (let p = firstShown - 1; p <= lastShown + 1; p++) if (p >= 1 && p <= totalPages) wanted.add(p);
  const pages = [...wanted].sort((a, b) => a - b);
  const slots: PageSlot[] = [];
  pages.forEach((p, i) => {
    const before = pages[i - 1];
    if (before !== undefined && p - before === 2) slots.push(before + 1);
    else if (before !== undefined && p - before > 2) slots.push('gap');
    slots.push(p);
  });
  return slots;
}
