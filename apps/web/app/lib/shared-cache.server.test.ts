import { describe, expect, it } from 'vitest';
import { markForSharedCache } from './shared-cache.server.ts';

const html = (headers: Record<string, string> = {}) => new Response('<!DOCTYPE html>', { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });

describe('markForSharedCache (decision 044)', () => {
  it('names the settings in s-maxage and stale-while-revalidate, and keeps browsers revalidating', () => {
    const response = html();
    markForSharedCache(response, { seconds: 30, staleSeconds: 120 });
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=120');
  });

  it('adds User-Agent and Cookie to a Vary the page already has, once each', () => {
    const response = html({ vary: 'Accept-Encoding, cookie' });
    markForSharedCache(response, { seconds: 60, staleSeconds: 600 });
    expect(response.headers.get('vary')).toBe('Accept-Encoding, cookie, User-Agent');
  });

  it('marks nothing when the cache is off (PAGE_CACHE_SECONDS=0)', () => {
    const response = html();
    markForSharedCache(response, { seconds: 0, staleSeconds: 600 });
    expect(response.headers.get('cache-control')).toBeNull();
    expect(response.headers.get('vary')).toBeNull();
  });
});
