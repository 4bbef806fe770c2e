import { describe, expect, it } from 'vitest';
import {
  clearsSearchOnRouteChange,
  isArchiveListPath,
  isKidsMode,
  isMissingRequiredParam,
  isUnderRoute,
  lowercaseLocaleRedirect,
  popupPageOf,
  sendsScreenView,
  shouldScrollToTop,
  showsProgressBar,
} from './shell.ts';

describe('isUnderRoute', () => {
  it.each([
    ['/search', '/search', true],
    ['/search/', '/search', true],
    ['/search/films', '/search', true],
    ['/searching', '/search', false],
    ['/', '/search', false],
    ['/archive/watch/1', '/archive/watch', true],
    ['/anything', '/', true],
  ])('%j under %j is %s', (pathname, route, expected) => {
    expect(isUnderRoute(pathname, route)).toBe(expected);
  });
});

describe('isKidsMode (platform §2: cookie FOR_KIDS equals True or the path contains /kids)', () => {
  it.each([
    ['True', '/', true],
    ['True', '/movies', true],
    ['true', '/', false],
    ['False', '/', false],
    [null, '/kids', true],
    [undefined, '/kids/', true],
    [undefined, '/kids/animation', true],
    [undefined, '/en/kids', true],
    [undefined, '/', false],
    [undefined, '/watch/kidsfilm', false],
    [undefined, '/child_profile', false],
  ])('cookie %j, path %j: %s', (forKidsCookie, path, expected) => {
    expect(isKidsMode({ forKidsCookie, path })).toBe(expected);
  });
});

describe('lowercaseLocaleRedirect (platform §2: an uppercase locale in the URL is redirected to lowercase)', () => {
  it.each([
    ['/EN', '/en'],
    ['/En/', '/en/'],
    ['/RU/watch/SomeAlias', '/ru/watch/SomeAlias'],
    ['/SR/movies', '/sr/movies'],
    ['/bG', '/bg'],
    ['/HR/kids?x', '/hr/kids?x'],
    ['/en/movies', null],
    ['/DE/movies', null],
    ['/MOVIES', null],
    ['/', null],
    ['', null],
  ])('%j redirects to %j', (pathname, expected) => {
    expect(lowercaseLocaleRedirect(pathname)).toBe(expected);
  });
});

describe('isMissingRequiredParam (platform §2: /collection, /watch or /rules without its parameter shows an error screen)', () => {
  it.each([
    ['/collection', true],
    ['/collection/', true],
    ['/watch', true],
    ['/watch/', true],
    ['/rules', true],
    ['/rules/', true],
    ['/watch/film', false],
    ['/collection/best', false],
    ['/collections', false],
    ['/main/rules', false],
    ['/', false],
  ])('%j: %s', (pathname, expected) => {
    expect(isMissingRequiredParam(pathname)).toBe(expected);
  });
});

describe('route-change rules (platform §2)', () => {
  it.each([
    // pathname, archive list, scroll to top, progress bar, clears search
    ['/', false, true, true, true],
    ['/archive', true, false, true, true],
    ['/archive/movies/drama', true, false, true, true],
    ['/archive/watch/42', false, true, true, true],
    ['/search', false, true, false, true],
    ['/search/', false, true, false, true],
    ['/channel', false, true, true, false],
    ['/channel/first/2024-05-01', false, true, true, false],
    ['/tvchannels', false, true, true, true],
    ['/watch/film', false, true, true, true],
  ])('%j: archive list %s, scroll to top %s, progress bar %s, clears search %s', (pathname, archiveList, scroll, progress, clears) => {
    expect(isArchiveListPath(pathname)).toBe(archiveList);
    expect(shouldScrollToTop(pathname)).toBe(scroll);
    expect(showsProgressBar(pathname)).toBe(progress);
    expect(clearsSearchOnRouteChange(pathname)).toBe(clears);
  });
});

describe('sendsScreenView (platform §2: not on /logout, /selections, /megafon_connect, auth routes and archive routes)', () => {
  it.each([
    ['/logout', false],
    ['/selections', false],
    ['/selections/best', false],
    ['/megafon_connect', false],
    ['/auth', false],
    ['/auth/reset', false],
    ['/auth/yandex/signup', false],
    ['/signin', false],
    ['/signin/mf/code', false],
    ['/signin/megafon', false],
    ['/signup', false],
    ['/signup/mf', false],
    ['/signup_confirm', false],
    ['/token/yandex', false],
    ['/archive', false],
    ['/archive/watch/42', false],
    ['/', true],
    ['/watch/film', true],
    ['/selection', true],
    ['/authors', true],
    ['/password/reset', true],
  ])('%j: %s', (pathname, expected) => {
    expect(sendsScreenView(pathname)).toBe(expected);
  });
});

describe('popupPageOf (platform §2: catalogue-driven popups only on /, /kids and /watch)', () => {
  it.each([
    ['/', 'main'],
    ['', 'main'],
    ['/kids', 'main'],
    ['/kids/', 'main'],
    ['/watch/film', 'product'],
    ['/watch/film/season-1', 'product'],
    ['/watch', null],
    ['/kids/animation', null],
    ['/movies', null],
  ])('%j is %s', (pathname, expected) => {
    expect(popupPageOf(pathname)).toBe(expected);
  });
});
