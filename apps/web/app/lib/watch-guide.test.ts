import { describe, expect, it } from 'vitest';
import { storeOfUserAgent, storesFor, tvBrandOf } from './watch-guide.ts';

describe('storeOfUserAgent (/ios-android-app: the phone store first)', () => {
  it.each([
    ['iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'appStore'],
    ['iPad', 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1', 'appStore'],
    ['an Android phone', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', 'googlePlay'],
    ['a Huawei phone', 'Mozilla/5.0 (Linux; Android 10; HUAWEI P40) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0 HuaweiBrowser/14.0 Mobile Safari/537.36', 'appGallery'],
    ['HarmonyOS', 'Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0 Mobile Safari/537.36', 'appGallery'],
    ['Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', null],
    ['a Mac', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15', null],
    ['no agent', null, null],
  ])('%s', (_, ua, store) => {
    expect(storeOfUserAgent(ua)).toBe(store);
  });

  it('puts the phone store first and keeps the rest in order', () => {
    expect(storesFor('appGallery')).toEqual(['appGallery', 'appStore', 'googlePlay', 'ruStore']);
    expect(storesFor(null)).toEqual(['appStore', 'googlePlay', 'ruStore', 'appGallery']);
  });
});

describe('tvBrandOf (/ways-to-watch/{samsung,sony,hisense,lg})', () => {
  it('knows the four brands and no other', () => {
    expect(['samsung', 'sony', 'hisense', 'lg'].map(tvBrandOf)).toEqual(['samsung', 'sony', 'hisense', 'lg']);
    expect(tvBrandOf('philips')).toBeNull();
    expect(tvBrandOf('Samsung')).toBeNull();
    expect(tvBrandOf(undefined)).toBeNull();
  });
});
