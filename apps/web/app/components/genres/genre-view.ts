import type { GenreCounts } from '@ekran/contracts';
import { GENRE_CATALOGUE_KINDS, type GenreCatalogueKind } from '@ekran/core';
import type { TFunction } from 'i18next';

/** The kinds a genre has titles of, in page order (movies, series, animation). */
export function kindsWithTitles(counts: GenreCounts): GenreCatalogueKind[] {
  return GENRE_CATALOGUE_KINDS.filter((kind) => counts[kind] > 0);
}

/** «36 фильмов · 20 сериалов · 2 мультфильма»: the counts of the kinds that have titles. */
export function countsLine(counts: GenreCounts, t: TFunction): string {
  return kindsWithTitles(counts)
    .map((kind) => t(`genres.${kind}`, { count: counts[kind] }))
    .join('\u00a0· '); // the dot stays with the count before it when the line wraps
}

const lists = new Map<string, Intl.ListFormat>();
/** «фильмы, сериалы и мультфильмы»: the kind names joined the Russian way (Intl.ListFormat). */
export function kindsPhrase(kinds: readonly GenreCatalogueKind[], t: TFunction, lang = 'ru'): string {
  let list = lists.get(lang);
  if (!list) {
    list = new Intl.ListFormat(lang, { style: 'long', type: 'conjunction' });
    lists.set(lang, list);
  }
  return list.format(kinds.map((kind) => t(`genres.kinds.${kind}`)));
}

/** The path of a kind's category page filtered by the genre (catalogue §2: /{category}/{genre}). */
export const genreCategoryPath = (kind: GenreCatalogueKind, alias: string) => `/${kind}/${alias}`;
