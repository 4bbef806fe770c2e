import type { TitleCard } from '@ekran/contracts';
import { GENRE_CHIPS_MAX } from '@ekran/core';

/** What a card shows, and nothing more: loaders send this so pages with many cards stay light. */
export interface CardView {
  id: string;
  alias: string;
  title: string;
  year: number;
  genre: string | null;
  /** Up to three genre names for the card's chips (catalogue §9: 3, 2 or 1 shown by layout). */
  genres: string[];
  isSeries: boolean;
  seasonsCount: number;
  ratingAge: TitleCard['rating_age'];
  rating: number;
  isFree: boolean;
  poster: TitleCard['vertical_poster'];
  /** Known to be a favorite of the profile (a personal list says so); otherwise the card asks the favorites. */
  isFavorite?: boolean;
}

/** A title card of the API as a card view. */
export function toCardView(card: TitleCard): CardView {
  return {
    id: card._id,
    alias: card.alias,
    title: card.title,
    year: card.year,
    genre: card.genres[0]?.title ?? null,
    genres: card.genres.slice(0, GENRE_CHIPS_MAX).map((g) => g.title),
    isSeries: card._cls === 'Product.Series',
    seasonsCount: card.seasons_count,
    ratingAge: card.rating_age,
    rating: card.rating_ekran,
    isFree: card.is_free,
    poster: card.vertical_poster,
  };
}

/** A row of cards: a home row or the similar titles of a page. */
export interface RowView {
  alias: string;
  title: string;
  url: string | null;
  items: CardView[];
}
