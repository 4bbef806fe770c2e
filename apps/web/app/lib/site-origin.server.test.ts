// Canonical links, Open Graph and JSON-LD take the site's configured origin, never the request's forgeable Host.
import type { CatalogResponse } from '@ekran/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const api = { catalog: vi.fn(async (): Promise<CatalogResponse> => ({ items: [] })) };

/** The root loader's origin and the page's canonical link for a request that says it is for evil.example. */
async function underForgedHost() {
  vi.resetModules();
  // Fresh modules read the stubbed settings; the visitor context must be the same module instance root.tsx reads.
  const { contextWith, outcome } = await import('../test/visitor.ts');
  const { loader } = await import('../root.tsx');
  const { seoMeta } = await import('./seo.ts');
  const { siteOrigin } = await import('./site-origin.server.ts');
  const request = new Request('http://evil.example/movies', { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
  const r = await outcome(() => loader({ request, params: {}, context: contextWith(api) } as never));
  if (!('value' in r)) throw new Error('the root loader did not answer data');
  const canonical = seoMeta(r.value.origin, { title: 'Фильмы', description: '', path: '/movies' }).find((t) => 'rel' in t && t.rel === 'canonical');
  return { origin: r.value.origin, canonical: (canonical as { href: string }).href, robotsOrigin: siteOrigin(request) };
}

// The first test imports the root route's whole module graph afresh (about 3 s alone, more on a loaded machine).
const FRESH_ROOT_MS = 20_000;

describe('the site origin under a forged Host', () => {
  it('stays on SITE_ORIGIN', { timeout: FRESH_ROOT_MS }, async () => {
    vi.stubEnv('SITE_ORIGIN', 'https://ekran.example/');
    expect(await underForgedHost()).toEqual({ origin: 'https://ekran.example', canonical: 'https://ekran.example/movies', robotsOrigin: 'https://ekran.example' });
  });

  it('outside production without SITE_ORIGIN stays on the fixed development origin', async () => {
    vi.stubEnv('SITE_ORIGIN', '');
    expect(await underForgedHost()).toEqual({ origin: 'http://localhost:3000', canonical: 'http://localhost:3000/movies', robotsOrigin: 'http://localhost:3000' });
  });

  it('a production site without SITE_ORIGIN does not load', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('SITE_ORIGIN', '');
    vi.resetModules();
    await expect(import('./env.server.ts')).rejects.toThrow(/SITE_ORIGIN: required in production/);
  });
});
