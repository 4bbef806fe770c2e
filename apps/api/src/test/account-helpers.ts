import { AuthDataSchema, OutboxListSchema, type AuthData } from '@ekran/contracts';
import type { TestApp } from './harness.ts';

export const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
} as const;

let n = 0;
let ip = 0;
/** A fresh address per call, so per-address rate limits stay out of the way unless a test names one. */
export const nextIp = () => `10.9.${Math.floor(++ip / 250) % 250}.${ip % 250}`;

/** Test calls for the account and devices routes: a browser per device, registered accounts, the outbox. */
export function accountHelpers(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown, remoteAddress = nextIp()) =>
    t.app.inject({ method, url, headers, remoteAddress, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A browser: a device login with its own device id and user agent; `auth` holds its cookie. */
  async function browser(userAgent: string = UA.chromeWindows, deviceId = `web-test-${++n}-${Math.random().toString(36).slice(2, 10)}`) {
    const res = await call('POST', '/api/v1/auth/device-login', { ...t.headers, 'user-agent': userAgent }, { device_id: deviceId, device_type: 'web' });
    if (res.statusCode !== 201) throw new Error(`device login failed: ${res.statusCode} ${res.body}`);
    const data = AuthDataSchema.parse(res.json());
    return { deviceId, userAgent, data, auth: { ...t.headers, cookie: `ekran_token=${data.authentication_token}` } };
  }
  type Browser = Awaited<ReturnType<typeof browser>>;

  const withToken = (token: string) => ({ ...t.headers, cookie: `ekran_token=${token}` });

  /** A registered account, signed up in its first browser (its first device). */
  async function account(password = 'секретный-пароль') {
    const first = await browser();
    const email = `holder${++n}.${Math.random().toString(36).slice(2, 7)}@example.ru`;
    const res = await call('POST', '/api/v1/auth/email/register', first.auth, { email, password });
    if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
    return { id: first.data._id, email, password, first };
  }

  /** Signs the account in from a browser; answers the raw response. */
  const signIn = (acc: { email: string; password: string }, from: Browser | null) =>
    call('POST', '/api/v1/auth/email/login', from?.auth ?? t.headers, { email: acc.email, password: acc.password });

  /** Signs in from a new browser and answers its signed-in headers (fails the test on any other answer). */
  async function signedInBrowser(acc: { email: string; password: string }, userAgent?: string) {
    const b = await browser(userAgent);
    const res = await signIn(acc, b);
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    const data: AuthData = AuthDataSchema.parse(res.json());
    return { ...b, data, auth: withToken(data.authentication_token) };
  }

  async function outbox(recipient: string) {
    const res = await t.app.inject({ url: `/api/v1/dev/outbox?recipient=${encodeURIComponent(recipient)}`, headers: t.headers });
    return OutboxListSchema.parse(res.json()).items;
  }

  return { call, browser, account, signIn, signedInBrowser, withToken, outbox };
}
