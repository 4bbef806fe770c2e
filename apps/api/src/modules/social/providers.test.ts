// The real providers' side, without their servers: settings, authorization URLs, and the requests our code
// sends them, answered by a stand-in transport in each one's documented shapes.
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { appleClientSecret } from './apple-secret.ts';
import type { Transport } from './oauth.ts';
import { PROVIDER_SPECS } from './providers.ts';
import { createAuthServices } from '../../services.ts';
import { createSocialService } from './social.service.ts';

let t: TestApp;
let applePrivate: string;
let applePublic: string;
beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  applePrivate = await exportPKCS8(pair.privateKey);
  applePublic = await exportSPKI(pair.publicKey);
  t = await createTestApp({
    WEB_ORIGIN: 'https://ekran.example',
    GOOGLE_CLIENT_ID: 'google-client.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    APPLE_CLIENT_ID: 'ru.ekran.web',
    APPLE_TEAM_ID: 'TEAM123456',
    APPLE_KEY_ID: 'KEY1234567',
    // As a one-line setting with literal \n.
    APPLE_PRIVATE_KEY: applePrivate.replace(/\n/g, '\\n'),
    VK_CLIENT_ID: '51234567',
    YANDEX_CLIENT_ID: 'yandex-client',
    YANDEX_CLIENT_SECRET: 'yandex-secret',
  });
});
afterAll(() => t.close());

type Answer = { status?: number; json: unknown };

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: URLSearchParams;
}

/** A stand-in for the providers' servers: records each request and answers with the given function. */
function standIn(answer: (req: Seen) => Answer | Promise<Answer>) {
  const seen: Seen[] = [];
  const transport: Transport = async (url, init) => {
    const req = { url, method: init.method, headers: init.headers, body: new URLSearchParams(init.body === undefined ? '' : String(init.body)) };
    seen.push(req);
    const { status = 200, json } = await answer(req);
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  };
  return { seen, transport };
}

const service = (transport: Transport) => {
  const deps = { env: t.env, database: t.database, now: () => t.clock.now };
  return createSocialService(deps, createAuthServices(deps), { devFetch: () => Promise.reject(new Error('no dev provider here')), realFetch: transport });
};

async function idToken(claims: Record<string, unknown>) {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k' }).sign(privateKey);
}

describe('settings', () => {
  it('uses the real provider wherever it is configured', () => {
    const s = service(standIn(() => ({ json: {} })).transport);
    expect(s.providers().items).toEqual(['apple', 'google', 'vk', 'yandex'].map((id) => ({ id, dev: false })));
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: 'x' }, /GOOGLE_CLIENT_SECRET: Google sign-in needs/],
    [{ YANDEX_CLIENT_SECRET: 'x' }, /YANDEX_CLIENT_ID: Yandex sign-in needs/],
    [{ APPLE_CLIENT_ID: 'x', APPLE_TEAM_ID: 'y' }, /APPLE_KEY_ID, APPLE_PRIVATE_KEY: Apple sign-in needs/],
    [{ WEB_ORIGIN: 'https://ekran.example/' }, /WEB_ORIGIN/],
    [{ WEB_ORIGIN: 'ekran.example' }, /WEB_ORIGIN/],
  ])('refuses half a configuration %j', (env, message) => {
    expect(() => loadEnv(env)).toThrow(message);
  });

  it('treats empty settings as unset', () => {
    expect(loadEnv({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: ' ' }).GOOGLE_CLIENT_ID).toBeUndefined();
  });
});

describe('authorization URLs of the real providers', () => {
  it.each([
    ['google', 'https://accounts.google.com/o/oauth2/v2/auth', { client_id: 'google-client.apps.googleusercontent.com', scope: 'openid email profile', prompt: 'select_account' }, true],
    ['apple', 'https://appleid.apple.com/auth/authorize', { client_id: 'ru.ekran.web', scope: 'name email', response_mode: 'form_post' }, true],
    ['vk', 'https://id.vk.com/authorize', { client_id: '51234567', scope: 'vkid.personal_info email phone' }, false],
    ['yandex', 'https://oauth.yandex.ru/authorize', { client_id: 'yandex-client', scope: 'login:info login:email login:default_phone', force_confirm: 'yes' }, false],
  ] as const)('%s: %s with PKCE, state and the redirect URI to register', async (id, endpoint, expected, hasNonce) => {
    const { location } = await service(standIn(() => ({ json: {} })).transport).start({ provider: id, intent: 'sign_in', back: undefined, session: null });
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(endpoint);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ ...expected, redirect_uri: `https://ekran.example/token/${id}`, response_type: 'code', code_challenge_method: 'S256' });
    expect(url.searchParams.has('nonce')).toBe(hasNonce);
  });
});

describe('code exchange with the real providers (stand-in servers)', () => {
  async function run(id: 'google' | 'apple' | 'vk' | 'yandex', answer: (req: Seen, ctx: { nonce: string | null }) => Answer | Promise<Answer>, callbackExtra: Record<string, string> = {}) {
    let nonce: string | null = null;
    const { seen, transport } = standIn((req) => answer(req, { nonce }));
    const s = service(transport);
    const { location, binding } = await s.start({ provider: id, intent: 'sign_in', back: '/movies', session: null });
    const url = new URL(location);
    nonce = url.searchParams.get('nonce');
    const result = await s.callback({ provider: id, binding, params: { code: 'the-code', state: url.searchParams.get('state')!, ...callbackExtra }, session: null, apiClientId: 'unused' });
    return { seen, result, pending: result.result === 'signup' ? await s.pending({ binding }) : null };
  }

  const now = () => Math.floor(t.clock.now.getTime() / 1000);

  it('Google: client_secret_post to its token endpoint; the profile comes from the ID token', async () => {
    const { seen, pending } = await run('google', async (_req, { nonce }) => ({
      json: {
        access_token: 'at', token_type: 'Bearer', expires_in: 3599,
        id_token: await idToken({ iss: 'https://accounts.google.com', aud: 'google-client.apps.googleusercontent.com', sub: '10769150350006150715113082367', nonce, iat: now(), exp: now() + 3600, email: 'Maria@Gmail.com', email_verified: true, name: 'Мария Иванова' }),
      },
    }));
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe('https://oauth2.googleapis.com/token');
    expect(Object.fromEntries(seen[0]!.body)).toMatchObject({
      grant_type: 'authorization_code', code: 'the-code', redirect_uri: 'https://ekran.example/token/google',
      client_id: 'google-client.apps.googleusercontent.com', client_secret: 'google-secret',
    });
    expect(seen[0]!.body.get('code_verifier')).toMatch(/^[\w-]{43}$/);
    expect(pending).toMatchObject({ provider: 'google', email: 'maria@gmail.com', email_verified: true, name: 'Мария Иванова', back: '/movies' });
  });

  it('Apple: the client secret is a fresh ES256 JWT of the team and Services ID; "true" as a string is verified', async () => {
    const { seen, pending } = await run(
      'apple',
      async (_req, { nonce }) => ({
        json: {
          access_token: 'at', token_type: 'Bearer', expires_in: 3600,
          id_token: await idToken({ iss: 'https://appleid.apple.com', aud: 'ru.ekran.web', sub: '001234.abcdef.0123', nonce, nonce_supported: true, iat: now(), exp: now() + 600, email: 'x7@privaterelay.appleid.com', email_verified: 'true', is_private_email: 'true' }),
        },
      }),
      { user: JSON.stringify({ name: { firstName: 'Павел', lastName: 'Волков' } }) },
    );
    expect(seen[0]!.url).toBe('https://appleid.apple.com/auth/token');
    const secret = seen[0]!.body.get('client_secret')!;
    const { payload, protectedHeader } = await jwtVerify(secret, await importSPKI(applePublic, 'ES256'), { currentDate: t.clock.now });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: 'KEY1234567' });
    expect(payload).toMatchObject({ iss: 'TEAM123456', sub: 'ru.ekran.web', aud: 'https://appleid.apple.com' });
    expect(pending).toMatchObject({ email: 'x7@privaterelay.appleid.com', email_verified: true, name: 'Павел Волков' });
  });

  it('Yandex ID: the secret in the body, then /info with "Authorization: OAuth"', async () => {
    const { seen, pending } = await run('yandex', (req) =>
      req.url.startsWith('https://oauth.yandex.ru/token')
        ? { json: { access_token: 'y-token', token_type: 'bearer', expires_in: 31536000, refresh_token: 'r' } }
        : { json: { id: '1000034426', login: 'anna', default_email: 'anna@yandex.ru', emails: ['anna@yandex.ru'], real_name: 'Анна Смирнова', default_phone: { id: 1, number: '+79161234567' } } },
    );
    expect(seen.map((r) => r.url)).toEqual(['https://oauth.yandex.ru/token', 'https://login.yandex.ru/info?format=json']);
    expect(seen[0]!.body.get('client_secret')).toBe('yandex-secret');
    expect(seen[1]!.headers.authorization).toBe('OAuth y-token');
    expect(pending).toMatchObject({ email: 'anna@yandex.ru', email_verified: true, phone: '+79161234567', name: 'Анна Смирнова' });
  });

  it('VK ID: PKCE without a secret, device_id and state back to the token endpoint, its non-OIDC id_token ignored, then user_info', async () => {
    const { seen, pending } = await run(
      'vk',
      (req) =>
        req.url === 'https://id.vk.com/oauth2/auth'
          ? { json: { access_token: 'vk-token', refresh_token: 'r', id_token: 'not.an.oidc-token', token_type: 'Bearer', expires_in: 3600, user_id: 1234567, state: req.body.get('state'), scope: 'vkid.personal_info email phone' } }
          : { json: { user: { user_id: '1234567', first_name: 'Дмитрий', last_name: 'Козлов', phone: '79267654321', email: 'dk@vk.com', avatar: '', sex: 2, verified: false } } },
      { device_id: 'vk-device-1' },
    );
    expect(seen.map((r) => r.url)).toEqual(['https://id.vk.com/oauth2/auth', 'https://id.vk.com/oauth2/user_info']);
    expect(Object.fromEntries(seen[0]!.body)).toMatchObject({ client_id: '51234567', device_id: 'vk-device-1', grant_type: 'authorization_code' });
    expect(seen[0]!.body.has('client_secret')).toBe(false);
    expect(seen[0]!.body.get('state')).toBeTruthy();
    expect(Object.fromEntries(seen[1]!.body)).toEqual({ client_id: '51234567', access_token: 'vk-token' });
    expect(pending).toMatchObject({ email: 'dk@vk.com', email_verified: false, phone: '+79267654321', name: 'Дмитрий Козлов' });
  });

  it('reports SOCIAL_PROVIDER_ERROR for a provider error answer and SOCIAL_PROVIDER_UNAVAILABLE when it cannot be reached', async () => {
    await expect(run('google', () => ({ status: 400, json: { error: 'invalid_grant' } }))).rejects.toMatchObject({ status: 400, code: 'SOCIAL_PROVIDER_ERROR' });
    const unreachable: Transport = () => Promise.reject(new TypeError('fetch failed'));
    const s = service(unreachable);
    const { location, binding } = await s.start({ provider: 'yandex', intent: 'sign_in', back: undefined, session: null });
    const state = new URL(location).searchParams.get('state')!;
    await expect(s.callback({ provider: 'yandex', binding, params: { code: 'c', state }, session: null, apiClientId: 'x' })).rejects.toMatchObject({ status: 502, code: 'SOCIAL_PROVIDER_UNAVAILABLE' });
  });

  it('refuses an ID token for another audience', async () => {
    await expect(
      run('google', async (_req, { nonce }) => ({
        json: { access_token: 'at', token_type: 'Bearer', id_token: await idToken({ iss: 'https://accounts.google.com', aud: 'someone-else', sub: '1', nonce, iat: now(), exp: now() + 600 }) },
      })),
    ).rejects.toMatchObject({ code: 'SOCIAL_PROVIDER_ERROR' });
  });
});

describe('profile mapping', () => {
  const answer = (o: Partial<Parameters<(typeof PROVIDER_SPECS)['google']['toProfile']>[0]>) => ({ claims: undefined, tokens: {}, callback: {}, userinfo: undefined, ...o });

  it.each([
    ['google, unverified', 'google', answer({ claims: { sub: '1', email: 'a@b.ru', email_verified: false, given_name: 'А', family_name: 'Б' } }), { subject: '1', email: 'a@b.ru', emailVerified: false, name: 'А Б', phone: null }],
    ['apple, boolean true, no user', 'apple', answer({ claims: { sub: '001.x.1', email: 'a@icloud.com', email_verified: true } }), { subject: '001.x.1', emailVerified: true, name: null }],
    ['apple, "false"', 'apple', answer({ claims: { sub: '001.x.1', email: 'a@icloud.com', email_verified: 'false' } }), { emailVerified: false }],
    ['apple, broken user JSON', 'apple', answer({ claims: { sub: '1' }, callback: { user: '{oops' } }), { name: null, email: null }],
    ['yandex without email or phone', 'yandex', answer({ userinfo: { id: 5, display_name: 'anna' } }), { subject: '5', email: null, emailVerified: false, phone: null, name: 'anna' }],
    ['vk user_id from the token answer, empty strings as none', 'vk', answer({ tokens: { user_id: 77 }, userinfo: { user: { email: '', phone: '', first_name: 'Ф' } } }), { subject: '77', email: null, phone: null, name: 'Ф' }],
  ] as const)('%s', (_, id, input, expected) => {
    expect(PROVIDER_SPECS[id].toProfile(input as never)).toMatchObject(expected);
  });

  it('refuses an answer without a subject', () => {
    expect(() => PROVIDER_SPECS.google.toProfile(answer({ claims: {} }))).toThrow(/no sub/);
  });
});

describe('Apple client secret', () => {
  it('lives five minutes', async () => {
    const secret = await appleClientSecret({ teamId: 'T', clientId: 'C', keyId: 'K', privateKey: applePrivate, now: new Date('2026-01-01T00:00:00Z') });
    const { payload } = await jwtVerify(secret, await importSPKI(applePublic, 'ES256'), { currentDate: new Date('2026-01-01T00:01:00Z') });
    expect(payload.exp! - payload.iat!).toBe(300);
  });
});
