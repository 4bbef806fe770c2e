import { describe, expect, it } from 'vitest';
import { articleMarkdown, embeddedTitleAliases, journalPath, parseArtRef, parseArticleBody, readingMinutes } from './journal.ts';

describe('the journal’s body directives (decision 052)', () => {
  it('splits Markdown around title cards and galleries standing on their own lines', () => {
    const body = ['Вступление.', '', '::title[tayna-mayaka]', 'Дальше.', '::gallery[tayna-mayaka#2 = Маяк | waves-10-20-30 = Волны]{Кадры}', 'Конец.'].join('\n');
    expect(parseArticleBody(body)).toEqual([
      { kind: 'markdown', source: 'Вступление.\n' },
      { kind: 'title', alias: 'tayna-mayaka' },
      { kind: 'markdown', source: 'Дальше.' },
      {
        kind: 'gallery',
        caption: 'Кадры',
        images: [
          { ref: { kind: 'title', alias: 'tayna-mayaka', still: 2 }, alt: 'Маяк' },
          { ref: { kind: 'art', pattern: 'waves', hue: 10, hue2: 20, seed: 30 }, alt: 'Волны' },
        ],
      },
      { kind: 'markdown', source: 'Конец.' },
    ]);
  });

  it.each([
    ['a malformed alias', '::title[Bad Alias]'],
    ['a still as a card', '::title[tayna#2]'],
    ['an empty gallery', '::gallery[]{Пусто}'],
    ['a gallery of nothing drawable', '::gallery[!!! = x | rays-400-1-1 = hue out of range]'],
  ])('drops %s', (_what, line) => {
    expect(parseArticleBody(`Текст.\n${line}\nЕщё.`)).toEqual([
      { kind: 'markdown', source: 'Текст.' },
      { kind: 'markdown', source: 'Ещё.' },
    ]);
  });

  it('leaves a directive inside a fenced code block, inline or unknown as text', () => {
    const body = '```\n::title[a]\n```\nВ строке ::title[b] — текст.\n::video[c]';
    expect(parseArticleBody(body)).toEqual([{ kind: 'markdown', source: body }]);
    expect(embeddedTitleAliases(body)).toEqual([]);
  });

  it('names the titles embedded as cards or pictures, each once, in order', () => {
    expect(embeddedTitleAliases('::gallery[b#1 = x | waves-1-2-3 = y]\n::title[a]\n::title[b]')).toEqual(['b', 'a']);
  });

  it('counts the text without the directives', () => {
    expect(articleMarkdown('Раз.\n::title[a]\nДва.')).toBe('Раз.\n\nДва.');
  });
});

describe('art references', () => {
  it.each([
    ['waves-200-30-7', { kind: 'art', pattern: 'waves', hue: 200, hue2: 30, seed: 7 }],
    ['otrazhenie', { kind: 'title', alias: 'otrazhenie', still: 0 }],
    ['otrazhenie#3', { kind: 'title', alias: 'otrazhenie', still: 3 }],
    [' tayna-mayaka ', { kind: 'title', alias: 'tayna-mayaka', still: 0 }],
    ['otrazhenie#0', null],
    ['https://example.com/a.jpg', null],
    ['Отражение', null],
  ])('%s', (ref, expected) => {
    expect(parseArtRef(ref)).toEqual(expected);
  });
});

describe('reading time and paths', () => {
  it.each([
    [0, 1],
    [90, 1],
    [270, 2],
    [900, 5],
  ])('%i words read in %i minutes at 180 words a minute', (words, minutes) => {
    expect(readingMinutes(words)).toBe(minutes);
  });

  it('writes the journal’s paths', () => {
    expect(journalPath()).toBe('/journal');
    expect(journalPath('retsenzii')).toBe('/journal/retsenzii');
  });
});
