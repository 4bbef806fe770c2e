import type { Image } from '@ekran/contracts';
import type { ListingPortion } from '../../lib/listing.ts';

/**
 * What an archive card shows (spec catalogue §3 Catch-up item, §4 badge), and nothing more: the texts that depend
 * on the clock and the viewer's zone are written by the server, so the page and its later portions read the same
 * in the browser as they were rendered.
 */
export interface ArchiveCardView {
  /** The recording the card opens (/archive/watch/{id}): the newest airing's. */
  id: string;
  title: string;
  year: number | null;
  isSeries: boolean;
  /** Genre titles, whether the API sent a list or a JSON-like string (core catchupGenreTitles). */
  genres: string[];
  /** 18+ when the API has none (catalogue §3). */
  ratingAge: string;
  /** The pictures to try in turn: frame_wide, then cover; the default picture after them. */
  images: Pick<Image, 'url' | 'width'>[];
  /** The channel of the newest airing. */
  channel: { logo: string; title: string } | null;
  /** When the newest airing began, in the viewer's zone: «21 ноября, 21:30». */
  aired: string | null;
  /** The episode of the newest airing of a series. */
  episode: { season: number; episode: number } | null;
  /** Time left before the recording expires («13 дней»); null once it has. */
  timeLeft: string | null;
}

/** A portion of the archive's infinite grid. */
export type ArchivePortion = ListingPortion<ArchiveCardView>;
