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

  it('limits starts to 30 a minute from one address', async () => {
    const start = () => t.app.inject({ url: '/api/v1/auth/social/yandex/start', remoteAddress: '10.77.0.1' });
    for (let i = 0; i < 30; i++) expect((await start()).statusCode).toBe(302);
    const limited = await start();
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe('RATE_LIMITED');
  });

  it('lets only a registered viewer start a link: 401 without a session, 403 for a virtual user', async () => {
    expect((await t.app.inject({ url: '/api/v1/auth/social/google/start?intent=link', remoteAddress: nextIp() })).statusCode).toBe(401);
    const virtual = await loginDevice(t);
    const res = await t.app.inject({ url: '/api/v1/auth/social/google/start?intent=link', headers: { cookie: `ekran_token=${virtual.token}` }, remoteAddress: nextIp() });
    expect([res.statusCode, errorCode(res)]).toEqual([403, 'REGISTRATION_REQUIRED']);
  });

  it('never lets a child profile link an identity to the parent’s account (its next sign-in would skip the PIN)', async () => {
    const parent = await t.make.user();
    const kid = await t.make.profile({ userId: parent.id, isChild: true });
    const child = await t.make.session({ userId: parent.id, profileId: kid.id });
    const res = await t.app.inject({ url: '/api/v1/auth/social/google/start?intent=link', headers: { cookie: `ekran_token=${child.token}` }, remoteAddress: nextIp() });
    expect([res.statusCode, errorCode(res)]).toEqual([403, 'KIDS_PROFILE_RESTRICTED']);
    // A link started in the adult profile cannot be finished from a child profile either.
    const adult = await t.make.session({ userId: parent.id });
    const started = await startFlow(t, 'google', { session: adult.token, intent: 'link' });
    const params = await authorize(t, started, { email: freshEmail('gmail.com') });
    const finished = await callback(t, 'google', params, { session: child.token, flow: started.flow });
    expect([finished.statusCode, errorCode(finished)]).toEqual([403, 'KIDS_PROFILE_RESTRICTED']);
    expect(await t.db.select().from(socialIdentities).where(eq(socialIdentities.userId, parent.id))).toEqual([]);
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

describe('POST /api/v1/auth/social/{provider}/callback: the flow is checked strictly', () => {
  it('refuses a callback without the flow cookie (started in another browser)', async () => {
    const started = await startFlow(t, 'yandex');
    const params = await authorize(t, started, { email: freshEmail() });
    const res = await callback(t, 'yandex', params, {});
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('SOCIAL_FLOW_INVALID');
  });

  it('refuses a state that is not this flow’s, and the flow is dead afterwards', async () => {
    const started = await startFlow(t, 'yandex');
    const params = await authorize(t, started, { email: freshEmail() });
    const bad = await callback(t, 'yandex', { ...params, state: 'x'.repeat(43) }, { flow: started.flow });
    expect(bad.statusCode).toBe(400);
    expect(errorCode(bad)).toBe('SOCIAL_FLOW_INVALID');
    expect(setCookieValue(bad.headers['set-cookie'], SOCIAL_FLOW_COOKIE)).toBe('');
    const again = await callback(t, 'yandex', params, { flow: started.flow });
    expect(errorCode(again)).toBe('SOCIAL_FLOW_INVALID');
  });

  it('refuses a missing state', async () => {
    const started = await startFlow(t, 'google');
    const { state: _state, ...params } = await authorize(t, started, { email: freshEmail('gmail.com') });
    expect(errorCode(await callback(t, 'google', params, { flow: started.flow }))).toBe('SOCIAL_FLOW_INVALID');
  });

  it('refuses an attacker’s code and state posted with the victim’s flow cookie (login CSRF)', async () => {
    const victim = await startFlow(t, 'yandex');
    const attacker = await startFlow(t, 'yandex');
    const attackerParams = await authorize(t, attacker, { email: freshEmail() });
    expect(errorCode(await callback(t, 'yandex', attackerParams, { flow: victim.flow }))).toBe('SOCIAL_FLOW_INVALID');
  });

  it('answers a replayed callback with SOCIAL_FLOW_INVALID', async () => {
    const login = await loginDevice(t);
    const started = await startFlow(t, 'yandex', { session: login.token });
    const params = await authorize(t, started, { email: freshEmail() });
    expect((await callback(t, 'yandex', params, { session: login.token, flow: started.flow })).statusCode).toBe(200);
    const replay = await callback(t, 'yandex', params, { session: login.token, flow: started.flow });
    expect(replay.statusCode).toBe(400);
    expect(errorCode(replay)).toBe('SOCIAL_FLOW_INVALID');
  });

  it('refuses a flow older than 10 minutes', async () => {
    const started = await startFlow(t, 'yandex');
    const params = await authorize(t, started, { email: freshEmail() });
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 10 * 60_000 + 1000);
    try {
      expect(errorCode(await callback(t, 'yandex', params, { flow: started.flow }))).toBe('SOCIAL_FLOW_INVALID');
    } finally {
      t.clock.now = saved;
    }
  });

  it('refuses a flow started with one provider and finished at another’s callback', async () => {
    const started = await startFlow(t, 'yandex');
    const params = await authorize(t, started, { email: freshEmail() });
    expect(errorCode(await callback(t, 'google', params, { flow: started.flow }))).toBe('SOCIAL_FLOW_INVALID');
  });

  it('fails the exchange when the PKCE verifier is not the one the challenge was made from', async () => {
    const started = await startFlow(t, 'yandex');
    const params = await authorize(t, started, { email: freshEmail() });
    await t.db.update(socialAuthFlows).set({ codeVerifier: 'w'.repeat(43) }).where(eq(socialAuthFlows.state, params.state!));
    const res = await callback(t, 'yandex', params, { flow: started.flow });
    expect(res.statusCode).toBe(400);
    expect(ErrorSchema.parse(res.json())).toMatchObject({ code: 'SOCIAL_PROVIDER_ERROR', message: 'yandex token endpoint: invalid_grant' });
  });

  it('fails when the ID token’s nonce is not this flow’s', async () => {
    const started = await startFlow(t, 'google');
    const params = await authorize(t, started, { email: freshEmail('gmail.com') });
    await t.db.update(socialAuthFlows).set({ nonce: 'n'.repeat(43) }).where(eq(socialAuthFlows.state, params.state!));
    const res = await callback(t, 'google', params, { flow: started.flow });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('SOCIAL_PROVIDER_ERROR');
  });

  it('fails when the answer names another issuer (RFC 9207 iss)', async () => {
    const started = await startFlow(t, 'yandex');
    const params = await authorize(t, started, { email: freshEmail() });
    expect(errorCode(await callback(t, 'yandex', { ...params, iss: 'https://evil.example' }, { flow: started.flow }))).toBe('SOCIAL_PROVIDER_ERROR');
  });

  it('fails for a made-up code', async () => {
    const started = await startFlow(t, 'vk');
    const params = await authorize(t, started, { email: freshEmail('vk.com') });
    expect(errorCode(await callback(t, 'vk', { ...params, code: 'made-up-code-0123456789' }, { flow: started.flow }))).toBe('SOCIAL_PROVIDER_ERROR');
  });

  it('reports SOCIAL_DENIED when the viewer said no at the provider', async () => {
    const started = await startFlow(t, 'google');
    const params = await authorize(t, started, { decision: 'deny' });
    expect(params).toMatchObject({ error: 'access_denied' });
    const res = await callback(t, 'google', params, { flow: started.flow });
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe('SOCIAL_DENIED');
  });

  it('answers 400 for an unknown provider and a bad body, 401 without an API key', async () => {
    const started = await startFlow(t, 'yandex');
    expect((await callback(t, 'facebook', { code: 'x', state: 'y' }, { flow: started.flow })).statusCode).toBe(400);
    expect((await callback(t, 'yandex', { code: 'x'.repeat(5000), state: 'y' }, { flow: started.flow })).statusCode).toBe(400);
    expect((await callback(t, 'yandex', { code: 'x', state: 'y' }, { flow: started.flow }, {})).statusCode).toBe(401);
  });
});

describe('sign-in by a verified email (auto-link)', () => {
  it('links Google to the existing account with that address when Google says it is verified, and signs it in', async () => {
    const email = freshEmail('gmail.com');
    const owner = await t.make.user({ email, passwordHash: 'x' });
    const { res } = await throughCallback('google', { email: email.toUpperCase(), name: 'Владелец', emailVerified: true });
    const result = SocialCallbackResultSchema.parse(res.json());
    expect(result.result).toBe('signed_in');
    if (result.result !== 'signed_in') return;
    expect(result.auth._id).toBe(owner.id);
    expect(result.auth.google_id).toMatch(/^\d{21}$/);
  });

  it('does not link by an address the provider did not verify: the sign-up makes a new account without it', async () => {
    const email = freshEmail('gmail.com');
    const owner = await t.make.user({ email, passwordHash: 'x' });
    const { result } = await signedUp('google', { email, name: 'Самозванец', emailVerified: false });
    expect(result.result).toBe('registered');
    expect(result.auth._id).not.toBe(owner.id);
    expect(result.auth.email).toBeNull();
    expect(await t.db.select().from(socialIdentities).where(eq(socialIdentities.userId, owner.id))).toEqual([]);
  });

  it('does not link by VK’s address either (VK does not say it is verified)', async () => {
    const email = freshEmail('vk.com');
    const owner = await t.make.user({ email, passwordHash: 'x' });
    const { res } = await throughCallback('vk', { email, name: 'Кто-то' });
    expect(res.json().result).toBe('signup');
    expect(await t.db.select().from(socialIdentities).where(eq(socialIdentities.userId, owner.id))).toEqual([]);
  });

  it('signs into the account when the address found one between the callback and the consent', async () => {
    const email = freshEmail();
    const { session, started } = await throughCallback('yandex', { email });
    const owner = await t.make.user({ email, passwordHash: 'x' });
    const done = SocialSignupResultSchema.parse((await withFlow(t, 'POST', '/api/v1/auth/social/signup', { session, flow: started.flow }, { consent: true })).json());
    expect(done).toMatchObject({ result: 'signed_in', auth: { _id: owner.id } });
  });
});

describe('POST /api/v1/auth/social/signup', () => {
  it('needs consent: 400 and nothing changes', async () => {
    const { session, started } = await throughCallback('yandex', { email: freshEmail() });
    for (const body of [{}, { consent: false }, { consent: 'true' }]) {
      expect((await withFlow(t, 'POST', '/api/v1/auth/social/signup', { session, flow: started.flow }, body)).statusCode).toBe(400);
    }
    expect((await refresh(session)).virtual).toBe(true);
    // Still pending: the viewer can agree now.
    expect((await withFlow(t, 'POST', '/api/v1/auth/social/signup', { session, flow: started.flow }, { consent: true })).statusCode).toBe(200);
  });

  it('works once: a second confirmation is SOCIAL_FLOW_INVALID', async () => {
    const { session, started } = await throughCallback('yandex', { email: freshEmail() });
    expect((await withFlow(t, 'POST', '/api/v1/auth/social/signup', { session, flow: started.flow }, { consent: true })).statusCode).toBe(200);
    const again = await withFlow(t, 'POST', '/api/v1/auth/social/signup', { session, flow: started.flow }, { consent: true });
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe('SOCIAL_FLOW_INVALID');
  });

  it('needs the flow cookie and a pending sign-up younger than 15 minutes', async () => {
    const { session, started } = await throughCallback('yandex', { email: freshEmail() });
    expect(errorCode(await withFlow(t, 'POST', '/api/v1/auth/social/signup', { session }, { consent: true }))).toBe('SOCIAL_FLOW_INVALID');
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 15 * 60_000 + 1000);
    try {
      expect(errorCode(await withFlow(t, 'GET', '/api/v1/auth/social/pending', { flow: started.flow }))).toBe('SOCIAL_FLOW_INVALID');
      expect(errorCode(await withFlow(t, 'POST', '/api/v1/auth/social/signup', { session, flow: started.flow }, { consent: true }))).toBe('SOCIAL_FLOW_INVALID');
    } finally {
      t.clock.now = saved;
    }
  });

  it('makes a new account and signs it in when the browser holds no virtual user', async () => {
    const started = await startFlow(t, 'yandex');
    const params = await authorize(t, started, { email: freshEmail() });
    expect((await callback(t, 'yandex', params, { flow: started.flow })).json().result).toBe('signup');
    const done = await withFlow(t, 'POST', '/api/v1/auth/social/signup', { flow: started.flow }, { consent: true });
    const result = SocialSignupResultSchema.parse(done.json());
    expect(result.result).toBe('registered');
    expect(setCookieValue(done.headers['set-cookie'], 'ekran_token')).toBe(result.auth.authentication_token);
    expect((await refresh(result.auth.authentication_token)).virtual).toBe(false);
  });

  it('keeps a taken address off the new account even when verified', async () => {
    // The taken address belongs to a virtual user here, which cannot be signed into by it.
    const email = freshEmail();
    await t.make.user({ email, isVirtual: true });
    const { result } = await signedUp('yandex', { email });
    expect(result.auth.email).toBeNull();
  });
});

describe('link and unlink (spec platform §7: social link/unlink)', () => {
  /** A viewer with an email and password account. */
  async function registeredViewer() {
    const login = await loginDevice(t);
    const res = await t.app.inject({
      method: 'POST', url: '/api/v1/auth/email/register', headers: login.auth, remoteAddress: nextIp(),
      payload: { email: freshEmail('example.ru'), password: 'секретный-пароль' },
    });
    expect(res.statusCode).toBe(201);
    return login;
  }

  it('links a provider to the signed-in account and lists it', async () => {
    const viewer = await registeredViewer();
    const email = freshEmail('vk.com');
    const { res } = await throughCallback('vk', { email, name: 'Дмитрий Козлов', phone: '+79267654321' }, { session: viewer.token, intent: 'link' });
    expect(res.json()).toEqual({ result: 'linked', provider: 'vk', back: '/account' });
    const list = LinkedIdentitiesSchema.parse((await withFlow(t, 'GET', '/api/v1/auth/social/identities', { session: viewer.token })).json());
    expect(list.has_password_or_phone).toBe(true);
    expect(list.items).toEqual([{ provider: 'vk', email, phone: '+79267654321', name: 'Дмитрий Козлов', linked_at: t.clock.now.toISOString() }]);
    expect((await refresh(viewer.token)).vk_info).toEqual({ email, phone: '+79267654321' });
  });

  it('refuses to link an identity that belongs to another account', async () => {
    const email = freshEmail('gmail.com');
    await signedUp('google', { email, emailVerified: false });
    const viewer = await registeredViewer();
    const { res } = await throughCallback('google', { email, emailVerified: false }, { session: viewer.token, intent: 'link' });
    expect(res.statusCode).toBe(409);
    expect(errorCode(res)).toBe('SOCIAL_ALREADY_LINKED');
  });

  it('refuses a second identity of the same provider', async () => {
    const viewer = await registeredViewer();
    expect((await throughCallback('yandex', { email: freshEmail() }, { session: viewer.token, intent: 'link' })).res.statusCode).toBe(200);
    const second = (await throughCallback('yandex', { email: freshEmail() }, { session: viewer.token, intent: 'link' })).res;
    expect(second.statusCode).toBe(409);
    expect(errorCode(second)).toBe('SOCIAL_ALREADY_LINKED');
  });

  it('refuses to finish a link in another account’s session', async () => {
    const viewer = await registeredViewer();
    const other = await registeredViewer();
    const started = await startFlow(t, 'yandex', { session: viewer.token, intent: 'link' });
    const params = await authorize(t, started, { email: freshEmail() });
    const res = await callback(t, 'yandex', params, { session: other.token, flow: started.flow });
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(socialIdentities).where(eq(socialIdentities.userId, other._id))).toEqual([]);
  });

  it('unlinks when a password remains', async () => {
    const viewer = await registeredViewer();
    await throughCallback('google', { email: freshEmail('gmail.com') }, { session: viewer.token, intent: 'link' });
    expect((await refresh(viewer.token)).google_id).not.toBeNull();
    expect((await withFlow(t, 'DELETE', '/api/v1/auth/social/identities/google', { session: viewer.token })).statusCode).toBe(204);
    expect((await refresh(viewer.token)).google_id).toBeNull();
  });

  it('refuses to unlink the last way to sign in of an account without password and phone', async () => {
    const { session } = await signedUp('yandex', { email: freshEmail() });
    const unlink = (provider: string) => t.app.inject({ method: 'DELETE', url: `/api/v1/auth/social/identities/${provider}`, headers: { ...t.headers, cookie: `ekran_token=${session}` }, remoteAddress: nextIp() });
    const refused = await unlink('yandex');
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('LAST_SIGN_IN_METHOD');
    expect(LinkedIdentitiesSchema.parse((await withFlow(t, 'GET', '/api/v1/auth/social/identities', { session })).json()).has_password_or_phone).toBe(false);
    // With a second provider linked, either one can go, but not both.
    expect((await throughCallback('vk', { email: freshEmail('vk.com') }, { session, intent: 'link' })).res.statusCode).toBe(200);
    expect((await unlink('yandex')).statusCode).toBe(204);
    expect(errorCode(await unlink('vk'))).toBe('LAST_SIGN_IN_METHOD');
  });

  it('answers 404 for a provider that is not linked, 400 for an unknown one, 401 without a session, 403 for a virtual user', async () => {
    const viewer = await registeredViewer();
    const del = (provider: string, cookie?: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/auth/social/identities/${provider}`, headers: { ...t.headers, ...(cookie ? { cookie } : {}) }, remoteAddress: nextIp() });
    expect((await del('apple', `ekran_token=${viewer.token}`)).statusCode).toBe(404);
    expect((await del('facebook', `ekran_token=${viewer.token}`)).statusCode).toBe(400);
    expect((await del('apple')).statusCode).toBe(401);
    expect((await del('apple', `ekran_token=${(await loginDevice(t)).token}`)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/v1/auth/social/identities', headers: t.headers })).statusCode).toBe(401);
  });
});
