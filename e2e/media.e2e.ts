// Media is only reachable through the signed URLs the playback check hands out.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await browser.close();
});

describe('media protection', () => {
  it('refuses segments and playlists without a valid token, from the site origin', async () => {
    const { page } = browser;
    // The requests come from a page of the site, as the player's would.
    const response = await page.goto('/', { timeout: 60_000 });
    expect(response?.status(), 'GET /').toBe(200);
    // The refused requests below are the point of the test; chromium logs each as a failed load.
    browser.allowProblem(/\/api\/media\/|status of 403/);

    const statuses = await page.evaluate(async () => {
      const get = async (url: string) => (await fetch(url, { credentials: 'include' })).status;
      return {
        segment: await get('/api/media/aurora/720p/seg_000.m4s'),
        forged: await get('/api/media/aurora/720p/seg_000.m4s?token=forged'),
        master: await get('/api/media/aurora/master.m3u8'),
      };
    });
    expect(statuses).toEqual({ segment: 403, forged: 403, master: 403 });
    expect(browser.problems, `console errors or uncaught errors on the page:\n${browser.describeProblems()}`).toEqual([]);
  });
});
