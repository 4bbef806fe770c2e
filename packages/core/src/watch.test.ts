import { describe, expect, it } from 'vitest';
import { formatDurationShort, parseWatchSubPage, playerCloseDestination, trafficRedirect, watchPath } from './watch.ts';

describe('formatDurationShort (platform §9: durations as hours and minutes)', () => {
  it.each([
    [112, '1 ч 52 мин'],
    [120, '2 ч'],
    [45, '45 мин'],
    [0, '0 мин'],
    [61, '1 ч 1 мин'],
    [125, '2 ч 5 мин'],
    [44.6, '45 мин'],
  ])('%s minutes is %j', (minutes, expected) => {
    expect(formatDurationShort(minutes)).toBe(expected);
  });

  it.each([-1, NaN, Infinity])('rejects %s', (minutes) => {
    expect(() => formatDurationShort(minutes)).toThrow(RangeError);
  });
});

describe('parseWatchSubPage (platform §2: season-{n}, trailers, characters, extras, collections/selections, person, articles)', () => {
  it.each([
    ['season-1', undefined, { kind: 'season', number: 1 }],
    ['season-12', undefined, { kind: 'season', number: 12 }],
    ['trailers', undefined, { kind: 'trailers' }],
    ['characters', undefined, { kind: 'characters' }],
    ['extras', undefined, { kind: 'extras' }],
    ['collections', undefined, { kind: 'collections' }],
    ['selections', undefined, { kind: 'selections' }],
    ['person', undefined, { kind: 'person' }],
    ['articles', undefined, { kind: 'articles' }],
    ['person', 'ivan-petrov', { kind: 'person-of-title', alias: 'ivan-petrov' }],
  ])('%s/%s', (page, pageId, expected) => {
    expect(parseWatchSubPage(page, pageId)).toEqual(expected);
  });

  it.each([
    ['season-0', undefined],
    ['season-01', undefined],
    ['season-', undefined],
    ['season-1000', undefined],
    ['Season-1', undefined],
    ['reviews', undefined],
    ['trailers', 'x'],
    ['season-1', 'episode-2'],
    ['person', 'Ivan_Petrov'],
    ['person', '../x'],
  ])('%s/%s names no page', (page, pageId) => {
    expect(parseWatchSubPage(page, pageId)).toBeNull();
  });

  it('builds the path back', () => {
    expect(watchPath('tayna')).toBe('/watch/tayna');
    expect(watchPath('tayna', { kind: 'season', number: 2 })).toBe('/watch/tayna/season-2');
    expect(watchPath('tayna', { kind: 'trailers' })).toBe('/watch/tayna/trailers');
    expect(watchPath('tayna', { kind: 'person-of-title', alias: 'ivan' })).toBe('/watch/tayna/person/ivan');
  });
});

describe('trafficRedirect (platform §4 Traffic source; §2 the mini-app {product} parameter)', () => {
  const go = (url: string) => {
    const u = new URL(url, 'http://x');
    return trafficRedirect(u.pathname, u.searchParams);
  };
  it.each([
    // "tapp ... when watch is given and the route is not /watch, redirects to /watch/{watch} keeping s, watch and ap"
    ['/?s=tapp&watch=tayna', '/watch/tayna?s=tapp&watch=tayna'],
    ['/movies?s=tapp&watch=tayna&ap=true', '/watch/tayna?s=tapp&watch=tayna&ap=true'],
    ['/kids?s=tapp&watch=tayna&ap=1&utm_source=x', '/watch/tayna?s=tapp&watch=tayna&ap=1'],
    ['/?s=tapp&watch=0b6f4a1c-2a9e-4d47-9d1e-7b1b0a6f1c22', '/watch/0b6f4a1c-2a9e-4d47-9d1e-7b1b0a6f1c22?s=tapp&watch=0b6f4a1c-2a9e-4d47-9d1e-7b1b0a6f1c22'],
    // "A {product} parameter opens /watch/{product_param}?ap=true"
    ['/?product=tayna', '/watch/tayna?ap=true'],
    ['/series/drama?product=tayna&s=tapp', '/watch/tayna?s=tapp&ap=true'],
  ])('%s → %s', (from, to) => {
    expect(go(from)).toBe(to);
  });

  it.each([
    '/watch/tayna?s=tapp&watch=tayna', // already on /watch
    '/watch/other?s=tapp&watch=tayna',
    '/watch/tayna?product=tayna',
    '/?s=tapp', // no watch
    '/?s=web&watch=tayna', // another source does not redirect
    '/?watch=tayna',
    '/?s=tapp&watch=%2F%2Fevil.example', // not a title reference
    '/?product=..%2Fauth',
    '/?product=',
    '/movies',
  ])('%s stays', (from) => {
    expect(go(from)).toBeNull();
  });
});

describe('playerCloseDestination (platform §2 /close_film)', () => {
  const from = (query: string) => playerCloseDestination('tayna-mayaka', new URLSearchParams(query));
  it('leads a viewer who came from the mini-app or an autoplay link to what to watch next', () => {
    expect(from('s=tapp&watch=tayna-mayaka')).toBe('/close_film?title=tayna-mayaka');
    expect(from('ap=true')).toBe('/close_film?title=tayna-mayaka');
  });
  it('keeps everyone else on the title page', () => {
    expect(from('')).toBeNull();
    expect(from('s=vk_ads')).toBeNull();
    expect(from('ap=false&resume=1')).toBeNull();
  });
});
