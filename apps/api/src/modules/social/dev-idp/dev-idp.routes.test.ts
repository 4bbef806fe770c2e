import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { createTestApp, TEST_API_KEY, type TestApp } from '../../../test/harness.ts';
import { PRODUCTION_ENV } from '../../../test/production-env.ts';
import { devClient } from '../providers.ts';
import { authorize, startFlow } from '../social.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (body: Record<string, string>) => ({ 'content-type': 'application/x-www-form-urlencoded', ...body });
const s256 = (v: string) => createHash('sha256').update(v).digest('base64url');
const VERIFIER = 'v'.repeat(50);
const REDIRECT = 'http://localhost:3000/token/yandex';

/** An authorization request of our own making (so the test knows the verifier), allowed by the tester. */
async function codeFor(provider: 'yandex' | 'vk' = 'yandex', email = 'tester@yandex.ru') {
  const request = {
    client_id: devClient(t.env, provider).clientId,
    redirect_uri: `http://localhost:3000/token/${provider}`,
    response_type: 'code',
    scope: 'login:info',
    state: 'state-0123456789',
    code_challenge: s256(VERIFIER),
    code_challenge_method: 'S256',
  };
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/dev-idp/${provider}/authorize`,
    headers: form({}),
    payload: new URLSearchParams({ ...request, decision: 'allow', who: 'custom', email, name: 'Тест Тестов' }).toString(),
  });
  expect(res.statusCode, res.body).toBe(302);
  return Object.fromEntries(new URL(String(res.headers.location)).searchParams);
}

function token(body: Record<string, string>, provider = 'yandex') {
  return t.app.inject({ method: 'POST', url: `/api/dev-idp/${provider}/token`, headers: form({}), payload: new URLSearchParams(body).toString() });
}

const exchange = (code: string, over: Record<string, string> = {}) =>
  token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: VERIFIER,
    client_id: devClient(t.env, 'yandex').clientId,
    client_secret: devClient(t.env, 'yandex').clientSecret,
    ...over,
  });

describe('development identity provider: authorize', () => {
  it('renders a page to pick or type a test person, with the presets of the provider', async () => {
    const started = await startFlow(t, 'yandex');
    const res = await t.app.inject({ url: `${started.location.pathname}${started.location.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(res.body).toContain('Тестовый провайдер для разработки');
    expect(res.body).toContain('Анна Смирнова');
    expect(res.body).toContain('Телефон (необязательно)');
  });

  it('shows an error page and does not redirect for an unregistered redirect URI or an unknown client', async () => {
    const started = await startFlow(t, 'yandex');
    for (const [k, v] of [['redirect_uri', 'https://evil.example/token/yandex'], ['client_id', 'someone-else']] as const) {
      const url = new URL(started.location);
      url.searchParams.set(k, v);
      const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('Запрос отклонён');
    }
  });

  it('sends the client an error for a request without PKCE', async () => {
    const started = await startFlow(t, 'yandex');
    const url = new URL(started.location);
    url.searchParams.delete('code_challenge');
    const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(302);
    expect(Object.fromEntries(new URL(String(res.headers.location)).searchParams)).toMatchObject({ error: 'invalid_request', state: started.location.searchParams.get('state') });
  });

  it('escapes what the request carries', async () => {
    const started = await startFlow(t, 'yandex');
    const url = new URL(started.location);
    url.searchParams.set('state', '"><script>alert(1)</script>');
    const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('asks again for a custom person with a bad email', async () => {
    const started = await startFlow(t, 'google');
    const form = { ...Object.fromEntries(started.location.searchParams), decision: 'allow', who: 'custom', email: 'не-почта', name: 'Тест' };
    const res = await t.app.inject({ method: 'POST', url: started.location.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Почта указана неверно.');
  });

  it('posts Apple’s answer from a page that sends its Origin and may post only to the site', async () => {
    const started = await startFlow(t, 'apple');
    const form = { ...Object.fromEntries(started.location.searchParams), decision: 'allow', who: 'katya' };
    const res = await t.app.inject({ method: 'POST', url: started.location.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<form method="post" action="http://localhost:3000/token/apple" id="post">');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toMatch(/form-action 'self' http:\/\/localhost:3000;/);
  });

  it('answers Apple by form_post and asks for form_post when name or email is requested', async () => {
    const started = await startFlow(t, 'apple');
    expect(Object.keys(await authorize(t, started, { email: 'a@icloud.com', name: 'А Б' }))).toEqual(expect.arrayContaining(['code', 'state', 'iss', 'user']));
    const url = new URL(started.location);
    url.searchParams.delete('response_mode');
    const res = await t.app.inject({ url: `${url.pathname}${url.search}` });
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location)).searchParams.get('error')).toBe('invalid_request');
  });
});

describe('development identity provider: token endpoint', () => {
  it('exchanges a code once, with the right verifier, client and redirect URI', async () => {
    const { code } = await codeFor();
    const res = await exchange(code!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
  });

  it('refuses a wrong PKCE verifier', async () => {
    const { code } = await codeFor();
    const res = await exchange(code!, { code_verifier: 'w'.repeat(50) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
  });

  it('refuses a missing verifier', async () => {
    const { code } = await codeFor();
    const { code_verifier: _v, ...body } = { grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT, code_verifier: '', client_id: devClient(t.env, 'yandex').clientId, client_secret: devClient(t.env, 'yandex').clientSecret };
    expect((await token(body)).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a code used twice and revokes the token the first use gave', async () => {
    const { code } = await codeFor();
    const first = await exchange(code!);
    const accessToken = first.json().access_token as string;
    const info = () => t.app.inject({ url: '/api/dev-idp/yandex/info?format=json', headers: { authorization: `OAuth ${accessToken}` } });
    expect((await info()).statusCode).toBe(200);
    const second = await exchange(code!);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ error: 'invalid_grant', error_description: 'code already used' });
    expect((await info()).statusCode).toBe(401);
  });

  it('refuses another redirect URI than the one the code was issued for', async () => {
    const { code } = await codeFor();
    expect((await exchange(code!, { redirect_uri: 'http://localhost:3000/token/google' })).json()).toMatchObject({ error: 'invalid_grant', error_description: 'redirect_uri does not match' });
  });

  it('refuses a wrong client secret with 401 invalid_client', async () => {
    const { code } = await codeFor();
    const res = await exchange(code!, { client_secret: 'not-the-secret' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('refuses an expired code (a minute)', async () => {
    const { code } = await codeFor();
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 61_000);
    try {
      expect((await exchange(code!)).json()).toMatchObject({ error: 'invalid_grant', error_description: 'unknown or expired code' });
    } finally {
      t.clock.now = saved;
    }
  });

  it('wants VK’s device_id back, and answers VK’s user_info only to the client', async () => {
    const params = await codeFor('vk', 'vk.tester@vk.com');
    expect(params.device_id).toMatch(/^dev-/);
    const base = { grant_type: 'authorization_code', code: params.code!, redirect_uri: 'http://localhost:3000/token/vk', code_verifier: VERIFIER, client_id: devClient(t.env, 'vk').clientId };
    expect((await token({ ...base, device_id: 'other' }, 'vk')).json()).toMatchObject({ error: 'invalid_grant' });
    const again = await codeFor('vk', 'vk.tester@vk.com');
    const ok = await token({ ...base, code: again.code!, device_id: again.device_id! }, 'vk');
    expect(ok.statusCode).toBe(200);
    const accessToken = ok.json().access_token as string;
    const info = (clientId: string) =>
      t.app.inject({ method: 'POST', url: '/api/dev-idp/vk/user_info', headers: form({}), payload: new URLSearchParams({ client_id: clientId, access_token: accessToken }).toString() });
    expect((await info('someone-else')).statusCode).toBe(401);
    expect((await info(devClient(t.env, 'vk').clientId)).json()).toMatchObject({ user: { email: 'vk.tester@vk.com', first_name: 'Тест' } });
  });

  it('publishes the key its ID tokens are signed with', async () => {
    const res = await t.app.inject({ url: '/api/dev-idp/google/jwks' });
    expect(res.json().keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', kid: 'dev-idp-1' });
  });
});

describe('development identity provider is refused in production', () => {
  const production = { ...PRODUCTION_ENV, WEB_API_KEY: TEST_API_KEY };

  it('stops the start when SOCIAL_DEV_PROVIDER is on in production', () => {
    expect(() => loadEnv({ ...production, SOCIAL_DEV_PROVIDER: 'true' })).toThrow(/SOCIAL_DEV_PROVIDER: the development identity provider is refused in production/);
  });

  it('is off in production by default: no routes, no providers, no start', async () => {
    const prod = await createTestApp(production);
    try {
      expect((await prod.app.inject({ url: '/api/dev-idp/yandex/authorize' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'POST', url: '/api/dev-idp/yandex/token' })).statusCode).toBe(404);
      expect((await prod.app.inject({ url: '/api/v1/auth/social/providers', headers: prod.headers })).json()).toEqual({ items: [] });
      expect((await prod.app.inject({ url: '/api/v1/auth/social/yandex/start' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('can be turned off outside production too', async () => {
    const off = await createTestApp({ SOCIAL_DEV_PROVIDER: 'false' });
    try {
      expect((await off.app.inject({ url: '/api/dev-idp/google/jwks' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
