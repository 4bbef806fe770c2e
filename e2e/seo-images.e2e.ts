// SEO and images: what a crawler gets in the server HTML (no JavaScript), the sitemap and robots.txt,
// webp posters in chromium, lazy posters below the fold, and no layout shift while scrolling a category.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE_URL, launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.ts';

const CRAWLER_UA = 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)';

let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await browser.close();
});

interface Head {
  status: number;
  title: string;
  canonical: string | null;
  og: Record<string, string>;
  robots: string | null;
  ld: Record<string, unknown>[];
  watchLinks: string[];
}

/** The server HTML of a path as a crawler gets it, read by chromium's parser without running a script. */
async function serverHead(p: string): Promise<Head> {
  const res = await fetch(`${BASE_URL}${p}`, { headers: { 'user-agent': CRAWLER_UA }, redirect: 'manual' });
  const html = await res.text();
  const head = await browser.page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const og: Record<string, string> = {};
    for (const m of doc.querySelectorAll('meta[property^="og:"]')) og[m.getAttribute('property')!] = m.getAttribute('content') ?? '';
    return {
      title: doc.title,
      canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      og,
      robots: doc.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
      ld: [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
      watchLinks: [...doc.querySelectorAll('a[href^="/watch/"]')].map((a) => a.getAttribute('href')!),
    };
  }, html);
  return { ...head, status: res.status, ld: head.ld.map((text) => JSON.parse(text) as Record<string, unknown>) };
}

const ldOfType = (head: Head, type: string) => head.ld.find((l) => l['@type'] === type);

describe('a crawler without JavaScript', () => {
  it('finds canonical, Open Graph and JSON-LD in the server HTML of a category and a title page', async () => {
    const category = await serverHead('/movies');
    expect(category.status).toBe(200);
    expect(category.canonical).toBe(`${BASE_URL}/movies`);
    expect(category.og['og:url']).toBe(`${BASE_URL}/movies`);
    expect(category.og['og:title']).toBe(category.title);
    expect(category.og['og:locale']).toBe('ru_RU');
    expect(category.robots).toBeNull();
    expect(ldOfType(category, 'BreadcrumbList')).toMatchObject({ '@context': 'https://schema.org' });
    const list = ldOfType(category, 'ItemList') as { itemListElement: { url: string }[] } | undefined;
    expect(list?.itemListElement.length).toBeGreaterThan(0);
    expect(category.watchLinks.length).toBeGreaterThan(0);

    const titlePath = category.watchLinks[0]!;
    const title = await serverHead(titlePath);
    expect(title.status).toBe(200);
    expect(title.canonical).toBe(`${BASE_URL}${titlePath}`);
    expect(['video.movie', 'video.tv_show']).toContain(title.og['og:type']);
    expect(title.og['og:image']).toMatch(new RegExp(`^${BASE_URL}/api/v1/images/.*type=jpeg`));
    const work = ldOfType(title, 'Movie') ?? ldOfType(title, 'TVSeries');
    expect(work).toMatchObject({ '@context': 'https://schema.org', url: `${BASE_URL}${titlePath}`, aggregateRating: { bestRating: 10 } });
    expect(String(work?.name)).not.toBe('');
    expect(title.title).toContain(String(work?.name));
    expect((ldOfType(title, 'BreadcrumbList') as { itemListElement: unknown[] }).itemListElement).toHaveLength(3);

    // The poster art the preview names is there, as jpeg.
    const image = await fetch(title.og['og:image']!);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('reads robots.txt and the sitemap, whose title URLs answer', async () => {
    const robots = await fetch(`${BASE_URL}/robots.txt`, { headers: { 'user-agent': CRAWLER_UA } });
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await robots.text()).split('\n');
    expect(lines).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
    expect(lines).toContain('Disallow: /account');

    const locsOf = async (url: string) => {
      const res = await fetch(url, { headers: { 'user-agent': CRAWLER_UA } });
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      const xml = await res.text();
      return browser.page.evaluate((source) => {
        const doc = new DOMParser().parseFromString(source, 'application/xml');
        if (doc.querySelector('parsererror')) throw new Error('sitemap XML does not parse');
        return [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map((l) => l.textContent);
      }, xml);
    };
    const files = await locsOf(`${BASE_URL}/sitemap.xml`);
    expect(files).toContain(`${BASE_URL}/sitemaps/static.xml`);
    expect(files).toContain(`${BASE_URL}/sitemaps/titles.xml`);
    const titleUrls = await locsOf(`${BASE_URL}/sitemaps/titles.xml`);
    expect(titleUrls.length).toBeGreaterThanOrEqual(300);
    expect(titleUrls.every((u) => u.startsWith(`${BASE_URL}/watch/`))).toBe(true);
    for (const url of [titleUrls[0]!, titleUrls.at(-1)!]) expect((await fetch(url, { headers: { 'user-agent': CRAWLER_UA } })).status, url).toBe(200);
  });
});

describe('a crawler and the shared page cache (decision 044)', () => {
  it('gets a page shared caches may keep, from the site’s cache, gzipped, with a nonce of its own in header and body', async () => {
    const get = () => fetch(`${BASE_URL}/series`, { headers: { 'user-agent': CRAWLER_UA, 'accept-encoding': 'gzip' } });
    await (await get()).arrayBuffer();
    const copies = [];
    for (let i = 0; i < 2; i++) {
      const res = await get();
      // fetch unpacks the gzip copy and checks its CRC, which the cache splices for every copy.
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(['HIT', 'STALE']).toContain(res.headers.get('x-cache'));
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
      expect(res.headers.get('vary')).toMatch(/User-Agent/);
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
      const inBody = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
      expect(nonce).toBeTruthy();
      expect([...inBody]).toEqual([nonce]);
      copies.push(nonce);
    }
    expect(copies[0]).not.toBe(copies[1]);
  });

  it('never gives a viewer’s browser a kept page: its first visit gets its own session', async () => {
    const res = await fetch(`${BASE_URL}/series`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' } });
    await res.arrayBuffer();
    expect(res.headers.get('x-cache')).toBeNull();
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/public/);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('ekran_token='))).toBe(true);
  });
});

describe('posters in chromium', () => {
  it('are webp, and those below the fold wait until scrolled to', async () => {
    const { page } = browser;
    const imageTypes = new Map<string, string>();
    page.on('response', (res) => {
      if (res.url().includes('/api/v1/images/')) imageTypes.set(res.url(), res.headers()['content-type'] ?? '');
    });
    await page.goto('/movies', { waitUntil: 'load', timeout: 60_000 });
    const first = page.locator('a[data-testid="title-card"] img').first();
    await first.waitFor({ state: 'visible' });
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('a[data-testid="title-card"] img');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    const firstSrc = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(firstSrc).toContain('type=webp');
    expect(imageTypes.get(firstSrc)).toBe('image/webp');
    expect(await first.getAttribute('loading')).toBe('eager');
    expect(await first.getAttribute('fetchpriority')).toBe('high');

    // The last card of the first portion (the grid asks for the next portion as it nears; that one's are lazy too).
    const last = page.locator('a[data-testid="title-card"] img').nth(39);
    expect(await last.getAttribute('loading')).toBe('lazy');
    expect(await last.getAttribute('decoding')).toBe('async');
    expect(await last.evaluate((img: HTMLImageElement) => img.currentSrc), 'a poster far below is not fetched yet').toBe('');
    await last.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const img = document.querySelectorAll<HTMLImageElement>('a[data-testid="title-card"] img')[39];
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    expect(await last.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('type=webp');
  });

  it.each([
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 375, height: 812 }],
  ])('do not shift the layout while /movies scrolls (%s, CLS below 0.05)', async (name, viewport) => {
    const { page } = browser;
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/movies', { waitUntil: 'load', timeout: 60_000 });
    await page.locator('a[data-testid="title-card"]').first().waitFor({ state: 'visible' });
    // Scroll down in screen-sized steps, letting lazy posters arrive on the way.
    for (let i = 0; i < 30; i++) {
      const atBottom = await page.evaluate(() => {
        window.scrollBy(0, Math.round(window.innerHeight * 0.8));
        return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      });
      await page.waitForTimeout(150);
      // A reader's pace: the next portion of the infinite grid lands before the next step.
      await page.locator('[data-testid="listing"][aria-busy="false"]').waitFor({ timeout: 15_000 });
      if (atBottom) break;
    }
    await page.waitForLoadState('networkidle');
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `seo-movies-scrolled-${name}.png`) });
    expect(cls, `cumulative layout shift on /movies (${name})`).toBeLessThan(0.05);
    expect(browser.describeProblems()).toBe('');
  });
});
