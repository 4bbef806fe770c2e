// An account already signed in on as many devices as it may have: a new browser signing in sees the
// device-limit popup, disconnects one device and lands signed in where it was going; the account page then
// lists the devices. Later another device disconnects this browser, which hears about it once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { politely } from './accounts.ts';
import { BASE_URL, launchBrowser, type Browser } from './browser.ts';

const API_KEY = process.env.WEB_API_KEY ?? 'ekran-web-public-key';
const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
];

let browser: Browser;
beforeEach(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await browser.close();
});

async function call(path: string, init: { method?: string; body?: unknown; token?: string; ua?: string } = {}) {
  const res = await politely(() => fetch(`${BASE_URL}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      'x-api-key': API_KEY,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { cookie: `ekran_token=${init.token}` } : {}),
      ...(init.ua ? { 'user-agent': init.ua } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  }));
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** A device of its own (a device login), as another browser or app would make it. */
async function deviceSession(ua: string, n: number) {
  const res = await call('/api/v1/auth/device-login', { body: { device_id: `e2e-devices-${Date.now()}-${n}`, device_type: 'web' }, ua });
  expect(res.status, 'device login').toBe(201);
  return res.json!.authentication_token as string;
}

describe('the device limit', () => {
  it('lets a new browser disconnect a device to sign in, then lists the devices; a disconnected browser is told once', async () => {
    const { page } = browser;
    // The stopped sign-in answers 403 on purpose.
    browser.allowProblem(/status of 403/);
    const email = `ustroystva.${Date.now()}@example.ru`;
    const password = 'пароль-для-устройств';

    // The account signs up on one device and signs in on more until the API says the limit is reached.
    const first = await deviceSession(UAS[0]!, 0);
    expect((await call('/api/v1/auth/email/register', { body: { email, password }, token: first, ua: UAS[0] })).status).toBe(201);
    const sessions = [first];
    let limit = 0;
    for (let n = 1; n < 20 && !limit; n++) {
      const ua = UAS[n % UAS.length]!;
      const token = await deviceSession(ua, n);
      const res = await call('/api/v1/auth/email/login', { body: { email, password }, token, ua });
      if (res.status === 200) sessions.push(res.json!.authentication_token as string);
      else {
        expect([res.status, res.json?.code]).toEqual([403, 'DEVICE_COUNT_EXCEEDED']);
        limit = (res.json!.device_limit as { limit: number }).limit;
      }
    }
    expect(sessions).toHaveLength(limit);

    // A new browser signs in on the way to a page: the device-limit popup lists the account's devices.
    await page.goto('/auth?back=%2Fmovies', { waitUntil: 'load', timeout: 60_000 });
    await page.fill('#login', email);
    await page.click('[data-testid="login-submit"]');
    await page.waitForURL('**/auth/password?**');
    await page.fill('#password', password);
    await page.click('[data-testid="signin-submit"]');
    const dialog = page.locator('[data-testid="device-limit-dialog"]');
    await dialog.waitFor();
    expect(await dialog.locator('h2').textContent()).toBe('Достигнут лимит устройств');
    expect(await dialog.locator('[data-testid="device-item"]').count()).toBe(limit);
    const gone = await dialog.locator('[data-testid="device-item"]').nth(1).getAttribute('data-device-uid');

    // Disconnecting one finishes the sign-in, and the browser goes on to where it was going.
    await dialog.locator('[data-testid="device-remove"]').nth(1).click();
    await page.waitForURL(`${BASE_URL}/movies`);
    await page.waitForSelector('[data-testid="profile-menu"]');
    expect(await page.getAttribute('[data-testid="profile-menu"]', 'title')).toBe(email);

    // The account page lists the devices: still the limit's worth, this browser marked, the chosen one gone.
    await page.click('[data-testid="profile-menu"]');
    await page.click('[data-testid="menu-account"]');
    await page.waitForURL(`${BASE_URL}/account`);
    await page.click('a[href="/account/devices"]');
    await page.waitForURL(`${BASE_URL}/account/devices`);
    await page.waitForSelector('[data-testid="device-count"]');
    const items = page.locator('[data-testid="device-item"]');
    expect(await items.count()).toBe(limit);
    expect(await page.locator(`[data-device-uid="${gone}"]`).count()).toBe(0);
    expect(await page.locator('.device--current').count()).toBe(1);
    expect(await page.locator('.device--current').textContent()).toContain('Это устройство');
    expect(await page.textContent('[data-testid="device-count"]')).toBe(`Подключено ${limit} из ${limit}`);

    // Another device of the account disconnects this browser: on its next page it is anonymous, and told so once.
    const survivor = sessions.find((token, i) => i !== 1) ?? sessions[0]!;
    const listed = await call('/api/v1/account/devices', { method: 'GET', token: survivor });
    const browserCookie = (await browser.context.cookies()).find((c) => c.name === 'ekran_device')!.value;
    const mine = (listed.json!.items as { id: string; uid: string }[]).find((d) => d.uid === browserCookie)!;
    expect((await call(`/api/v1/account/devices/${mine.id}`, { method: 'DELETE', token: survivor })).status).toBe(204);
    await page.click('a[href="/account"]');
    await page.waitForSelector('[data-testid="deleted-device-dialog"]');
    expect(await page.textContent('[data-testid="deleted-device-dialog"] h2')).toBe('Устройство отключено');
    await page.waitForSelector('[data-testid="header-signin"]');
    await page.reload();
    await page.waitForSelector('[data-testid="header-signin"]');
    expect(await page.locator('[data-testid="deleted-device-dialog"]').count()).toBe(0);
    expect(browser.describeProblems()).toBe('');
  });
});
