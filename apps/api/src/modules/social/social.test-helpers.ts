// Drives a social sign-in through the API and its development identity provider, as a browser and the
// site's loaders would: start (redirect + flow cookie), the provider's authorize form, the callback.
import { SOCIAL_FLOW_COOKIE } from '@ekran/contracts';
import type { SocialProvider } from '@ekran/core';
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';

let ip = 0;
/** Each call from its own address, so per-address limits stay out of the way unless a test wants them. */
export const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

/** The value a Set-Cookie header gives a cookie ('' when it clears it, undefined when it does not touch it). */
export function setCookieValue(setCookie: string | string[] | undefined, name: string): string | undefined {
  for (const line of [setCookie ?? []].flat()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq).trim() === name) return decodeURIComponent(pair.slice(eq + 1));
  }
  return undefined;
}

export interface Started {
  provider: SocialProvider;
  location: URL;
  flow: string;
}

/** GET start, as the button's link: answers the provider URL and the flow cookie. */
export async function startFlow(t: TestApp, provider: SocialProvider, opts: { session?: string; intent?: 'sign_in' | 'link'; back?: string } = {}): Promise<Started> {
  const query = new URLSearchParams({ ...(opts.intent ? { intent: opts.intent } : {}), ...(opts.back ? { back: opts.back } : {}) });
  const res = await t.app.inject({
    url: `/api/v1/auth/social/${provider}/start?${query}`,
    headers: opts.session ? { cookie: `ekran_token=${opts.session}` } : {},
    remoteAddress: nextIp(),
  });
  expect(res.statusCode, res.body).toBe(302);
  const flow = setCookieValue(res.headers['set-cookie'], SOCIAL_FLOW_COOKIE);
  expect(flow).toBeTruthy();
  return { provider, location: new URL(String(res.headers.location)), flow: flow! };
}

export interface TestPerson {
  who?: string;
  email?: string;
  name?: string;
  phone?: string;
  emailVerified?: boolean;
  decision?: 'allow' | 'deny';
}

/** The tester's choice on the development provider's page; answers the authorization response fields. */
export async function authorize(t: TestApp, started: Started, person: TestPerson = {}): Promise<Record<string, string>> {
  const page = await t.app.inject({ url: `${started.location.pathname}${started.location.search}` });
  expect(page.statusCode, page.body).toBe(200);
  const form: Record<string, string> = { ...Object.fromEntries(started.location.searchParams), decision: person.decision ?? 'allow', who: person.who ?? 'custom' };
  if (person.email !== undefined) form.email = person.email;
  if (person.name !== undefined) form.name = person.name;
  if (person.phone !== undefined) form.phone = person.phone;
  if (person.emailVerified ?? true) form.email_verified = 'true';
  const res = await t.app.inject({
    method: 'POST',
    url: started.location.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  if (res.statusCode === 302) return Object.fromEntries(new URL(String(res.headers.location)).searchParams);
  // Apple: a self-posting form (response_mode=form_post).
  expect(res.statusCode, res.body).toBe(200);
  const fields: Record<string, string> = {};
  for (const m of res.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1]!] = m[2]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  }
  return fields;
}

/** POST callback as the /token/{provider} loader does: API key, the session and the flow cookie. */
export function callback(t: TestApp, provider: string, params: Record<string, string>, cookies: { session?: string; flow?: string }, headers: Record<string, string> = t.headers) {
  const cookie = [cookies.session ? `ekran_token=${cookies.session}` : '', cookies.flow ? `${SOCIAL_FLOW_COOKIE}=${cookies.flow}` : ''].filter(Boolean).join('; ');
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/social/${provider}/callback`,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    payload: params,
    remoteAddress: nextIp(),
  });
}

/** A call with the API key, the session and the flow cookie. */
export function withFlow(t: TestApp, method: 'GET' | 'POST' | 'DELETE', url: string, cookies: { session?: string; flow?: string }, payload?: object) {
  const cookie = [cookies.session ? `ekran_token=${cookies.session}` : '', cookies.flow ? `${SOCIAL_FLOW_COOKIE}=${cookies.flow}` : ''].filter(Boolean).join('; ');
  return t.app.inject({ method, url, headers: { ...t.headers, ...(cookie ? { cookie } : {}) }, remoteAddress: nextIp(), ...(payload ? { payload } : {}) });
}

let n = 0;
/** An address nobody has used in this file. */
export const freshEmail = (domain = 'yandex.ru') => `zritel.${++n}.${Math.random().toString(36).slice(2, 7)}@${domain}`;
