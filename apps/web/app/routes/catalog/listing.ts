import type { TitleList } from '@ekran/contracts';
import { toCardView, type CardView } from '../../lib/card-view.ts';

/** A portion of a catalogue listing as the grid needs it (platform §4 Lists: skip capped at items_total). */
export interface ListingPortion {
  items: CardView[];
  /** Where this portion starts in the whole list. */
  skip: number;
  /** items_total of the listing. */
  total: number;
  /** The cursor of the next portion; null at the end. */
  nextCursor: string | null;
}

/** An API listing as a grid portion (cards carry only what they show). */
export function toPortion(list: TitleList): ListingPortion {
  return { items: list.items.map(toCardView), skip: list.skip, total: list.items_total, nextCursor: list.next_cursor ?? null };
}

/** The URL of the resource route that answers the next portion of a listing (routes/resources/titles.ts). */
export function portionUrl(query: Record<string, string | number | undefined>, cursor: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  params.set('after', cursor);
  return `/resources/titles?${params.toString()}`;
}
