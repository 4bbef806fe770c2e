// The genre marketing texts (spec catalogue §9: "Long marketing texts exist per genre and per content kind
// (movies, series, animation; some combinations are empty)"), checked against the catalogue the seed makes.
import { countWords, GENRE_TEXT_LIMITS, GENRE_TEXT_KINDS, genreKindOf, splitSentences } from '@ekran/core';
import { describe, expect, it } from 'vitest';
import { GENRE_TEXTS } from './genre-texts.ts';
import { generateCatalogue } from './index.ts';

const catalogue = generateCatalogue();
const key = (genre: string, kind: string) => `${genre}/${kind}`;
/** Every genre × catalogue kind that has at least one title in the seeded catalogue. */
const withTitles = new Set(catalogue.titles.flatMap((t) => t.genres.map((g) => key(g, genreKindOf(t)))));
const written = GENRE_TEXTS.map((t) => key(t.genre, t.kind));
const catalogueTexts = GENRE_TEXTS.filter((t) => t.kind !== 'tvmovie' && t.kind !== 'tvseries');
const label = (t: (typeof GENRE_TEXTS)[number]) => key(t.genre, t.kind);

describe('genre texts', () => {
  it('has a text for every genre and kind that has titles', () => {
    const missing = [...withTitles].filter((k) => !written.includes(k));
    expect(missing).toEqual([]);
  });

  it('leaves the combinations without titles empty', () => {
    expect(catalogueTexts.map(label).filter((k) => !withTitles.has(k))).toEqual([]);
  });

  it('has at most one text per genre and kind, for known genres and kinds only', () => {
    expect(new Set(written).size).toBe(written.length);
    const genres = new Set(catalogue.genres.map((g) => g.alias));
    for (const t of GENRE_TEXTS) {
      expect(genres.has(t.genre), label(t)).toBe(true);
      expect(GENRE_TEXT_KINDS, label(t)).toContain(t.kind);
    }
  });

  it.each(GENRE_TEXTS.map((t) => [label(t), t] as const))('%s: 180–320 words in 3–4 paragraphs, a heading and a 140–160 character description', (_, t) => {
    const words = countWords(t.body.join(' '));
    expect(words).toBeGreaterThanOrEqual(GENRE_TEXT_LIMITS.words.min);
    expect(words).toBeLessThanOrEqual(GENRE_TEXT_LIMITS.words.max);
    expect(t.body.length).toBeGreaterThanOrEqual(GENRE_TEXT_LIMITS.paragraphs.min);
    expect(t.body.length).toBeLessThanOrEqual(GENRE_TEXT_LIMITS.paragraphs.max);
    expect([...t.description].length).toBeGreaterThanOrEqual(GENRE_TEXT_LIMITS.description.min);
    expect([...t.description].length).toBeLessThanOrEqual(GENRE_TEXT_LIMITS.description.max);
    expect(t.heading.length).toBeGreaterThan(10);
    expect(t.heading.length).toBeLessThanOrEqual(80);
    for (const p of [t.heading, t.description, ...t.body]) {
      expect(p, 'no doubled or stray spaces').toBe(p.trim().replace(/\s{2,}/g, ' '));
      expect(p, 'Russian quotes and dashes, not typewriter ones').not.toMatch(/["']| - /);
    }
  });

  it('shares no sentence, heading or description between two texts', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const t of GENRE_TEXTS) {
      const parts = [t.heading, t.description, ...t.body.flatMap(splitSentences)];
      for (const sentence of new Set(parts.map((s) => s.toLowerCase().replace(/[^\p{L}\p{N} ]/gu, '').replace(/\s+/g, ' ').trim()))) {
        const other = seen.get(sentence);
        if (other && other !== label(t)) clashes.push(`${other} and ${label(t)}: ${sentence}`);
        seen.set(sentence, label(t));
      }
    }
    expect(clashes).toEqual([]);
  });

  it('names the service and says «онлайн» in every text, as a search engine reads it', () => {
    for (const t of GENRE_TEXTS) {
      const all = [t.heading, t.description, ...t.body].join(' ');
      expect(all, label(t)).toMatch(/Экран/);
      expect(all, label(t)).toMatch(/онлайн/i);
    }
  });
});
