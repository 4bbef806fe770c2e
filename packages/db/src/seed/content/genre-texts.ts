// Long marketing texts per genre and content kind (spec catalogue §9 "Genre marketing texts"; kinds of §3:
// movies, series, animation, and the catch-up kinds tvmovie and tvseries). A catalogue combination has a text
// exactly when the seeded catalogue has titles in it (genre-texts.test.ts checks both ways); the others stay
// empty, as the spec says. Editors' copy: no invented facts about the catalogue, no real titles named.
import type { GenreTextKind } from '@ekran/core';
import type { GenreAlias } from './taxonomy.ts';

/** One genre text: an H1-worthy heading, a 140–160 character meta description and 3–4 paragraphs. */
export interface SeedGenreText {
  genre: GenreAlias;
  kind: GenreTextKind;
  heading: string;
  description: string;
  body: readonly string[];
}

export const GENRE_TEXTS: readonly SeedGenreText[] = [
];
