import { PlaybackCheckSchema, ProductPlaybackSchema } from '@ekran/contracts';
import { profiles, sessions } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let paid: { id: string };
let free: { id: string };
let kids: { id: string };
let series: Awaited<ReturnType<TestApp['make']['series']>>;
let trailer: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  await t.make.tariff({ alias: 'month', title: 'Подписка на месяц', price: 399 });
  paid = await t.make.title({ alias: 'platnyy' });
  free = await t.make.title({ alias: 'besplatnyy', isFree: true });
  kids = await t.make.title({ alias: 'detskiy', forKids: true, isAnimation: true, ratingAge: '0+' });
  series = await t.make.series({ alias: 'serial', episodes: 2, firstIsPreview: true });
  trailer = await t.make.extra(paid.id);
});
afterAll(() => t.close());

const check = (uid: string, headers: Record<string, string>) => t.app.inject({ url: `/api/v1/playback/${uid}`, headers });

describe('GET /api/v1/play/:uid (product playback response)', () => {
  it('describes a movie with its playback URL and trailer', async () => {
    const res = await t.app.inject({ url: `/api/v1/play/${paid.id}`, headers: t.headers });
    const p = ProductPlaybackSchema.parse(res.json());
    expect(p).toMatchObject({ uid: paid.id, cls: 'Movie', is_preview: false, playback_options: { url: `/api/v1/playback/${paid.id}` } });
    expect(p.trailer_src).toBe(`/api/v1/playback/${trailer.id}`);
    expect(p.additional_content).toEqual([{ uid: trailer.id, video_src: `/api/v1/playback/${trailer.id}` }]);
  });

  it('resolves a series to its first episode', async () => {
    const p = ProductPlaybackSchema.parse((await t.app.inject({ url: `/api/v1/play/${series.title.id}`, headers: t.headers })).json());
    expect(p).toMatchObject({ uid: series.episodes[0]!.id, cls: 'Episode', is_preview: true });
  });

  it('answers 400 for a non-UUID and 404 for an unknown item', async () => {
    expect((await t.app.inject({ url: '/api/v1/play/abc', headers: t.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/play/00000000-0000-4000-8000-000000000000', headers: t.headers })).statusCode).toBe(404);
  });
});

describe('GET /api/v1/playback/:uid (playback check, spec platform §4 first gating rule)', () => {
  it('needs a session', async () => {
    const res = await check(free.id, t.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('plays free titles, preview episodes and trailers for a virtual user', async () => {
    const { auth } = await loginDevice(t);
    for (const uid of [free.id, series.episodes[0]!.id, trailer.id]) {
      const body = PlaybackCheckSchema.parse((await check(uid, auth)).json());
      expect(body.reason).toBe('ok');
      expect(body.playlists).toHaveLength(1);
      // A path-prefix grant bound to the stream session (docs/decisions/004, streams/media-grants.ts).
      expect(body.playlists[0]!.url).toMatch(new RegExp(`^/api/media/s/\\d+/${body.stream!.id}/[\\w-]+/[a-z]+/master\\.m3u8$`));
    }
  });

  it('offers tariffs instead of playlists for a paid title without a subscription', async () => {
    const { auth } = await loginDevice(t);
    for (const uid of [paid.id, series.episodes[1]!.id]) {
      const body = PlaybackCheckSchema.parse((await check(uid, auth)).json());
      expect(body.playlists).toEqual([]);
      expect(body.reason).toBe('subscription_required');
      expect(body.upgrade_options).toEqual([expect.objectContaining({ title: 'Подписка на месяц', price: 399, currency: 'RUB', allow_trial: true, trial_days: 7 })]);
    }
  });

  it('plays a paid title with an active subscription, and not once it has expired', async () => {
    const login = await loginDevice(t);
    await t.make.subscription({ userId: login._id, expiresAt: new Date('2026-11-25T00:00:00Z') });
    expect(PlaybackCheckSchema.parse((await check(paid.id, login.auth)).json()).playlists).toHaveLength(1);
    const saved = t.clock.now;
    t.clock.now = new Date('2026-11-26T00:00:00Z');
    try {
      expect(PlaybackCheckSchema.parse((await check(paid.id, login.auth)).json()).playlists).toEqual([]);
    } finally {
      t.clock.now = saved;
    }
  });

  it('plays in the billing window after a failed renewal (grace), and not once the window has passed', async () => {
    const login = await loginDevice(t);
    // Expired yesterday (by the test clock), the renewal is retried until the billing window ends in two days.
    const expiresAt = new Date(t.clock.now.getTime() - 86_400_000);
    await t.make.subscription({ userId: login._id, status: 'grace', expiresAt, billingExpiresAt: new Date(t.clock.now.getTime() + 2 * 86_400_000) });
    expect(PlaybackCheckSchema.parse((await check(paid.id, login.auth)).json()).playlists).toHaveLength(1);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 3 * 86_400_000);
    try {
      expect(PlaybackCheckSchema.parse((await check(paid.id, login.auth)).json()).playlists).toEqual([]);
    } finally {
      t.clock.now = saved;
    }
  });

  it('does not count a cancelled subscription', async () => {
    const login = await loginDevice(t);
    await t.make.subscription({ userId: login._id, status: 'cancelled' });
    expect(PlaybackCheckSchema.parse((await check(paid.id, login.auth)).json()).playlists).toEqual([]);
  });

  it('refuses adult titles to a child profile but plays kids titles', async () => {
    const login = await loginDevice(t);
    await t.make.subscription({ userId: login._id });
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, login._id));
    await t.db.update(profiles).set({ isChild: true }).where(eq(profiles.id, session!.profileId));
    const adult = await check(paid.id, login.auth);
    expect(adult.statusCode).toBe(403);
    expect(adult.json().code).toBe('KIDS_PROFILE_RESTRICTED');
    expect(PlaybackCheckSchema.parse((await check(kids.id, login.auth)).json()).playlists).toHaveLength(1);
  });

  it('accepts device_id and auth_token in the query (spec platform §7)', async () => {
    const login = await loginDevice(t, { device_id: 'web-1234567890' });
    const res = await t.app.inject({ url: `/api/v1/playback/${free.id}?device_id=web-1234567890&auth_token=${login.token}`, headers: t.headers });
    expect(PlaybackCheckSchema.parse(res.json()).playlists).toHaveLength(1);
  });

  it('answers 400 for a bad uid', async () => {
    const { auth } = await loginDevice(t);
    expect((await check('not-a-uuid', auth)).statusCode).toBe(400);
  });
});
