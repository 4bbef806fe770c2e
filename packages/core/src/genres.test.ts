import { describe, expect, it } from 'vitest';
import { countWords, GENRE_CATALOGUE_KINDS, GENRE_TEXT_KINDS, genreKindOf, splitSentences } from './genres.ts';

describe('genre text kinds (catalogue §3: "movies, series, animation; catch-up kinds tvmovie and tvseries")', () => {
  it('lists the catalogue kinds, then the catch-up kinds', () => {
    expect(GENRE_CATALOGUE_KINDS).toEqual(['movies', 'series', 'animation']);
    expect(GENRE_TEXT_KINDS).toEqual(['movies', 'series', 'animation', 'tvmovie', 'tvseries']);
  });

  it.each([
    [{ kind: 'movie', isAnimation: false }, 'movies'],
    [{ kind: 'series', isAnimation: false }, 'series'],
    [{ kind: 'movie', isAnimation: true }, 'animation'],
    [{ kind: 'series', isAnimation: true }, 'animation'],
  ] as const)('a title %j belongs to %s, like the category pages', (title, kind) => {
    expect(genreKindOf(title)).toBe(kind);
  });
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['Смотреть комедии онлайн', 3],
    ['Фильм-катастрофа и научно-популярное кино', 4],
    ['В 1990-е — на экранах, т. е. везде.', 7],
    ['HD, 4K и «Экран»', 4],
  ])('%j has %i words', (text, n) => {
    expect(countWords(text)).toBe(n);
  });
});

describe('splitSentences', () => {
  it('splits after . ! ? … before a capital, a digit, a quote or a dash', () => {
    expect(splitSentences('Первое. Второе! Третье? «Четвёртое»… 5 пятое. — Шестое.')).toEqual([
      'Первое.', 'Второе!', 'Третье?', '«Четвёртое»…', '5 пятое.', '— Шестое.',
    ]);
  });

  it('keeps abbreviations and lowercase continuations inside a sentence', () => {
    expect(splitSentences('Это XX в. и т. д. всё одно предложение. А это второе.')).toEqual(['Это XX в. и т. д. всё одно предложение.', 'А это второе.']);
  });
});
