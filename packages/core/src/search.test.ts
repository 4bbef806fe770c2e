import { describe, expect, it } from 'vitest';
import {
  SEARCH_HIDDEN_ROUTES,
  SEARCH_QUERY_MAX,
  isBlankSearchQuery,
  normalizeSearchText,
  searchPath,
  searchWords,
  showsHeaderSearch,
} from './search.ts';

describe('normalizeSearchText (issue 4: matching forgives ё/е, case, hyphens and punctuation)', () => {
  it.each([
    ['Ёлки', 'елки'],
    ['ёжик в тумане', 'ежик в тумане'],
    ['Чёрный волк', 'черный волк'],
    ['ЧЁРНЫЙ ВОЛК', 'черный волк'],
    ['Кот-детектив', 'кот детектив'],
    ['Кот — детектив', 'кот детектив'],
    ['Мур. Жизнь на скорости', 'мур жизнь на скорости'],
    ['«Мёд и лёд»!', 'мед и лед'],
    ['  Танцуй,   пока   можешь… ', 'танцуй пока можешь'],
    ['Амели́', 'амели'],
    ['Е\u0308лки и\u0306од', 'елки йод'],
    ['Йод и йогурт', 'йод и йогурт'],
    ['Amélie Poulain', 'amelie poulain'],
    ['Die letzte Grenze', 'die letzte grenze'],
    ['Straße', 'strasse'],
    ['Łódź', 'lodz'],
    ['Æon Flux', 'aeon flux'],
    ['Noches de Madrid', 'noches de madrid'],
    ['WALL·E', 'wall e'],
    ['9 рота', '9 рота'],
    ['Офис 2.0', 'офис 2 0'],
    ['Їжак', 'їжак'],
    ['千と千尋', '千と千尋'],
    ['', ''],
    ['   ', ''],
    ['?!—…', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const s of ['Ёлки-палки!', 'Amélie', 'Кот — детектив']) expect(normalizeSearchText(normalizeSearchText(s))).toBe(normalizeSearchText(s));
  });
});

describe('searchWords and isBlankSearchQuery (catalogue §5: an empty query returns empty items)', () => {
  it.each([
    ['', [], true],
    ['   ', [], true],
    ['—', [], true],
    ['Мёд и лёд', ['мед', 'и', 'лед'], false],
    ['кот-детектив', ['кот', 'детектив'], false],
  ])('%j → %j, blank %s', (input, words, blank) => {
    expect(searchWords(input)).toEqual(words);
    expect(isBlankSearchQuery(input)).toBe(blank);
  });

  it('treats null and undefined as blank', () => {
    expect(isBlankSearchQuery(null)).toBe(true);
    expect(isBlankSearchQuery(undefined)).toBe(true);
  });

  it('accepts queries up to 100 characters', () => {
    expect(SEARCH_QUERY_MAX).toBe(100);
  });
});

describe('searchPath (platform §2: /search with query q)', () => {
  it.each([
    ['Ёлки', '/search?q=%D0%81%D0%BB%D0%BA%D0%B8'],
    ['  кот детектив ', '/search?q=%D0%BA%D0%BE%D1%82+%D0%B4%D0%B5%D1%82%D0%B5%D0%BA%D1%82%D0%B8%D0%B2'],
    ['a&b=c', '/search?q=a%26b%3Dc'],
    ['   ', '/search'],
  ])('%j → %j', (query, expected) => {
    expect(searchPath(query)).toBe(expected);
  });
});

describe('showsHeaderSearch (platform §2: the header search input, except on a listed set of routes)', () => {
  it.each([
    // shown: browsing
    ['/', true],
    ['/movies', true],
    ['/movies/drama/2020', true],
    ['/watch/chyornyy-volk', true],
    ['/kids', true],
    ['/channel/first', true],
    ['/archive', true],
    ['/person/ivan-petrov', true],
    ['/tariffs', true],
    ['/searching', true],
    ['/accounts-help', true],
    // hidden: the search page has its own field
    ['/search', false],
    ['/search/', false],
    // hidden: signing in and up
    ['/auth', false],
    ['/auth/password', false],
    ['/auth/yandex/signup', false],
    ['/signin', false],
    ['/signin/mf/code', false],
    ['/signup', false],
    ['/signup/confirm', false],
    ['/signup_confirm', false],
    ['/token/yandex', false],
    ['/megafon_connect', false],
    ['/password/reset', false],
    ['/logout', false],
    // hidden: codes and confirmations
    ['/code', false],
    ['/code/success', false],
    ['/premium_code', false],
    ['/coupon/registration/SPRING', false],
    ['/email-confirm', false],
    ['/doi-confirm', false],
    ['/pin_remove', false],
    ['/child_profile', false],
    // hidden: account and payments
    ['/account', false],
    ['/account/devices', false],
    ['/account/google_delete', false],
    ['/payment_history', false],
    ['/web/success', false],
    ['/mobile/fail', false],
    ['/paymentSuccess', false],
    ['/pages/subscription/already', false],
    ['/dev/outbox', false],
  ])('%j: %s', (pathname, expected) => {
    expect(showsHeaderSearch(pathname)).toBe(expected);
  });

  it('lists every hidden route once, each starting with a slash', () => {
    expect(new Set(SEARCH_HIDDEN_ROUTES).size).toBe(SEARCH_HIDDEN_ROUTES.length);
    for (const route of SEARCH_HIDDEN_ROUTES) expect(route).toMatch(/^\/[^/]/);
  });
});
