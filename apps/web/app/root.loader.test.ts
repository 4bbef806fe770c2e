// vitest-isolate: the menu test expects its own catalogue, and the header menu is cached per process (lib/menu.server.ts).
import type { CatalogResponse } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { loader } from './root.tsx';
import { contextWith, outcome } from './test/visitor.ts';

const catalog = (forKids: boolean): CatalogResponse => ({
  items: [
    { category: 'movie', title: '', genres: [{ alias: forKids ? 'fairytale' : 'drama', title: forKids ? 'Сказки' : 'Драма', total: 1 }] },
    { category: 'series', title: '', genres: [{ alias: 'family', title: 'Семейный', total: 1 }] },
  ],
});
const api = { catalog: vi.fn(async (forKids: boolean) => catalog(forKids)) };

function run(path: string, headers: Record<string, string> = {}, auth: Record<string, unknown> | null = null) {
  const request = new Request(`http://localhost${path}`, { headers });
  return outcome(() => loader({ request, params: {}, context: contextWith(api, { auth: auth as never }) } as never));
}

describe('root loader (spec platform §2 rules of the shell)', () => {
  it.each([
    ['/RU/movies?x=1', '/ru/movies?x=1'],
    ['/En/watch/tayna', '/en/watch/tayna'],
    ['/ru/movies', '/movies'],
    ['/ru', '/'],
  ])('redirects %s to %s', async (from, to) => {
    const r = await run(from);
    expect('thrown' in r && (r.thrown as Response).status).toBe(301);
    expect('thrown' in r && (r.thrown as Response).headers.get('location')).toBe(to);
  });

  // The /ru/ rewrite takes its target from the address: what follows /ru must be a path of this site.
  it.each(['/ru//evil.com', '/ru//user@evil.com', '/ru/\\evil.com', '/ru//evil%E3%80%82com', '/ru///evil.com'])(
    'answers %s with not found, never a redirect off the site',
    async (path) => {
      const r = await run(path);
      const thrown = 'thrown' in r ? r.thrown : null;
      expect(thrown instanceof Response).toBe(false);
      expect((thrown as { init?: { status: number } }).init?.status).toBe(404);
    },
  );

  it('escapes non-ASCII in the /ru/ rewrite so the Location header is valid', async () => {
    const request = new Request('http://localhost/ru/search?q=%D1%84');
    Object.defineProperty(request, 'url', { value: 'http://localhost/ru/search?q=ф' });
    const r = await outcome(() => loader({ request, params: {}, context: contextWith(api, {}) } as never));
    expect('thrown' in r && (r.thrown as Response).headers.get('location')).toBe('/search?q=%D1%84');
  });

  // ---- Spec platform §4 Traffic source and §2 the mini-app's {product} parameter.
  it.each([
    ['/?s=tapp&watch=tayna&ap=true&utm_source=x', '/watch/tayna?s=tapp&watch=tayna&ap=true'],
    ['/movies?product=tayna', '/watch/tayna?ap=true'],
  ])('sends %s to the title page %s (not permanently)', async (from, to) => {
    const r = await run(from);
    expect('thrown' in r && (r.thrown as Response).status).toBe(302);
    expect('thrown' in r && (r.thrown as Response).headers.get('location')).toBe(to);
  });

  it('leaves a title page with the tapp parameters where it is', async () => {
    const r = await run('/watch/tayna?s=tapp&watch=tayna&ap=true');
    expect('value' in r).toBe(true);
  });

  it('builds the menu in the spec order with the archive for RU', async () => {
    const r = await run('/', {}, { current_country_code: 'RU', profile_for_child: false, virtual: true, language: { interface: 'ru' } });
    const data = 'value' in r ? r.value : null;
    expect(data?.menu.map((m) => m.key)).toEqual(['archive', 'movies', 'series', 'animation', 'new', 'journal', 'tv']);
    expect(data?.menu.find((m) => m.key === 'animation')?.data?.genres.map((g) => g.alias)).toEqual(['family', 'fairytale']);
  });

  it.each([
    ['/kids', {}, true],
    ['/movies', { cookie: 'FOR_KIDS=True' }, true],
    ['/movies', { cookie: 'FOR_KIDS=False' }, false],
    ['/movies', {}, false],
  ])('kids mode for %s %j is %s', async (path, headers, kids) => {
    const r = await run(path, headers);
    expect('value' in r && r.value.isKids).toBe(kids);
  });

  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1', true],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36', false],
  ])('detects mobile from the user agent %s', async (ua, mobile) => {
    const r = await run('/', { 'user-agent': ua });
    expect('value' in r && r.value.isMobile).toBe(mobile);
  });

  // Catalogue §2 "Shown at width 1024 or less when the experiment Mobile_web_app is on" (group B).
  it.each([
    ['B', true],
    ['A', false],
  ])('turns the tab bar on for Mobile_web_app group %s: %s', async (group, on) => {
    const ab = [{ exp_name: 'Who_watch', group_name: 'B', exp_id: '1', group_id: '12' }, { exp_name: 'Mobile_web_app', group_name: group, exp_id: '3', group_id: '31' }];
    const r = await run('/', {}, { current_country_code: 'RU', profile_for_child: false, virtual: true, language: { interface: 'ru' }, ab });
    expect('value' in r && r.value.mobileWebApp).toBe(on);
  });

  it('keeps the tab bar off without auth data (a crawler)', async () => {
    const r = await run('/');
    expect('value' in r && r.value.mobileWebApp).toBe(false);
  });
});
