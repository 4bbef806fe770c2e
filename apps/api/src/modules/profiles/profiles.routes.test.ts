import { ErrorSchema, ProfileListSchema, ProfileSchema, ProfileSelectResponseSchema } from '@ekran/contracts';
import { EXPERIMENTS } from '@ekran/core';
import { profiles } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { childSession, createProfile, extraSession, refresh, registeredViewer, selectProfile } from './profiles.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (auth: Record<string, string>) => ProfileListSchema.parse((await t.app.inject({ url: '/api/v1/profiles', headers: auth })).json());
const countOf = async (userId: string) => (await t.db.select().from(profiles).where(eq(profiles.userId, userId))).length;

describe('GET /api/v1/profiles (spec platform §7 profile list)', () => {
  it('lists the main profile of a new account, the maximum and the avatars', async () => {
    const viewer = await registeredViewer(t);
    const res = await t.app.inject({ url: '/api/v1/profiles', headers: viewer.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = ProfileListSchema.parse(res.json());
    expect(body.max_profiles).toBe(5);
    expect(body.profiles).toEqual([
      expect.objectContaining({ _id: viewer.profile_id, profile_id: viewer.profile_id, child: false, is_main: true, is_current: true, age_cap: null }),
    ]);
    expect(body.avatars).toHaveLength(16);
    expect(body.avatars.filter((a) => a.child).map((a) => a.id)).toEqual(['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8']);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ url: '/api/v1/profiles', headers: t.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/v1/profiles', () => {
  it('creates an adult profile with the next adult avatar, and a chosen one', async () => {
    const viewer = await registeredViewer(t);
    const plain = await createProfile(t, viewer.auth, { name: '  Папа  ' });
    expect(plain).toMatchObject({ name: 'Папа', child: false, is_main: false, is_current: false, age_cap: null, birth_date: null });
    expect(plain.avatar).toEqual({ id: 'a2', url: '/api/v1/avatars/a2.svg', child: false });
    const chosen = await createProfile(t, viewer.auth, { name: 'Бабушка', avatar: 'a7', language: 'en' });
    expect(chosen.avatar.id).toBe('a7');
    expect(chosen.language.interface).toBe('en');
    expect((await list(viewer.auth)).profiles.map((p) => p.name)).toEqual(['Основной', 'Папа', 'Бабушка']);
  });

  it('creates a child profile from the child form: birth date, age cap, language', async () => {
    const viewer = await registeredViewer(t);
    // 2026-11-21 is the test clock: born 2019-03-02 is 7, so the suggested cap is 6+.
    const derived = await createProfile(t, viewer.auth, { name: 'Маша', child: true, birth_date: '2019-03-02' });
    expect(derived).toMatchObject({ child: true, birth_date: '2019-03-02', age_cap: '6+' });
    expect(derived.avatar.child).toBe(true);
    const explicit = await createProfile(t, viewer.auth, { name: 'Петя', child: true, birth_date: '2019-03-02', age_cap: '0+', avatar: 'k5', language: 'en' });
    expect(explicit).toMatchObject({ age_cap: '0+', avatar: { id: 'k5' }, language: { interface: 'en' } });
    const noDate = await createProfile(t, viewer.auth, { name: 'Ваня', child: true });
    expect(noDate).toMatchObject({ age_cap: '0+', birth_date: null });
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['a name over 30 characters', { name: 'Очень-очень-очень длинное имя профиля' }],
    ['a name with markup', { name: '<b>Папа</b>' }],
    ['an unknown avatar', { name: 'Папа', avatar: 'z9' }],
    ['a child avatar on an adult profile', { name: 'Папа', avatar: 'k1' }],
    ['an adult avatar on a child profile', { name: 'Маша', child: true, avatar: 'a1' }],
    ['a birth date in the future', { name: 'Маша', child: true, birth_date: '2027-01-01' }],
    ['a birth date of an adult', { name: 'Маша', child: true, birth_date: '2000-01-01' }],
    ['a date that is not a date', { name: 'Маша', child: true, birth_date: '2019-02-30' }],
    ['a malformed date', { name: 'Маша', child: true, birth_date: '02.03.2019' }],
    ['an age cap on an adult profile', { name: 'Папа', age_cap: '6+' }],
    ['an age cap outside 0+/6+/12+', { name: 'Маша', child: true, age_cap: '18+' }],
    ['an unsupported language', { name: 'Маша', language: 'de' }],
  ])('answers 400 for %s and creates nothing', async (_, payload) => {
    const viewer = await registeredViewer(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/profiles', headers: viewer.auth, payload });
    expect(res.statusCode).toBe(400);
    expect(ErrorSchema.parse(res.json()).code).toBe('BAD_REQUEST');
    expect(await countOf(viewer._id)).toBe(1);
  });

  it('refuses a virtual visitor with REGISTRATION_REQUIRED', async () => {
    const visitor = await loginDevice(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/profiles', headers: visitor.auth, payload: { name: 'Папа' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('REGISTRATION_REQUIRED');
    expect(await countOf(visitor._id)).toBe(1);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/profiles', headers: t.headers, payload: { name: 'Папа' } });
    expect(res.statusCode).toBe(401);
  });

  it('stops at 5 profiles with PROFILE_LIMIT_REACHED', async () => {
    const viewer = await registeredViewer(t);
    for (const name of ['Два', 'Три', 'Четыре', 'Пять']) await createProfile(t, viewer.auth, { name });
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/profiles', headers: viewer.auth, payload: { name: 'Шесть', child: true } });
    expect(res.statusCode).toBe(409);
    expect(ErrorSchema.parse(res.json())).toMatchObject({ code: 'PROFILE_LIMIT_REACHED' });
    expect(await countOf(viewer._id)).toBe(5);
  });

  it('holds the limit under concurrent creations', async () => {
    const viewer = await registeredViewer(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/v1/profiles', headers: viewer.auth, payload: { name: `Профиль ${i}` } })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect(await countOf(viewer._id)).toBe(5);
  });

  it('lets a child profile make only child profiles as young as itself', async () => {
    const kid = await childSession(t, { age_cap: '6+' });
    const adult = await t.app.inject({ method: 'POST', url: '/api/v1/profiles', headers: kid.auth, payload: { name: 'Я взрослый' } });
    expect(adult.statusCode).toBe(403);
    expect(adult.json().code).toBe('KIDS_PROFILE_RESTRICTED');
    const older = await t.app.inject({ method: 'POST', url: '/api/v1/profiles', headers: kid.auth, payload: { name: 'Старший', child: true, age_cap: '12+' } });
    expect(older.statusCode).toBe(403);
    const sibling = await createProfile(t, kid.auth, { name: 'Малыш', child: true, age_cap: '0+' });
    expect(sibling.child).toBe(true);
  });
});

describe('PATCH /api/v1/profiles/:id', () => {
  it('renames, changes the avatar, the child form and the language', async () => {
    const viewer = await registeredViewer(t);
    const kid = await createProfile(t, viewer.auth, { name: 'Маша', child: true, age_cap: '0+' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/profiles/${kid._id}`,
      headers: viewer.auth,
      payload: { name: 'Мария', avatar: 'k3', age_cap: '12+', birth_date: '2014-06-01', language: 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(ProfileSchema.parse(res.json())).toMatchObject({ name: 'Мария', avatar: { id: 'k3' }, age_cap: '12+', birth_date: '2014-06-01', language: { interface: 'en' } });
    const main = await t.app.inject({ method: 'PATCH', url: `/api/v1/profiles/${viewer.profile_id}`, headers: viewer.auth, payload: { name: 'Мама', language: null } });
    expect(main.json()).toMatchObject({ name: 'Мама', language: { interface: null } });
  });

  it.each([
    ['nothing to change', {}],
    ['an empty name', { name: '' }],
    ['an adult avatar on a child profile', { avatar: 'a1' }],
    ['an unknown age cap', { age_cap: '16+' }],
  ])('answers 400 for %s', async (_, payload) => {
    const viewer = await registeredViewer(t);
    const kid = await createProfile(t, viewer.auth, { name: 'Маша', child: true });
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/profiles/${kid._id}`, headers: viewer.auth, payload });
    expect(res.statusCode).toBe(400);
    expect((await list(viewer.auth)).profiles.find((p) => p._id === kid._id)?.name).toBe('Маша');
  });

  it('answers 400 for an age cap on an adult profile and for an id that is not a UUID', async () => {
    const viewer = await registeredViewer(t);
    const cap = await t.app.inject({ method: 'PATCH', url: `/api/v1/profiles/${viewer.profile_id}`, headers: viewer.auth, payload: { age_cap: '6+' } });
    expect(cap.statusCode).toBe(400);
    const id = await t.app.inject({ method: 'PATCH', url: '/api/v1/profiles/not-a-uuid', headers: viewer.auth, payload: { name: 'Х' } });
    expect(id.statusCode).toBe(400);
  });

  it("does not touch another account's profile (404)", async () => {
    const owner = await registeredViewer(t);
    const intruder = await registeredViewer(t);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/profiles/${owner.profile_id}`, headers: intruder.auth, payload: { name: 'Взлом' } });
    expect(res.statusCode).toBe(404);
    expect((await list(owner.auth)).profiles[0]?.name).toBe('Основной');
  });

  it('refuses a child profile and a virtual visitor', async () => {
    const kid = await childSession(t);
    const fromChild = await t.app.inject({ method: 'PATCH', url: `/api/v1/profiles/${kid.child._id}`, headers: kid.auth, payload: { age_cap: '12+' } });
    expect(fromChild.statusCode).toBe(403);
    expect(fromChild.json().code).toBe('KIDS_PROFILE_RESTRICTED');
    const visitor = await loginDevice(t);
    const fromVirtual = await t.app.inject({ method: 'PATCH', url: `/api/v1/profiles/${visitor.profile_id}`, headers: visitor.auth, payload: { name: 'Я' } });
    expect(fromVirtual.statusCode).toBe(403);
    expect(fromVirtual.json().code).toBe('REGISTRATION_REQUIRED');
  });
});

describe('DELETE /api/v1/profiles/:id', () => {
  it('never deletes the main profile', async () => {
    const viewer = await registeredViewer(t);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/profiles/${viewer.profile_id}`, headers: viewer.auth });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('MAIN_PROFILE_UNDELETABLE');
    expect(await countOf(viewer._id)).toBe(1);
  });

  it("does not delete another account's profile (404)", async () => {
    const owner = await registeredViewer(t);
    const extra = await createProfile(t, owner.auth, { name: 'Папа' });
    const intruder = await registeredViewer(t);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/profiles/${extra._id}`, headers: intruder.auth });
    expect(res.statusCode).toBe(404);
    expect(await countOf(owner._id)).toBe(2);
  });

  it('moves the session to the main profile when the current profile is deleted', async () => {
    const viewer = await registeredViewer(t);
    const dad = await createProfile(t, viewer.auth, { name: 'Папа' });
    expect((await selectProfile(t, viewer.auth, { profile_id: dad._id })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/profiles/${dad._id}`, headers: viewer.auth });
    expect(res.statusCode).toBe(204);
    expect((await refresh(t, viewer.auth)).profile_id).toBe(viewer.profile_id);
    expect(await countOf(viewer._id)).toBe(1);
  });

  it("ends another device's session that was in the deleted child profile", async () => {
    const viewer = await registeredViewer(t);
    const kid = await createProfile(t, viewer.auth, { name: 'Маша', child: true });
    const tablet = await extraSession(t, viewer._id);
    expect((await selectProfile(t, tablet.auth, { profile_id: kid._id })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/profiles/${kid._id}`, headers: viewer.auth })).statusCode).toBe(204);
    const after = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: tablet.auth });
    expect(after.statusCode).toBe(401);
    expect((await refresh(t, viewer.auth)).profile_id).toBe(viewer.profile_id);
  });

  it('refuses a child profile and a virtual visitor before looking at the input, and answers the holder 400 for a bad id', async () => {
    const kid = await childSession(t);
    const fromChild = await t.app.inject({ method: 'DELETE', url: `/api/v1/profiles/${kid.mainProfileId}`, headers: kid.auth });
    expect([fromChild.statusCode, fromChild.json().code]).toEqual([403, 'KIDS_PROFILE_RESTRICTED']);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/profiles/123', headers: kid.auth })).statusCode).toBe(403);
    const visitor = await loginDevice(t);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/profiles/${visitor.profile_id}`, headers: visitor.auth })).statusCode).toBe(403);
    const viewer = await registeredViewer(t);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/profiles/123', headers: viewer.auth })).statusCode).toBe(400);
  });
});

describe('POST /api/v1/profiles/select (spec platform §7 JSON profile_id, §3 profile-select response)', () => {
  it('changes the session profile and answers profile_for_child, ab, language.interface, authentication_token', async () => {
    const viewer = await registeredViewer(t);
    const kid = await createProfile(t, viewer.auth, { name: 'Маша', child: true, language: 'en' });
    const res = await selectProfile(t, viewer.auth, { profile_id: kid._id });
    expect(res.statusCode).toBe(200);
    const body = ProfileSelectResponseSchema.parse(res.json());
    expect(body).toMatchObject({ profile_id: kid._id, profile_for_child: true, language: { interface: 'en' }, authentication_token: viewer.token });
    expect(body.ab.map((e) => e.exp_name)).toContain(EXPERIMENTS.whoWatch);
    const auth = await refresh(t, viewer.auth);
    expect(auth).toMatchObject({ profile_id: kid._id, profile_for_child: true, language: { interface: 'en' } });
    expect(auth.ab).toEqual(body.ab);
  });

  it("answers 404 for another account's profile and leaves the session as it was", async () => {
    const owner = await registeredViewer(t);
    const kid = await createProfile(t, owner.auth, { name: 'Маша', child: true });
    const intruder = await registeredViewer(t);
    const res = await selectProfile(t, intruder.auth, { profile_id: kid._id });
    expect(res.statusCode).toBe(404);
    expect((await refresh(t, intruder.auth)).profile_id).toBe(intruder.profile_id);
  });

  it('leaves a child profile for an adult one freely while no PIN is set', async () => {
    const kid = await childSession(t);
    const res = await selectProfile(t, kid.auth, { profile_id: kid.mainProfileId });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile_for_child).toBe(false);
  });

  it('needs the PIN to leave a child profile for an adult one once a PIN is set', async () => {
    const kid = await childSession(t);
    // The PIN is made from the adult profile on another device.
    const parent = await extraSession(t, kid._id);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/pin', headers: parent.auth, payload: { pin: '2468' } })).statusCode).toBe(204);

    const none = await selectProfile(t, kid.auth, { profile_id: kid.mainProfileId });
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('PIN_REQUIRED');
    const wrong = await selectProfile(t, kid.auth, { profile_id: kid.mainProfileId, pin: '1111' });
    expect(wrong.statusCode).toBe(403);
    expect(ErrorSchema.parse(wrong.json())).toMatchObject({ code: 'PIN_INVALID', tries_left: 4 });
    expect((await refresh(t, kid.auth)).profile_for_child).toBe(true);

    const right = await selectProfile(t, kid.auth, { profile_id: kid.mainProfileId, pin: '2468' });
    expect(right.statusCode).toBe(200);
    expect((await refresh(t, kid.auth)).profile_for_child).toBe(false);

    // Another child profile is reachable from a child profile without the PIN.
    const sibling = await createProfile(t, parent.auth, { name: 'Петя', child: true });
    expect((await selectProfile(t, kid.auth, { profile_id: kid.child._id })).statusCode).toBe(200);
    expect((await selectProfile(t, kid.auth, { profile_id: sibling._id })).statusCode).toBe(200);
  });

  it.each([
    ['a missing profile_id', {}],
    ['a profile_id that is not a UUID', { profile_id: 'main' }],
    ['a PIN of three digits', { profile_id: '00000000-0000-4000-8000-000000000000', pin: '123' }],
  ])('answers 400 for %s', async (_, payload) => {
    const viewer = await registeredViewer(t);
    expect((await selectProfile(t, viewer.auth, payload)).statusCode).toBe(400);
  });

  it('refuses a virtual visitor and a call without a session', async () => {
    const visitor = await loginDevice(t);
    const res = await selectProfile(t, visitor.auth, { profile_id: visitor.profile_id });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('REGISTRATION_REQUIRED');
    expect((await selectProfile(t, t.headers, { profile_id: visitor.profile_id })).statusCode).toBe(401);
  });
});

describe('auth data of profiles (spec platform §3)', () => {
  it('pin_status: none without child profiles, create with one, skip when declined, required with a PIN', async () => {
    const viewer = await registeredViewer(t);
    expect((await refresh(t, viewer.auth)).pin_status).toBe('none');
    await createProfile(t, viewer.auth, { name: 'Маша', child: true });
    expect((await refresh(t, viewer.auth)).pin_status).toBe('create');
    await t.app.inject({ method: 'POST', url: '/api/v1/pin/skip', headers: viewer.auth });
    expect((await refresh(t, viewer.auth)).pin_status).toBe('skip');
    await t.app.inject({ method: 'POST', url: '/api/v1/pin', headers: viewer.auth, payload: { pin: '1357' } });
    expect((await refresh(t, viewer.auth)).pin_status).toBe('required');
  });

  it('pin_status is none for a virtual visitor, even in a child profile', async () => {
    const visitor = await loginDevice(t, { is_child: true });
    expect((await refresh(t, visitor.auth)).pin_status).toBe('none');
  });

  it('lists stable experiment groups for the account', async () => {
    const viewer = await registeredViewer(t);
    const first = await refresh(t, viewer.auth);
    expect(first.ab).toHaveLength(Object.values(EXPERIMENTS).length);
    expect((await refresh(t, viewer.auth)).ab).toEqual(first.ab);
  });

  it('a new sign-in starts on the main profile', async () => {
    const viewer = await registeredViewer(t, { password: 'секретный-пароль' });
    const kid = await createProfile(t, viewer.auth, { name: 'Маша', child: true });
    await selectProfile(t, viewer.auth, { profile_id: kid._id });
    const device = await loginDevice(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/email/login', headers: device.auth, payload: { email: viewer.email, password: 'секретный-пароль' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ profile_id: viewer.profile_id, profile_for_child: false });
  });
});

describe('GET /api/v1/avatars/:id.svg', () => {
  it('serves every listed avatar as a cacheable SVG without an API key', async () => {
    const viewer = await registeredViewer(t);
    for (const avatar of (await list(viewer.auth)).avatars) {
      const res = await t.app.inject({ url: avatar.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 120 120"/);
      expect(res.body).not.toMatch(/<script|on\w+=/i);
    }
  });

  it('draws child avatars differently from adult ones', async () => {
    const adult = (await t.app.inject({ url: '/api/v1/avatars/a1.svg' })).body;
    const child = (await t.app.inject({ url: '/api/v1/avatars/k1.svg' })).body;
    expect(adult).toContain('linearGradient');
    expect(child).not.toContain('linearGradient');
  });

  it('answers 400 for an unknown avatar', async () => {
    expect((await t.app.inject({ url: '/api/v1/avatars/z1.svg' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/avatars/a1.png' })).statusCode).toBe(400);
  });
});
