import type { TitleCard, TitleList } from '@ekran/contracts';
import { hasMore, nextSkip } from '@ekran/core';
import { toCardView, type CardView } from './card-view.ts';

// The portions of the infinite grid (components/catalog/infinite-grid.tsx; decision 009): the catalogue's
// listings continue by keyset cursor, the collections' and selections' by skip (their API has no cursor).

/**
 * A portion of a listing as the grid needs it (platform §4 Lists: skip capped at items_total): title cards by
 * default, or another card's view (the catch-up archive's).
 */
export interface ListingPortion<T = CardView> {
  items: T[];
  /** Where this portion starts in the whole list. */
  skip: number;
  /** items_total of the listing. */
  total: number;
  /** What asks for the next portion (the API's keyset cursor, or the next skip); null at the end. */
  nextCursor: string | null;
}

/** What the infinite grid gets from a portion resource: the next portion, or why there is none. */
export type PortionResult<T = CardView> = ListingPortion<T> | { error: 'bad-request' | 'failed' };

/** An API listing as a grid portion (cards carry only what they show). */
export function toPortion(list: TitleList): ListingPortion {
  return { items: list.items.map(toCardView), skip: list.skip, total: list.items_total, nextCursor: list.next_cursor ?? null };
}

/**
 * A page of a list the API pages by skip and limit as a grid portion: the next one starts a page size further,
 * capped at items_total, and there is none once that reaches items_total (spec catalogue §4, platform §4 Lists).
 */
export function toSkipPortion(list: { items: TitleCard[]; items_total: number; skip: number }, pageSize: number): ListingPortion {
  return skipPortion(list, pageSize, toCardView);
}

/** toSkipPortion for any list paged by skip: its items become the cards `view` makes of them. */
export function skipPortion<I, T>(list: { items: readonly I[]; items_total: number; skip: number }, pageSize: number, view: (item: I) => T): ListingPortion<T> {
  const skip = Math.min(list.skip, list.items_total);
  const next = nextSkip(skip, pageSize, list.items_total);
  return { items: list.items.map(view), skip, total: list.items_total, nextCursor: hasMore(next, list.items_total) ? String(next) : null };
}

/** The URL of the resource route that answers the next portion of a catalogue listing (routes/resources/titles.ts). */
export function portionUrl(query: Record<string, string | number | undefined>, cursor: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  params.set('after', cursor);
  return `/resources/titles?${params.toString()}`;
}

/** The title lists of the collections area whose next portions routes/resources/list-titles.ts answers. */
export type TitleListKind = 'collection' | 'selection';

/** The URL of the next portion of a collection's (or a hashtag's) or a selection's titles, from a skip. */
export function listPortionUrl(list: TitleListKind, alias: string, skip: string): string {
  return `/resources/list-titles?${new URLSearchParams({ list, alias, skip }).toString()}`;
}
