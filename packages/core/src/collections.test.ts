import { describe, expect, it } from 'vitest';
import {
  LIST_PAGE_SIZE, PERSON_ROLES, ageOn, countedPeople, hasNameAndAlias, hashtagAlias, hashtagLabel, pageCount, pageOfSegment, pagedPath,
  selectionShownTo, selectionUrl,
} from './collections.ts';

describe('person lists (platform §3, catalogue §5: "Person lists count only entries with both name and alias")', () => {
  it.each([
    [{ name: 'Иван Петров', alias: 'ivan-petrov' }, true],
    [{ name: 'Иван Петров', alias: '' }, false],
    [{ name: '', alias: 'ivan-petrov' }, false],
    [{ name: '   ', alias: 'ivan-petrov' }, false],
    [{ name: 'Иван Петров', alias: null }, false],
    [{ name: null, alias: 'ivan-petrov' }, false],
    [{ alias: 'ivan-petrov' }, false],
  ])('%o counts: %s', (person, expected) => {
    expect(hasNameAndAlias(person)).toBe(expected);
  });

  it('keeps only the entries that count, in their order', () => {
    const list = [
      { name: 'Анна', alias: 'anna' },
      { name: 'Без псевдонима', alias: '' },
      { name: '', alias: 'bez-imeni' },
      { name: 'Борис', alias: 'boris' },
    ];
    expect(countedPeople(list).map((p) => p.alias)).toEqual(['anna', 'boris']);
  });

  it('lists the roles in the order of the person page', () => {
    expect(PERSON_ROLES).toEqual(['actor', 'director', 'writer', 'producer', 'composer', 'operator']);
  });
});

describe('hashtags as collection aliases', () => {
  it.each([
    ['неожиданный_финал', 'neozhidannyy-final'],
    ['основано_на_реальных_событиях', 'osnovano-na-realnykh-sobytiyakh'],
    ['#снято_в_петербурге', 'snyato-v-peterburge'],
    ['звёзды', 'zvyozdy'],
    ['эксклюзив_экрана', 'eksklyuziv-ekrana'],
    ['для_вечера_вдвоём', 'dlya-vechera-vdvoyom'],
    ['щука', 'shchuka'],
    ['sci-fi', 'sci-fi'],
    ['___', ''],
  ])('%s → %s', (tag, alias) => {
    expect(hashtagAlias(tag)).toBe(alias);
  });

  it('reads a hashtag with spaces', () => {
    expect(hashtagLabel('#неожиданный_финал')).toBe('неожиданный финал');
  });
});

describe('selections', () => {
  it.each([
    ['home', 'adult', true],
    ['home', 'kids', false],
    ['kids', 'adult', false],
    ['kids', 'kids', true],
    ['both', 'adult', true],
    ['both', 'kids', true],
  ] as const)('a %s selection shows to the %s audience: %s', (location, audience, shown) => {
    expect(selectionShownTo(location, audience)).toBe(shown);
  });

  it.each([
    [{ alias: 'top-rated', source: 'rule' as const }, '/main/top-rated'],
    [{ alias: 'weekend', source: 'items' as const }, '/selections/weekend'],
    [{ alias: 'editors-choice', source: 'collection' as const, collectionAlias: 'vybor-redaktsii' }, '/collections/vybor-redaktsii'],
    [{ alias: 'broken', source: 'collection' as const, collectionAlias: null }, '/selections/broken'],
  ])('%o lives at %s', (selection, url) => {
    expect(selectionUrl(selection)).toBe(url);
  });
});

describe('list paging (catalogue §5, §9)', () => {
  it('uses 30 per page for collections and hashtags, 40 for the other lists', () => {
    expect(LIST_PAGE_SIZE).toEqual({ collections: 30, collection: 30, selection: 40, playlist: 40 });
  });

  it.each([
    [undefined, 1],
    ['', 1],
    ['page1', 1],
    ['page12', 12],
    ['page0', null],
    ['page01', null],
    ['2', null],
    ['Page2', null],
  ])('segment %s is page %s', (segment, page) => {
    expect(pageOfSegment(segment)).toBe(page);
  });

  it.each([
    ['/collections', 1, '/collections'],
    ['/collections', 3, '/collections/page3'],
    ['/playlist/vecher/', 2, '/playlist/vecher/page2'],
  ])('pagedPath(%s, %i) is %s', (base, page, path) => {
    expect(pagedPath(base, page)).toBe(path);
  });

  it.each([
    [0, 30, 1],
    [30, 30, 1],
    [31, 30, 2],
    [85, 40, 3],
  ])('%i items at %i a page make %i pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
});

describe('ageOn', () => {
  it.each([
    ['1980-04-12', '2026-04-11', 45],
    ['1980-04-12', '2026-04-12', 46],
    ['1980-12-31', '2026-11-21', 45],
    ['2000-02-29', '2026-02-28', 25],
    [null, '2026-11-21', null],
    ['12.04.1980', '2026-11-21', null],
  ])('born %s, on %s: %s', (birth, today, age) => {
    expect(ageOn(birth, new Date(`${today}T12:00:00Z`))).toBe(age);
  });
});
