// What several journeys need from the API directly: a registered account made without the sign-up pages
// (sign-up has its own journeys).
import { expect } from 'vitest';
import { BASE_URL } from './browser.ts';

/** The web client's public API key, as the site sends it. */
export const API_KEY = process.env.WEB_API_KEY ?? 'ekran-web-public-key';

/** Registers an account by email and password through the API, from a device of its own. */
export async function accountViaApi(email: string, password: string): Promise<void> {
  const headers = { 'x-api-key': API_KEY, 'content-type': 'application/json' };
  const login = await fetch(`${BASE_URL}/api/v1/auth/device-login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ device_id: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`, device_type: 'web' }),
  });
  const { authentication_token: token } = (await login.json()) as { authentication_token: string };
  const register = await fetch(`${BASE_URL}/api/v1/auth/email/register`, {
    method: 'POST',
    headers: { ...headers, cookie: `ekran_token=${token}` },
    body: JSON.stringify({ email, password }),
  });
  expect(register.status, 'register status').toBe(201);
}
