// Media is only reachable through the signed URLs (path-prefix grants) the playback check hands out.
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
  it('refuses media without a genuine, unexpired grant, from the site origin', async () => {
    const { page } = browser;
    // The requests come from a page of the site, as the player's would.
    const response = await page.goto('/', { timeout: 60_000 });
    expect(response?.status(), 'GET /').toBe(200);
    // The refused requests below are the point of the test; chromium logs each as a failed load.
    browser.allowProblem(/\/api\/media\/|status of 40[34]/);

    const statuses = await page.evaluate(async () => {
      const get = async (url: string) => (await fetch(url, { credentials: 'include' })).status;
      const exp = Math.floor(Date.now() / 1000) + 3600;
      const sid = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
      return {
        // the files exist, but only under a signed prefix (docs/decisions/016-media-pipeline-and-signed-delivery.md)
        unsigned: await get('/api/media/aurora/720p/seg_000.m4s'),
        forged: await get(`/api/media/s/${exp}/${sid}/AAAAAAAAAAAAAAAAAAAAAA/aurora/master.m3u8`),
        expired: await get(`/api/media/s/1/${sid}/AAAAAAAAAAAAAAAAAAAAAA/aurora/720p/seg_000.m4s`),
      };
    });
    expect(statuses).toEqual({ unsigned: 404, forged: 403, expired: 403 });
    expect(browser.problems, `console errors or uncaught errors on the page:\n${browser.describeProblems()}`).toEqual([]);
  });
});
