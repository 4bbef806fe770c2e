import { describe, expect, it } from 'vitest';
import {
  arrangeFilterItems,
  CATALOG_FILTER_KINDS,
  CATALOG_SORT_OPTIONS,
  filterColumns,
  genreChipCount,
  isAllOption,
  isCatalogSort,
  sortOptions,
} from './catalog-filters.ts';
import { FILTER_ALL_OPTION, FILTER_COLUMN_SIZE } from './constants.ts';
import { CATALOG_SORT_BY_GROUP, catalogSortFor, pageWindow, parseSort, visibleCount } from './paging.ts';

const item = (alias: string, total: number) => ({ alias, title: alias.toUpperCase(), total });

describe('catalogue filters (catalogue §3, §4)', () => {
  it('has the groups of the path /{category}/{genre}/{year}/{country}, in its order', () => {
    expect(CATALOG_FILTER_KINDS).toEqual(['genre', 'year', 'country']);
  });

  it('knows the all-option: alias all, title Все', () => {
    expect(FILTER_ALL_OPTION).toEqual({ alias: 'all', title: 'Все' });
    expect(isAllOption('all')).toBe(true);
    expect(isAllOption('drama')).toBe(false);
    expect(isAllOption(undefined)).toBe(false);
  });

  // "Items with total 0 are listed last and are disabled unless a filter is already selected."
  it.each([
    // items, a filter selected, expected aliases in order, expected disabled aliases
    [[item('drama', 4), item('war', 0), item('comedy', 2)], false, ['drama', 'comedy', 'war'], ['war']],
    [[item('drama', 4), item('war', 0), item('comedy', 2)], true, ['drama', 'comedy', 'war'], []],
    [[item('a', 0), item('b', 0)], false, ['a', 'b'], ['a', 'b']],
    [[item('a', 1), item('b', 3)], false, ['a', 'b'], []],
    [[], false, [], []],
  ])('arranges %j (a filter selected: %s)', (items, selected, order, disabled) => {
    const arranged = arrangeFilterItems(items, selected);
    expect(arranged.map((i) => i.alias)).toEqual(order);
    expect(arranged.filter((i) => i.disabled).map((i) => i.alias)).toEqual(disabled);
  });

  // "Filter lists split into columns of 10."
  it.each([
    [0, []],
    [7, [7]],
    [10, [10]],
    [11, [10, 1]],
    [25, [10, 10, 5]],
  ])('%i items make columns of %j', (n, sizes) => {
    expect(FILTER_COLUMN_SIZE).toBe(10);
    const columns = filterColumns(Array.from({ length: n }, (_, i) => i));
    expect(columns.map((c) => c.length)).toEqual(sizes);
    expect(columns.flat()).toEqual(Array.from({ length: n }, (_, i) => i));
  });

  it('refuses a column size that is not a positive integer', () => {
    expect(() => filterColumns([1], 0)).toThrow(RangeError);
  });
});

describe('sort options (catalogue §3, §4)', () => {
  it('offers -popularity first, the default, and both experiment sorts', () => {
    const aliases = CATALOG_SORT_OPTIONS.map((o) => o.alias);
    expect(aliases[0]).toBe('-popularity');
    expect(aliases).toContain(CATALOG_SORT_BY_GROUP.A);
    expect(aliases).toContain(CATALOG_SORT_BY_GROUP.B);
    expect(new Set(aliases).size).toBe(aliases.length);
  });

  it.each([
    ['-popularity', 'popularity', 'desc'],
    ['-ekran_release_date', 'ekran_release_date', 'desc'],
    ['-rating_ekran', 'rating_ekran', 'desc'],
    ['year', 'year', 'asc'],
  ])('%s: a leading minus means descending', (alias, field, direction) => {
    expect(isCatalogSort(alias)).toBe(true);
    expect(parseSort(alias)).toEqual({ field, direction });
  });

  it.each(['price', '', '--popularity', null, undefined])('%j is not a catalogue sort', (alias) => {
    expect(isCatalogSort(alias)).toBe(false);
  });

  // "In the Catalog_sorting experiment, group A sorts by {product} release date descending and group B by
  // {product} rating descending"; otherwise -popularity.
  it.each([
    ['A', '-ekran_release_date'],
    ['B', '-rating_ekran'],
    [null, '-popularity'],
    ['C', '-popularity'],
  ])('Catalog_sorting group %s sorts by %s', (group, sort) => {
    expect(catalogSortFor(group)).toBe(sort);
  });

  it('titles every option in Russian and English', () => {
    expect(sortOptions('ru')[0]).toEqual({ alias: '-popularity', title: 'По популярности' });
    expect(sortOptions('en').every((o) => o.title && !/[а-я]/i.test(o.title))).toBe(true);
    expect(sortOptions().every((o) => /[а-я]/i.test(o.title))).toBe(true);
  });
});

describe('visible count (catalogue §4: page times page size)', () => {
  it.each([
    [1, 40, 85, 40],
    [2, 40, 85, 80],
    [3, 40, 85, 85],
    [1, 40, 0, 0],
  ])('page %i of %i with %i titles shows %i', (page, size, total, expected) => {
    expect(visibleCount(page, size, total)).toBe(expected);
  });
});

describe('genre chips (catalogue §9: 3, 2 or 1 names by layout)', () => {
  it.each([
    [120, 1],
    [169, 1],
    [170, 2],
    [229, 2],
    [230, 3],
    [400, 3],
  ])('a card %i px wide shows %i', (width, chips) => {
    expect(genreChipCount(width)).toBe(chips);
  });
});

describe('pageWindow (the pager’s page links)', () => {
  it.each([
    [1, 1, 1, [1]],
    [4, 1, 1, [1, 2, 3, 4]],
    [10, 1, 1, [1, 2, 'gap', 10]],
    [10, 5, 5, [1, 'gap', 4, 5, 6, 'gap', 10]],
    [10, 3, 3, [1, 2, 3, 4, 'gap', 10]],
    [10, 4, 7, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]], // a gap of one page shows that page
    [10, 10, 10, [1, 'gap', 9, 10]],
    [0, 1, 1, []],
  ] as const)('%i pages, %i..%i on screen: %j', (total, first, last, expected) => {
    expect(pageWindow(total, first, last)).toEqual(expected);
  });
});
