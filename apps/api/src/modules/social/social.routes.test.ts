import { AuthDataSchema, ErrorSchema, LinkedIdentitiesSchema, SOCIAL_FLOW_COOKIE, SocialCallbackResultSchema, SocialPendingSchema, SocialSignupResultSchema } from '@ekran/contracts';
import { sessions, socialAuthFlows, socialIdentities, users } from '@ekran/db';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { authorize, callback, freshEmail, nextIp, setCookieValue, startFlow, withFlow, type TestPerson } from './social.test-helpers.ts';
import type { SocialProvider } from '@ekran/core';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = async (token: string) =>
  AuthDataSchema.parse((await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: { ...t.headers, cookie: `ekran_token=${token}` } })).json());

/** A visitor's browser: a virtual user's session, then the whole way to the callback answer. */
async function throughCallback(provider: SocialProvider, person: TestPerson, opts: { session?: string; intent?: 'sign_in' | 'link'; back?: string } = {}) {
  const session = opts.session ?? (await loginDevice(t)).token;
  const started = await startFlow(t, provider, { ...opts, session });
  const params = await authorize(t, started, person);
  const res = await callback(t, provider, params, { session, flow: started.flow });
  return { res, session, started, params };
}

/** A new identity all the way through the sign-up with consent. */
async function signedUp(provider: SocialProvider, person: TestPerson) {
  const { res, session, started } = await throughCallback(provider, person);
  expect(res.statusCode, res.body).toBe(200);
  expect(SocialCallbackResultSchema.parse(res.json()).result).toBe('signup');
  const done = await withFlow(t, 'POST', '/api/v1/auth/social/signup', { session, flow: started.flow }, { consent: true });
  expect(done.statusCode, done.body).toBe(200);
  return { session, result: SocialSignupResultSchema.parse(done.json()) };
}

const errorCode = (res: { json: () => unknown }) => ErrorSchema.parse(res.json()).code;

describe('GET /api/v1/auth/social/providers', () => {
  it('offers Apple, Google, VK and Yandex ID, here through the development provider', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/social/providers', headers: t.headers });
    expect(res.json()).toEqual({ items: ['apple', 'google', 'vk', 'yandex'].map((id) => ({ id, dev: true })) });
  });
});

describe('GET /api/v1/auth/social/{provider}/start', () => {
  it('redirects to the provider with PKCE (S256), state and the registered redirect URI, and sets an httpOnly flow cookie', async () => {
    const res = await t.app.inject({ url: '/api/v1/auth/social/yandex/start?back=/watch/tayna', remoteAddress: nextIp() });
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe('http://localhost:3000/api/dev-idp/yandex/authorize');
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: 'ekran-dev-yandex',
      redirect_uri: 'http://localhost:3000/token/yandex',
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'login:info login:email login:default_phone',
    });
    expect(to.searchParams.get('state')).toMatch(/^[\w-]{32,}$/);
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith(`${SOCIAL_FLOW_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=1800/);
    // The cookie holds a random value; the server keeps only its hash.
    const [flow] = await t.db.select().from(socialAuthFlows).where(eq(socialAuthFlows.state, to.searchParams.get('state')!));
    expect(flow).toMatchObject({ provider: 'yandex', intent: 'sign_in', back: '/watch/tayna', status: 'started', nonce: null });
    expect(flow!.bindingHash).not.toBe(setCookieValue(res.headers['set-cookie'], SOCIAL_FLOW_COOKIE));
  });

  it('adds a nonce for OpenID Connect providers and form_post for Apple', async () => {
    const google = await startFlow(t, 'google');
    expect(google.location.searchParams.get('nonce')).toMatch(/^[\w-]{32,}$/);
    expect(google.location.searchParams.get('scope')).toBe('openid email profile');
    const apple = await startFlow(t, 'apple');
    expect(apple.location.searchParams.get('response_mode')).toBe('form_post');
    expect(apple.location.searchParams.get('nonce')).toBeTruthy();
  });

  it.each([
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/movies/drama', '/movies/drama'],
  ])('keeps the return URL %j only with an allowed prefix (spec platform §5) → %j', async (back, expected) => {
    const started = await startFlow(t, 'vk', { back });
    const [flow] = await t.db.select().from(socialAuthFlows).where(eq(socialAuthFlows.state, started.location.searchParams.get('state')!));
    expect(flow!.back).toBe(expected);
  });

  it('answers 400 for an unknown provider and a bad intent', async () => {
    expect((await t.app.inject({ url: '/api/v1/auth/social/facebook/start' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/auth/social/google/start?intent=steal' })).statusCode).toBe(400);
  });

  it('lets only a registered viewer start a link: 401 without a session, 403 for a virtual user', async () => {
    expect((await t.app.inject({ url: '/api/v1/auth/social/google/start?intent=link', remoteAddress: nextIp() })).statusCode).toBe(401);
    const virtual = await loginDevice(t);
    const res = await t.app.inject({ url: '/api/v1/auth/social/google/start?intent=link', headers: { cookie: `ekran_token=${virtual.token}` }, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(403);
  });
});

describe('a new identity signs up (spec /token/yandex → /auth/yandex/signup)', () => {
  it('Yandex ID: the callback asks for a sign-up, pending shows what Yandex said, consent registers this virtual user in place', async () => {
    const login = await loginDevice(t);
    const email = freshEmail();
    const { res, started } = await throughCallback('yandex', { email, name: 'Анна Смирнова', phone: '+7 916 123-45-67' }, { session: login.token, back: '/watch/tayna' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'signup', provider: 'yandex', back: '/watch/tayna' });
    // Nothing is created before consent.
    expect((await refresh(login.token)).virtual).toBe(true);

    const pending = SocialPendingSchema.parse((await withFlow(t, 'GET', '/api/v1/auth/social/pending', { flow: started.flow })).json());
    expect(pending).toMatchObject({ provider: 'yandex', email, email_verified: true, phone: '+79161234567', name: 'Анна Смирнова', back: '/watch/tayna' });

    const done = await withFlow(t, 'POST', '/api/v1/auth/social/signup', { session: login.token, flow: started.flow }, { consent: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(setCookieValue(done.headers['set-cookie'], SOCIAL_FLOW_COOKIE)).toBe('');
    const result = SocialSignupResultSchema.parse(done.json());
    expect(result).toMatchObject({ result: 'registered', provider: 'yandex', back: '/watch/tayna' });
    // Same user, same session: its favorites and history stay.
    expect(result.auth).toMatchObject({ _id: login._id, virtual: false, email, need_credentials: false, authentication_token: login.token });
    const [user] = await t.db.select().from(users).where(eq(users.id, login._id));
    expect(user!.emailConfirmedAt).not.toBeNull();
  });

  it('signs the same Yandex person into the same account next time, from another device, with a new session', async () => {
    const email = freshEmail();
    const { result } = await signedUp('yandex', { email, name: 'Иван Петров' });
    const other = await loginDevice(t);
    const { res } = await throughCallback('yandex', { email, name: 'Иван Петров' }, { session: other.token });
    const again = SocialCallbackResultSchema.parse(res.json());
    expect(again.result).toBe('signed_in');
    if (again.result !== 'signed_in') return;
    expect(again.auth._id).toBe(result.auth._id);
    expect(again.auth.authentication_token).not.toBe(other.token);
    expect(setCookieValue(res.headers['set-cookie'], 'ekran_token')).toBe(again.auth.authentication_token);
    // The other device's virtual session ended; the browser now holds the account's.
    const [old] = await t.db.select().from(sessions).where(and(eq(sessions.userId, other._id), isNull(sessions.revokedAt)));
    expect(old).toBeUndefined();
  });

  it('Google: google_id in auth data is the subject, the verified address becomes the account email', async () => {
    const email = freshEmail('gmail.com');
    const { result } = await signedUp('google', { email, name: 'Мария Иванова' });
    const [identity] = await t.db.select().from(socialIdentities).where(eq(socialIdentities.userId, result.auth._id));
    expect(result.auth).toMatchObject({ google_id: identity!.subject, apple_id: null, email, phone: null });
    expect(identity).toMatchObject({ provider: 'google', email, emailVerified: true, name: 'Мария Иванова' });
  });

  it('Apple: the answer comes by form_post with the name once; apple_id and apple_info.email fill in', async () => {
    const email = freshEmail('icloud.com');
    const login = await loginDevice(t);
    const { res, started, params } = await throughCallback('apple', { email, name: 'Екатерина Орлова' }, { session: login.token });
    expect(JSON.parse(params.user!)).toEqual({ name: { firstName: 'Екатерина', lastName: 'Орлова' }, email });
    expect(res.json().result).toBe('signup');
    expect((await withFlow(t, 'GET', '/api/v1/auth/social/pending', { flow: started.flow })).json()).toMatchObject({ name: 'Екатерина Орлова', email });
    const done = SocialSignupResultSchema.parse((await withFlow(t, 'POST', '/api/v1/auth/social/signup', { session: login.token, flow: started.flow }, { consent: true })).json());
    expect(done.auth.apple_id).toMatch(/^\d+\.[0-9a-f]{32}\.\d{4}$/);
    expect(done.auth.apple_info).toEqual({ email });
  });

  it('VK ID: email and phone go to vk_info; VK does not vouch for the address, so it is not the account email', async () => {
    const email = freshEmail('vk.com');
    const { result } = await signedUp('vk', { email, name: 'Дмитрий Козлов', phone: '+7 926 765-43-21' });
    expect(result.auth).toMatchObject({ vk_info: { email, phone: '+79267654321' }, email: null, phone: null, virtual: false, need_credentials: true });
  });

  it('works with a preset test person', async () => {
    const { result } = await signedUp('vk', { who: 'sveta' });
    expect(result.auth.vk_info).toEqual({ email: null, phone: null });
    const [identity] = await t.db.select().from(socialIdentities).where(eq(socialIdentities.userId, result.auth._id));
    expect(identity!.name).toBe('Светлана Морозова');
  });

  it('POST /cancel forgets the pending sign-up', async () => {
    const { started } = await throughCallback('yandex', { email: freshEmail() });
    expect((await withFlow(t, 'POST', '/api/v1/auth/social/cancel', { flow: started.flow })).statusCode).toBe(204);
    const pending = await withFlow(t, 'GET', '/api/v1/auth/social/pending', { flow: started.flow });
    expect(pending.statusCode).toBe(400);
    expect(errorCode(pending)).toBe('SOCIAL_FLOW_INVALID');
  });
});
