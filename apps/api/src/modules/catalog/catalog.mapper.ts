import type { TitleCard } from '@ekran/contracts';
import { RatingAgeSchema } from '@ekran/contracts';
import { posterImage } from '../images/poster-url.ts';
import type { GenreOfTitle, TitleRow } from './catalog.repo.ts';

/** A title row as a card (spec catalogue §3 Title, catalogue view). */
export function toTitleCard(row: TitleRow, genres: GenreOfTitle[], seasonsCount: number): TitleCard {
  return {
    _cls: row.kind === 'series' ? 'Product.Series' : 'Product.Movie',
    _id: row.id,
    uid: row.id,
    alias: row.alias,
    title: row.title,
    genres: genres.map((g) => ({ alias: g.alias, title: g.title })),
    release_date: row.releaseDate,
    ekran_release_date: row.ekranReleaseDate,
    year: row.year,
    rating_age: RatingAgeSchema.parse(row.ratingAge),
    rating_ekran: row.ratingEkran,
    for_kids: row.forKids,
    is_free: row.isFree,
    duration_minutes: row.durationMinutes,
    seasons_count: seasonsCount,
    horizontal_poster: posterImage(row.poster, 'horizontal'),
    vertical_poster: posterImage(row.poster, 'vertical'),
  };
}

/** Groups genre rows by title id. */
export function groupGenres(rows: GenreOfTitle[]): Map<string, GenreOfTitle[]> {
  const map = new Map<string, GenreOfTitle[]>();
  for (const r of rows) {
    const list = map.get(r.titleId);
    if (list) list.push(r);
    else map.set(r.titleId, [r]);
  }
  return map;
}
