// Genre pages and their marketing texts: spec catalogue §2 (/genres/{genre?}), §3 ("Content kinds for genre
// texts: movies, series, animation; catch-up kinds tvmovie and tvseries") and §9 "Genre marketing texts".

/** The content kinds of the catalogue a genre page has a section (and a text) for, in page order. */
export const GENRE_CATALOGUE_KINDS = ['movies', 'series', 'animation'] as const;
/** A catalogue content kind; it is also the path of the kind's category page (/movies, /series, /animation). */
export type GenreCatalogueKind = (typeof GENRE_CATALOGUE_KINDS)[number];

/** The catch-up archive's kinds: films and series on TV, in recording (catalogue §3). */
export const GENRE_ARCHIVE_KINDS = ['tvmovie', 'tvseries'] as const;
/** Every kind a genre text may be written for (catalogue §3). */
export const GENRE_TEXT_KINDS = [...GENRE_CATALOGUE_KINDS, ...GENRE_ARCHIVE_KINDS] as const;
/** A kind of genre text. */
export type GenreTextKind = (typeof GENRE_TEXT_KINDS)[number];

/**
 * The catalogue kind of a title, the same split as the category pages: animation is every cartoon (films
 * and series, for kids or not), movies and series are live action.
 */
export function genreKindOf(title: { kind: 'movie' | 'series'; isAnimation: boolean }): GenreCatalogueKind {
  if (title.isAnimation) return 'animation';
  return title.kind === 'movie' ? 'movies' : 'series';
}

/** Limits an editor's genre text must keep (180–320 words in 3–4 paragraphs, a 140–160 character description). */
export const GENRE_TEXT_LIMITS = {
  words: { min: 180, max: 320 },
  paragraphs: { min: 3, max: 4 },
  description: { min: 140, max: 160 },
} as const;

/** Words of a Russian text: runs of letters and digits (a hyphenated word such as «фильм-катастрофа» is one). */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:[-‑][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

/**
 * The sentences of a text, trimmed: split after . ! ? or … followed by a space and a capital letter, a digit,
 * a quote or a dash, so abbreviations inside a sentence («т. е.») do not split it.
 */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+(?=[«"„(\p{Lu}\p{N}—–])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
