import { describe, expect, it } from 'vitest';
import { offSiteRedirect, safePath, safeRedirect, safeRedirectDocument, sitePath } from './safe-redirect.ts';

/** How a browser on https://ekran.test would resolve a Location header. */
const resolvedHost = (location: string) => new URL(location, 'https://ekran.test/some/page').host;

// Classic open-redirect payloads (OWASP's and the usual bug-bounty lists), plus those the probe found.
const hostile = [
  '//evil.com',
  '//user@evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  '\\/evil.com',
  '//evil%E3%80%82com',
  '//evil。com',
  '///evil.com',
  '////evil.com',
  '/\\/evil.com',
  '/\t/evil.com',
  '/\n/evil.com',
  '/\r\n/evil.com',
  '/%09/evil.com'.replace('%09', '\t'),
  '/\u0000/evil.com',
  '/%2e%2e//evil.com',
  '/..//evil.com',
  '/./..//evil.com',
  'https://evil.com',
  'http://evil.com/',
  'HTTPS://evil.com',
  'http:evil.com',
  'https:/evil.com',
  '//evil.com/%2f..',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'evil.com',
  '@evil.com',
  'user@evil.com',
  ' /evil',
  ' //evil.com',
  '',
  'ftp://evil.com',
  '/\ud800',
  '/' + 'a'.repeat(3000),
];

describe('sitePath: only a path of this site (spec platform §5 Return-to-source)', () => {
  it.each(hostile)('refuses %j', (payload) => {
    expect(sitePath(payload)).toBeNull();
    expect(safePath(payload)).toBe('/');
  });

  it.each([null, undefined, 42, {}, ['/']])('refuses a non-string %j', (payload) => {
    expect(sitePath(payload)).toBeNull();
  });

  it.each([
    ['/', '/'],
    ['/movies', '/movies'],
    ['/watch/tayna?s=tapp&watch=tayna&ap=true', '/watch/tayna?s=tapp&watch=tayna&ap=true'],
    ['/account#devices', '/account#devices'],
    ['/user@evil.com', '/user@evil.com'],
    ['/evil.com', '/evil.com'],
    ['/%2F%2Fevil.com', '/%2F%2Fevil.com'],
    // Non-ASCII is escaped as encodeURI would (a Location header must be Latin-1; this keeps it ASCII).
    ['/\u200b/x', '/%E2%80%8B/x'],
    ['/ф', '/%D1%84'],
    ['/search?q=тайна', '/search?q=%D1%82%D0%B0%D0%B9%D0%BD%D0%B0'],
    ['/a b', '/a%20b'],
    ['/😀', '/%F0%9F%98%80'],
  ])('keeps %j as %j', (payload, path) => {
    expect(sitePath(payload)).toBe(path);
  });

  it('every answer, hostile or not, resolves to this host and is a valid header value', () => {
    for (const payload of [...hostile, '/ф', '/\u200b/x', '/ok?x=1']) {
      const path = safePath(payload);
      expect(resolvedHost(path)).toBe('ekran.test');
      expect(() => new Headers({ location: path })).not.toThrow();
    }
  });

  it('falls back to the given path, and to / when the fallback is unsafe too', () => {
    expect(safePath('//evil.com', '/account')).toBe('/account');
    expect(safePath('//evil.com', '//evil.com')).toBe('/');
  });
});

describe('safeRedirect', () => {
  it('redirects to a safe path with the status and headers given', () => {
    const r = safeRedirect('/ф', { status: 301, headers: { 'Set-Cookie': 'a=1' } });
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe('/%D1%84');
    expect(r.headers.get('set-cookie')).toBe('a=1');
  });

  it('redirects a hostile target to the fallback', () => {
    expect(safeRedirect('//evil.com', 302, '/auth').headers.get('location')).toBe('/auth');
    expect(safeRedirectDocument('/\\evil.com').headers.get('location')).toBe('/');
    expect(safeRedirectDocument('/x').headers.get('x-remix-reload-document')).toBe('true');
  });
});

describe('offSiteRedirect (the payment host, a provider: addresses the server chose)', () => {
  it('serialises an http(s) address as ASCII', () => {
    expect(offSiteRedirect('https://pay.test/p?x=тест').headers.get('location')).toBe('https://pay.test/p?x=%D1%82%D0%B5%D1%81%D1%82');
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', '/relative'])('throws on %j', (target) => {
    expect(() => offSiteRedirect(target)).toThrow();
  });
});
