import type { TitleCard } from '@ekran/contracts';

/** What a card shows, and nothing more: loaders send this so pages with many cards stay light. */
export interface CardView {
  id: string;
  alias: string;
  title: string;
  year: number;
  genre: string | null;
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
