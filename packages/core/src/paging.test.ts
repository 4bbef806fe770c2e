import { describe, expect, it } from 'vitest';
import { catalogSortFor, hasMore, nextSkip, pageSuffix, parsePageSuffix, parseSort } from './paging.ts';

describe('parsePageSuffix (catalogue §5: page followed by a positive integer)', () => {
  it.each([
    ['page1', 1],
    ['page2', 2],
    ['page12', 12],
    ['page9007199254740991', 9007199254740991],
    ['page0', null],
    ['page-1', null],
    ['page01', null],
    ['page+1', null],
    ['page1.5', null],
    ['page1e3', null],
    ['page 1', null],
    ['page', null],
    ['Page1', null],
    ['1', null],
    ['pages1', null],
    ['page9007199254740993', null],
    ['', null],
  ])('%j is %s', (segment, expected) => {
    expect(parsePageSuffix(segment)).toBe(expected);
  });

  it.each([
    [1, 'page1'],
    [12, 'page12'],
  ])('pageSuffix(%i) is %j and parses back', (page, segment) => {
    expect(pageSuffix(page)).toBe(segment);
    expect(parsePageSuffix(segment)).toBe(page);
  });

  it.each([0, -1, 1.5, NaN])('pageSuffix rejects %s', (page) => {
    expect(() => pageSuffix(page)).toThrow(RangeError);
  });
});

describe('nextSkip and hasMore (catalogue §4: skip advances by page size, capped at items_total)', () => {
  it.each([
    // skip, page size, items_total, next skip
    [0, 25, 100, 25],
    [75, 25, 100, 100],
    [90, 25, 100, 100],
    [0, 10, 7, 7],
    [0, 20, 0, 0],
    [100, 25, 100, 100],
  ])('skip %i + page %i of %i is %i', (skip, pageSize, itemsTotal, expected) => {
    expect(nextSkip(skip, pageSize, itemsTotal)).toBe(expected);
  });

  it.each([
    [0, 100, true],
    [99, 100, true],
    [100, 100, false],
    [0, 0, false],
  ])('skip %i of %i: more %s', (skip, itemsTotal, expected) => {
    expect(hasMore(skip, itemsTotal)).toBe(expected);
  });
});

describe('parseSort (catalogue §3: a leading minus means descending)', () => {
  it.each([
    ['-popularity', { field: 'popularity', direction: 'desc' }],
    ['popularity', { field: 'popularity', direction: 'asc' }],
    ['-ekran_release_date', { field: 'ekran_release_date', direction: 'desc' }],
    ['title', { field: 'title', direction: 'asc' }],
    ['-', null],
    ['', null],
  ])('%j is %j', (alias, expected) => {
    expect(parseSort(alias)).toEqual(expected);
  });
});

describe('catalogSortFor (catalogue §4: default -popularity; Catalog_sorting A release date, B rating)', () => {
  it.each([
    [null, '-popularity'],
    [undefined, '-popularity'],
    ['', '-popularity'],
    ['A', '-ekran_release_date'],
    ['B', '-rating_ekran'],
    ['C', '-popularity'],
    ['a', '-popularity'],
    ['constructor', '-popularity'],
  ])('group %j sorts by %s', (group, expected) => {
    expect(catalogSortFor(group)).toBe(expected);
  });
});
