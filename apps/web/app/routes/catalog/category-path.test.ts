import { describe, expect, it } from 'vitest';
import { categoryPath, hasFilter, parseCategoryPath, pathFromQuery, withFilter } from './category-path.ts';

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

describe('choosing a filter (catalogue §4: all clears that filter and rebuilds the path from the others)', () => {
  const from = { genre: 'drama', year: 2021, country: 'ru', page: 3 };
  it.each([
    ['genre', 'all', '/movies/2021/ru'],
    ['year', 'all', '/movies/drama/ru'],
    ['country', 'all', '/movies/drama/2021'],
    ['genre', 'comedy', '/movies/comedy/2021/ru'],
    ['year', '1999', '/movies/drama/1999/ru'],
    ['country', 'FR', '/movies/drama/2021/fr'],
  ] as const)('%s → %s gives %s (page 1)', (kind, alias, path) => {
    expect(categoryPath('movies', withFilter(from, kind, alias))).toBe(path);
  });

  it('clears everything down to the category', () => {
    let p = withFilter(from, 'genre', 'all');
    p = withFilter(p, 'year', 'all');
    p = withFilter(p, 'country', 'all');
    expect(categoryPath('series', p)).toBe('/series');
    expect(hasFilter(p)).toBe(false);
    expect(hasFilter(from)).toBe(true);
  });

  it.each([
    ['?genre=drama&year=2021&country=RU', '/movies/drama/2021/ru'],
    ['?genre=all&year=2021&country=all', '/movies/2021'],
    ['?genre=all&year=all&country=all', '/movies'],
    ['?genre=Bad!&year=12', '/movies'],
  ])('reads the select-mode form %s as %s', (query, path) => {
    expect(categoryPath('movies', pathFromQuery(new URLSearchParams(query))!)).toBe(path);
  });

  it('has no path for a query without filters', () => {
    expect(pathFromQuery(new URLSearchParams('?sort=-year'))).toBeNull();
  });
});
