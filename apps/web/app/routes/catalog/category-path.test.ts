import { describe, expect, it } from 'vitest';
import { categoryPath, parseCategoryPath } from './category-path.ts';

describe('category paths (catalogue §2: /{category}/{genre}/{year}/{country} and /page{N})', () => {
  it.each([
    [[], { page: 1 }],
    [['drama'], { genre: 'drama', page: 1 }],
    [['drama', '2021'], { genre: 'drama', year: 2021, page: 1 }],
    [['drama', '2021', 'ru'], { genre: 'drama', year: 2021, country: 'ru', page: 1 }],
    [['2021'], { year: 2021, page: 1 }],
    [['ru'], { country: 'ru', page: 1 }],
    [['2021', 'fr'], { year: 2021, country: 'fr', page: 1 }],
    [['page2'], { page: 2 }],
    [['drama', 'page12'], { genre: 'drama', page: 12 }],
    [['drama', '2021', 'ru', 'page3'], { genre: 'drama', year: 2021, country: 'ru', page: 3 }],
  ])('reads %j', (segments, expected) => {
    expect(parseCategoryPath(segments)).toEqual(expected);
  });

  it.each([
    [['page0']],
    [['page-1']],
    [['page01']],
    [['pageX']],
    [['RU']], // the country segment is lowercase
    [['2021', 'drama']], // out of order
    [['ru', '2021']],
    [['drama', 'comedy']],
    [['drama', 'page2', 'ru']],
    [['d']],
  ])('rejects %j', (segments) => {
    expect(parseCategoryPath(segments)).toBeNull();
  });

  it.each([
    [{ page: 1 }, '/movies'],
    [{ genre: 'drama', page: 1 }, '/movies/drama'],
    [{ genre: 'drama', year: 2021, country: 'ru', page: 2 }, '/movies/drama/2021/ru/page2'],
  ])('builds the canonical path of %j', (p, path) => {
    expect(categoryPath('movies', p)).toBe(path);
  });
});
