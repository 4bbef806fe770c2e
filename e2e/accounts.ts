// What several journeys need from the API directly: a registered account made without the sign-up pages
// (sign-up has its own journeys).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { BASE_URL } from './browser.ts';

/** The web client's public API key, as the site sends it. */
export const API_KEY = process.env.WEB_API_KEY ?? 'ekran-web-public-key';

/**
 * A request again after the Retry-After of a 429: every journey signs up from the loopback, and an API with the
 * default limits allows an address 10 sign-ups a minute (`npm run test:e2e` raises it; the limit is right for real
 * viewers).
 */
export async function politely(send: () => Promise<Response>): Promise<Response> {
  const first = await send();
  if (first.status !== 429) return first;
  const seconds = Math.min(65, Number(first.headers.get('retry-after')) || 60);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  return send();
}

/** The auth data of a device login, as far as the journeys read it. */
export interface DeviceAuth {
  _id: string;
  authentication_token: string;
  ab: { exp_name: string; group_name: string }[];
}

/**
 * Registers an account by email and password through the API, from a device of its own; answers the session token.
 * `accept` picks the account: experiment groups come from a hash of the account id, so device
 * logins are drawn until one is accepted (each draw a fair coin for one experiment: 40 draws miss one in a trillion).
 */
export async function accountViaApi(email: string, password: string, accept: (auth: DeviceAuth) => boolean = () => true): Promise<{ token: string; userId: string }> {
  const headers = { 'x-api-key': API_KEY, 'content-type': 'application/json' };
  let auth: DeviceAuth | null = null;
  for (let i = 0; i < 40 && !auth; i++) {
    const login = await fetch(`${BASE_URL}/api/v1/auth/device-login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ device_id: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`, device_type: 'web' }),
    });
    const drawn = (await login.json()) as DeviceAuth;
    if (accept(drawn)) auth = drawn;
  }
  if (!auth) throw new Error('no device login was accepted after 40 draws');
  const token = auth.authentication_token;
  const register = await politely(() =>
    fetch(`${BASE_URL}/api/v1/auth/email/register`, {
      method: 'POST',
      headers: { ...headers, cookie: `ekran_token=${token}` },
      body: JSON.stringify({ email, password }),
    }),
  );
  expect(register.status, 'register status').toBe(201);
  const registered = (await register.json().catch(() => null)) as { authentication_token?: string } | null;
  return { token: registered?.authentication_token ?? token, userId: auth._id };
}

/** A film that needs a subscription, asked anonymously. */
export async function paidFilm(): Promise<{ alias: string; title: string; uid: string }> {
  const res = await fetch(`${BASE_URL}/api/v1/titles?category=movies&limit=40`, { headers: { 'x-api-key': API_KEY } });
  const { items } = (await res.json()) as { items: { alias: string; title: string; uid: string; is_free: boolean }[] };
  const film = items.find((t) => !t.is_free);
  expect(film, 'a paid film in the catalogue').toBeTruthy();
  return film!;
}

/** Signs in by email and password on /auth and waits to be back at `back`. */
export async function signIn(page: Page, email: string, password: string, back: string): Promise<void> {
  await page.goto(`/auth?back=${encodeURIComponent(back)}`, { waitUntil: 'load', timeout: 60_000 });
  await page.fill('#login', email);
  await page.click('[data-testid="login-submit"]');
  await page.waitForURL('**/auth/password**');
  await page.fill('#password', password);
  await page.click('[data-testid="signin-submit"]');
  await page.waitForURL(`**${back}`);
}

/**
 * A registered subscriber made through the API — registered as accountViaApi does, then given
 * 30 days by the seed's promo code EKRAN30 (an active promo subscription on the month tariff).
 */
export async function subscriberViaApi(email: string, password: string): Promise<void> {
  const { token } = await accountViaApi(email, password);
  const promo = await fetch(`${BASE_URL}/api/v1/promo/activate`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', cookie: `ekran_token=${token}` },
    body: JSON.stringify({ code: 'EKRAN30' }),
  });
  expect(promo.status, `promo activation: ${await promo.clone().text()}`).toBe(200);
}
