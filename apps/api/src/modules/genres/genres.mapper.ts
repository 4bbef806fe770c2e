import type { GenreCounts, GenreText } from '@ekran/contracts';
import type { GenreCatalogueKind } from '@ekran/core';
import type { GenreTextRow } from './genres.repo.ts';

/** A genre text row as the contract's text. */
export function toGenreText(row: GenreTextRow): GenreText {
  return { heading: row.heading, description: row.description, body: row.body };
}

/** Counts per kind from (kind, total) rows; a kind without rows counts 0. */
export function toCounts(rows: readonly { kind: GenreCatalogueKind; total: number }[]): GenreCounts {
  const counts: GenreCounts = { movies: 0, series: 0, animation: 0 };
  for (const r of rows) counts[r.kind] += r.total;
  return counts;
}
