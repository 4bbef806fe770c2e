// The site as an attacker tries it: an open redirect through the /ru/ rewrite, a form auto-posted to a resource
// route from a page on another port of the same site (same-site, so the SameSite=Lax session cookie goes along),
// and bad input that must answer a page, never a 500.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountViaApi, API_KEY } from './accounts.ts';
import { BASE_URL, launchBrowser, type Browser } from './browser.ts';

let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
});
afterEach(async () => {
  expect(browser.problems, browser.describeProblems()).toEqual([]);
  await browser.close();
});

const site = new URL(BASE_URL);

/** The account's PIN state as the API says it. */
async function pinState(token: string): Promise<{ pin_status: string; has_pin: boolean }> {
  const res = await fetch(`${BASE_URL}/api/v1/pin`, { headers: { 'x-api-key': API_KEY, cookie: `ekran_token=${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as { pin_status: string; has_pin: boolean };
}

/** Serves one HTML page on a free port of the site's own host: another origin of the same site. */
async function attackerPage(html: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, site.hostname, resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // The browser keeps its connection open; close() alone would wait for it.
      server.closeAllConnections();
    });
  return { url: `http://${site.hostname}:${port}/`, close };
}

describe('the site under attack', () => {
  it('keeps /ru//evil.com on the site', async () => {
    const { page } = browser;
    browser.allowProblem(/status of 404/);
    for (const path of ['/ru//evil.com', '/ru//user@evil.com', '/ru//evil%E3%80%82com']) {
      const response = await page.goto(path, { waitUntil: 'load', timeout: 60_000 });
      expect(new URL(page.url()).host, path).toBe(site.host);
      expect(response?.status(), path).toBe(404);
      await page.locator('[data-testid="not-found"]').waitFor();
    }
  });

  it('refuses a form auto-posted to /profiles/action from another port of the same site, and the PIN stays unset', async () => {
    const { page, context } = browser;
    // The refusal is a 403 on purpose; the browser then asks the site for /favicon.ico, which it has not (404).
    browser.allowProblem(/status of 403|status of 404/);
    const { token } = await accountViaApi(`csrf.${Date.now()}@example.ru`, 'пароль-жертвы-1');
    await context.addCookies([{ name: 'ekran_token', value: token, url: BASE_URL, httpOnly: true, sameSite: 'Lax' }]);
    const before = await pinState(token);
    expect(before.has_pin).toBe(false);

    const attacker = await attackerPage(`<!doctype html><meta charset="utf-8"><title>Выигрыш</title>
      <form id="f" method="post" action="${BASE_URL}/profiles/action">
        <input name="intent" value="pin-create"><input name="pin" value="6666">
      </form>
      <script>document.getElementById('f').submit()</script>`);
    try {
      const refused = page.waitForResponse((r) => r.url() === `${BASE_URL}/profiles/action` && r.request().method() === 'POST', { timeout: 30_000 });
      // The page submits itself while loading, so its own load is never waited for: the site's answer is.
      await page.goto(attacker.url, { waitUntil: 'commit', timeout: 30_000 });
      const response = await refused;
      expect(response.status()).toBe(403);
      // The refused form's navigation commits before the next one, or it would interrupt the visit below.
      await page.waitForURL(`${BASE_URL}/profiles/action`, { waitUntil: 'load', timeout: 30_000 });
      // The session cookie did go along (same site): the refusal is the Origin check's, not a missing session.
      expect((await response.request().allHeaders())['cookie']).toContain('ekran_token=');
    } finally {
      await attacker.close();
    }
    expect(await pinState(token)).toEqual(before);

    // The site's own page may still do it: the same request from the site's origin is accepted.
    await page.goto('/', { waitUntil: 'load', timeout: 60_000 });
    const status = await page.evaluate(async () => {
      const res = await fetch('/profiles/action', { method: 'POST', body: new URLSearchParams({ intent: 'pin-create', pin: '6666' }) });
      return res.status;
    });
    expect(status).toBe(200);
    expect((await pinState(token)).has_pin).toBe(true);
  });

  it('answers a NUL byte in ?s= on a first visit with the page, and a page past the last with 404, never 500', async () => {
    const { page } = browser;
    browser.allowProblem(/status of 404/);
    const first = await page.goto('/?s=%00', { waitUntil: 'load', timeout: 60_000 });
    expect(first?.status()).toBe(200);
    await page.locator('header').first().waitFor();

    const long = await page.goto(`/movies?s=${'x'.repeat(65)}`, { waitUntil: 'load', timeout: 60_000 });
    expect(long?.status()).toBe(200);

    const past = await page.goto('/movies/page2502', { waitUntil: 'load', timeout: 60_000 });
    expect(past?.status()).toBe(404);
    await page.locator('[data-testid="not-found"]').waitFor();

    const alias = await page.goto(`/watch/${'a'.repeat(101)}`, { waitUntil: 'load', timeout: 60_000 });
    expect(alias?.status()).toBe(404);
  });
});
