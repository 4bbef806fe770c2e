// Heartbeats start streams under the tariff's limit, stopping frees a slot, the
// media guard refuses stopped or silent streams.
import { ErrorSchema, HeartbeatResponseSchema, PlaybackCheckSchema, StreamLimitSchema } from '@ekran/contracts';
import { streamSessions } from '@ekran/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { createStreamGuard } from './streams.service.ts';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

let t: TestApp;
let paid: { id: string; title: string };
let free: { id: string; title: string };
let kids: { id: string };
let series: Awaited<ReturnType<TestApp['make']['series']>>;

beforeAll(async () => {
  t = await createTestApp();
  paid = await t.make.title({ alias: 'platnyy', title: 'Платный фильм' });
  free = await t.make.title({ alias: 'besplatnyy', title: 'Бесплатный фильм', isFree: true });
  kids = await t.make.title({ alias: 'detskiy', forKids: true, isAnimation: true, ratingAge: '0+', isFree: true });
  series = await t.make.series({ alias: 'serial', episodes: 2 });
});
afterAll(() => t.close());

const ALIVE_MS = 75_000;
/** Moves the test clock; every stream rule reads it. */
const advance = (ms: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
};

/** A registered account with a subscription whose tariff allows `maxStreams`, and a way to add devices. */
async function account(maxStreams: number | null = 2) {
  const user = await t.make.user();
  if (maxStreams !== null) await t.make.subscription({ userId: user.id, tariff: { maxStreams }, expiresAt: new Date('2027-06-01T00:00:00Z') });
  return { user, device: (o: { userAgent?: string; profileId?: string } = {}) => t.make.session({ userId: user.id, ...o }) };
}
type Device = Awaited<ReturnType<Awaited<ReturnType<typeof account>>['device']>>;

async function checkOn(device: Device, uid = paid.id) {
  const res = await t.app.inject({ url: `/api/v1/playback/${uid}`, headers: device.auth });
  expect(res.statusCode).toBe(200);
  const body = PlaybackCheckSchema.parse(res.json());
  expect(body.stream).not.toBeNull();
  return body;
}

const heartbeat = (device: { auth: Record<string, string> }, sid: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/streams/${sid}/heartbeat`, headers: device.auth, payload: body });
const stop = (device: { auth: Record<string, string> }, sid: string) => t.app.inject({ method: 'DELETE', url: `/api/v1/streams/${sid}`, headers: device.auth });
const list = async (device: { auth: Record<string, string> }) => StreamLimitSchema.parse((await t.app.inject({ url: '/api/v1/streams', headers: device.auth })).json());
const rowOf = async (sid: string) => (await t.db.select().from(streamSessions).where(eq(streamSessions.id, sid)))[0]!;

/** Check then first heartbeat: a playing stream. */
async function play(device: Device, uid = paid.id) {
  const sid = (await checkOn(device, uid)).stream!.id;
  const res = await heartbeat(device, sid, { uid, position: 0 });
  return { sid, res };
}

describe('POST /api/v1/streams/:id/heartbeat', () => {
  it('starts the stream and answers a freshly signed URL of the same media under the same session', async () => {
    const a = await account();
    const phone = await a.device({ userAgent: SAFARI_IPHONE });
    const check = await checkOn(phone);
    const sid = check.stream!.id;
    advance(20_000);
    const res = await heartbeat(phone, sid, { uid: paid.id, position: 12.4, playing: true });
    expect(res.statusCode).toBe(200);
    const body = HeartbeatResponseSchema.parse(res.json());
    expect(body.media_prefix).toMatch(new RegExp(`^/api/media/s/\\d+/${sid}/[\\w-]+/aurora/$`));
    expect(body.url).toBe(`${body.media_prefix}master.m3u8`);
    expect(body.url).not.toBe(check.playlists[0]!.url); // renewed: a later expiry
    expect(body.expires_at).toBe(new Date(t.clock.now.getTime() + 300_000).toISOString());
    expect(body.heartbeat_interval_seconds).toBe(30);
    expect(await rowOf(sid)).toMatchObject({ state: 'active', positionSeconds: 12, startedAt: t.clock.now, lastSeenAt: t.clock.now });
    expect(await list(phone)).toEqual({
      limit: 2,
      items: [{ id: sid, device_name: 'Safari 17 · iPhone · iOS 17.4', device_type: 'web', title: 'Платный фильм', started_at: t.clock.now.toISOString(), last_seen_at: t.clock.now.toISOString(), is_current: true }],
    });
  });

  it('keeps an active stream with later beats (the start stays) and follows it to the next episode', async () => {
    const a = await account();
    const tv = await a.device();
    const { sid } = await play(tv, series.episodes[0]!.id);
    const started = (await rowOf(sid)).startedAt;
    advance(30_000);
    expect((await heartbeat(tv, sid, { uid: series.episodes[0]!.id, position: 30 })).statusCode).toBe(200);
    advance(30_000);
    // The player moved on to the next episode without a new check: the stream follows it.
    expect((await heartbeat(tv, sid, { uid: series.episodes[1]!.id, position: 1 })).statusCode).toBe(200);
    expect(await rowOf(sid)).toMatchObject({ state: 'active', startedAt: started, itemUid: series.episodes[1]!.id, itemTitle: expect.stringContaining('серия 2'), positionSeconds: 1 });
  });

  it('is 404 for a stream of another device or another account, and for an unknown one', async () => {
    const a = await account();
    const [one, two] = [await a.device(), await a.device()];
    const { sid } = await play(one);
    const stranger = await (await account()).device();
    for (const [caller, id] of [[two, sid], [stranger, sid], [one, '00000000-0000-4000-8000-000000000000']] as const) {
      const res = await heartbeat(caller, id, { uid: paid.id });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('is 400 for a bad id or body and 401 without a session', async () => {
    const device = await (await account()).device();
    const { sid } = await play(device);
    expect((await heartbeat(device, 'not-a-uuid', { uid: paid.id })).statusCode).toBe(400);
    expect((await heartbeat(device, sid, { uid: 'nope' })).statusCode).toBe(400);
    expect((await heartbeat(device, sid, { uid: paid.id, position: -1 })).statusCode).toBe(400);
    const anonymous = await heartbeat({ auth: t.headers }, sid, { uid: paid.id });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gates the item again: a subscription that ended mid-stream stops it (403 SUBSCRIPTION_REQUIRED), a child cannot switch to an adult title', async () => {
    const user = await t.make.user();
    await t.make.subscription({ userId: user.id, expiresAt: new Date(t.clock.now.getTime() + 60_000) });
    const device = await t.make.session({ userId: user.id });
    const { sid, res } = await play(device);
    expect(res.statusCode).toBe(200);
    advance(61_000);
    const after = await heartbeat(device, sid, { uid: paid.id });
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('SUBSCRIPTION_REQUIRED');
    expect(await rowOf(sid)).toMatchObject({ state: 'stopped', stoppedBy: 'server' });

    const family = await account();
    const childProfile = await t.make.profile({ userId: family.user.id, isChild: true });
    const kidsDevice = await family.device({ profileId: childProfile.id });
    const kidsStream = await play(kidsDevice, kids.id);
    expect(kidsStream.res.statusCode).toBe(200);
    const sneaky = await heartbeat(kidsDevice, kidsStream.sid, { uid: paid.id });
    expect(sneaky.statusCode).toBe(403);
    expect(sneaky.json().code).toBe('KIDS_PROFILE_RESTRICTED');
  });
});

describe('the stream limit (max_streams of the tariff)', () => {
  it('refuses a stream over the limit with the live streams of the account (403 STREAM_LIMIT_EXCEEDED)', async () => {
    const a = await account(2);
    const laptop = await a.device({ userAgent: CHROME_WINDOWS });
    const phone = await a.device({ userAgent: SAFARI_IPHONE });
    const tv = await a.device();
    const first = await play(laptop);
    advance(1000);
    const second = await play(phone, free.id);
    expect([first.res.statusCode, second.res.statusCode]).toEqual([200, 200]);
    const third = await play(tv);
    expect(third.res.statusCode).toBe(403);
    const body = ErrorSchema.parse(third.res.json());
    expect(body.code).toBe('STREAM_LIMIT_EXCEEDED');
    expect(body.stream_limit).toEqual({
      limit: 2,
      items: [
        expect.objectContaining({ id: first.sid, device_name: 'Chrome 124 · Windows 10', title: 'Платный фильм', is_current: false }),
        expect.objectContaining({ id: second.sid, device_name: 'Safari 17 · iPhone · iOS 17.4', title: 'Бесплатный фильм', is_current: false }),
      ],
    });
    // The refused stream stays pending: it counts for nobody.
    expect(await rowOf(third.sid)).toMatchObject({ state: 'pending' });
    expect((await list(tv)).items.map((s) => s.id)).toEqual([first.sid, second.sid]);
  });

  it('frees the slot of a stream whose heartbeats stopped (STREAM_ALIVE_SECONDS); that stream must start again', async () => {
    const a = await account(1);
    const [one, two] = [await a.device(), await a.device()];
    const first = await play(one);
    expect(first.res.statusCode).toBe(200);
    const second = await play(two);
    expect(second.res.statusCode).toBe(403);
    advance(ALIVE_MS - 1000);
    expect((await heartbeat(two, second.sid, { uid: paid.id })).statusCode).toBe(403); // still alive: 74 s
    advance(2000);
    expect((await heartbeat(two, second.sid, { uid: paid.id })).statusCode).toBe(200); // silent for 76 s: the slot is free
    const back = await heartbeat(one, first.sid, { uid: paid.id });
    expect(back.statusCode).toBe(403);
    expect(back.json().stream_limit.items.map((s: { id: string }) => s.id)).toEqual([second.sid]);
  });

  it('stopping another device\'s stream frees its slot, and that device hears 410 STREAM_STOPPED', async () => {
    const a = await account(1);
    const [one, two] = [await a.device(), await a.device()];
    const first = await play(one);
    const second = await play(two);
    expect(second.res.statusCode).toBe(403);
    expect((await stop(two, first.sid)).statusCode).toBe(204);
    expect(await rowOf(first.sid)).toMatchObject({ state: 'stopped', stoppedBy: 'other_device' });
    expect((await heartbeat(two, second.sid, { uid: paid.id })).statusCode).toBe(200);
    const gone = await heartbeat(one, first.sid, { uid: paid.id });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'STREAM_STOPPED', message: expect.stringMatching(/another device/) });
    // Idempotent: stopping again changes nothing (who stopped it stays on record).
    expect((await stop(one, first.sid)).statusCode).toBe(204);
    expect(await rowOf(first.sid)).toMatchObject({ stoppedBy: 'other_device' });
    // «Смотреть здесь»: a new check on the stopped device revives its session (same id), pending, under the limit again.
    const again = await checkOn(one);
    expect(again.stream!.id).toBe(first.sid);
    expect((await heartbeat(one, first.sid, { uid: paid.id })).statusCode).toBe(403);
  });

  it('a child profile shares the account\'s limit', async () => {
    const a = await account(null); // no subscription: FREE_STREAM_LIMIT (1)
    const childProfile = await t.make.profile({ userId: a.user.id, isChild: true, ageCap: '6+' });
    const parent = await a.device();
    const kid = await a.device({ profileId: childProfile.id });
    expect((await play(parent, free.id)).res.statusCode).toBe(200);
    const refused = await play(kid, kids.id);
    expect(refused.res.statusCode).toBe(403);
    expect(refused.res.json().stream_limit.limit).toBe(1);
  });

  it('without an entitling subscription the limit is FREE_STREAM_LIMIT; the best live tariff wins', async () => {
    const visitor = await loginDevice(t);
    expect(await list(visitor)).toEqual({ limit: 1, items: [] });
    const a = await account(2);
    await t.make.subscription({ userId: a.user.id, tariff: { maxStreams: 4 }, status: 'grace', expiresAt: new Date('2027-01-01T00:00:00Z') });
    await t.make.subscription({ userId: a.user.id, tariff: { maxStreams: 9 }, status: 'cancelled', expiresAt: new Date('2027-01-01T00:00:00Z') });
    await t.make.subscription({ userId: a.user.id, tariff: { maxStreams: 7 }, status: 'active', expiresAt: new Date('2026-01-01T00:00:00Z') });
    expect((await list(await a.device())).limit).toBe(4);
  });
});

describe('DELETE /api/v1/streams/:id', () => {
  it('stops the own stream (self); its heartbeats then answer 410', async () => {
    const device = await (await account()).device();
    const { sid } = await play(device);
    expect((await stop(device, sid)).statusCode).toBe(204);
    expect(await rowOf(sid)).toMatchObject({ state: 'stopped', stoppedBy: 'self', stoppedAt: t.clock.now });
    const res = await heartbeat(device, sid, { uid: paid.id });
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('STREAM_STOPPED');
    expect((await list(device)).items).toEqual([]);
  });

  it('is 404 for another account\'s stream (which keeps playing), 400 for a bad id, 401 without a session', async () => {
    const { sid } = await play(await (await account()).device());
    const stranger = await (await account()).device();
    expect((await stop(stranger, sid)).statusCode).toBe(404);
    expect(await rowOf(sid)).toMatchObject({ state: 'active' });
    expect((await stop(stranger, 'nope')).statusCode).toBe(400);
    expect((await stop({ auth: t.headers }, sid)).statusCode).toBe(401);
  });
});

describe('the media guard and the binding of signed URLs', () => {
  it('binds URLs to the stream session of the account and device: another device gets another session', async () => {
    const a = await account();
    const [one, two] = [await a.device(), await a.device()];
    const [x, y, again] = [await checkOn(one), await checkOn(two), await checkOn(one, free.id)];
    expect(x.stream!.id).not.toBe(y.stream!.id);
    expect(again.stream!.id).toBe(x.stream!.id); // one session per device: it now points at the other title
    expect(x.playlists[0]!.url).toContain(`/${x.stream!.id}/`);
    expect(y.playlists[0]!.url).toContain(`/${y.stream!.id}/`);
    const rows = await t.db.select().from(streamSessions).where(and(eq(streamSessions.userId, a.user.id)));
    expect(rows.map((r) => r.deviceId).sort()).toEqual([one.deviceId, two.deviceId].sort());
  });

  it('says revoked for a stopped, missing or silent stream; caches answers for a few seconds', async () => {
    const guard = createStreamGuard(t.app.deps);
    const device = await (await account()).device();
    const check = await checkOn(device);
    const sid = check.stream!.id;
    expect(await guard.isRevoked(sid)).toBe(false); // pending (a page's check): its grant holds until it expires
    expect(await guard.isRevoked('00000000-0000-4000-8000-000000000000')).toBe(true);
    expect(await guard.isRevoked('../../etc/passwd')).toBe(true);
    expect((await heartbeat(device, sid, { uid: paid.id })).statusCode).toBe(200);
    expect((await stop(device, sid)).statusCode).toBe(204);
    expect(await guard.isRevoked(sid)).toBe(false); // the cached answer, for up to 5 s
    advance(5000);
    expect(await guard.isRevoked(sid)).toBe(true);

    const other = await (await account()).device();
    const live = await play(other);
    expect(await guard.isRevoked(live.sid)).toBe(false);
    advance(ALIVE_MS);
    expect(await guard.isRevoked(live.sid)).toBe(true); // no heartbeat for 75 s
    expect((await heartbeat(other, live.sid, { uid: paid.id })).statusCode).toBe(200);
    advance(5000);
    expect(await guard.isRevoked(live.sid)).toBe(false);
  });
});

describe('going on to the next item on one device (issue 5: the player of the previous item closes late)', () => {
  it('ignores a stop for an earlier item once the device checked the next one; the next item keeps its media', async () => {
    const device = await (await account()).device();
    const first = await play(device, free.id);
    expect(first.res.statusCode).toBe(200);
    // The next item's check comes first, then the old player closes with its own item's uid.
    const next = await checkOn(device, paid.id);
    expect(next.stream!.id).toBe(first.sid);
    const late = await t.app.inject({ method: 'DELETE', url: `/api/v1/streams/${first.sid}?uid=${free.id}`, headers: device.auth });
    expect(late.statusCode).toBe(204);
    expect((await rowOf(first.sid)).state).not.toBe('stopped');
    expect(await createStreamGuard(t.app.deps).isRevoked(first.sid)).toBe(false);
    // A stop naming the item playing stops it.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/streams/${first.sid}?uid=${paid.id}`, headers: device.auth })).statusCode).toBe(204);
    expect((await rowOf(first.sid)).state).toBe('stopped');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/streams/${first.sid}?uid=nonsense`, headers: device.auth })).statusCode).toBe(400);
  });

  it('ignores the beacon of a page reloaded on the same title: the new page checked after the old grant was signed', async () => {
    const device = await (await account()).device();
    const first = await checkOn(device, free.id);
    const sid = first.stream!.id;
    expect((await heartbeat(device, sid, { uid: free.id, position: 5 })).statusCode).toBe(200);
    const oldExp = Number(/\/s\/(\d+)\//.exec(first.playlists[0]!.url)![1]);
    advance(30_000);
    await checkOn(device, free.id); // the reloaded page's check
    const late = await t.app.inject({ method: 'DELETE', url: `/api/v1/streams/${sid}?uid=${free.id}&exp=${oldExp}`, headers: device.auth });
    expect(late.statusCode).toBe(204);
    expect((await rowOf(sid)).state).not.toBe('stopped');
    // The newer player's own stop (its grant signed at the latest check) stops it.
    const newExp = Math.floor(t.clock.now.getTime() / 1000) + t.env.MEDIA_TOKEN_TTL_SECONDS;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/streams/${sid}?uid=${free.id}&exp=${newExp}`, headers: device.auth })).statusCode).toBe(204);
    expect((await rowOf(sid)).state).toBe('stopped');
  });

  it('gives a stopped stream revived by a new check its media at once (a refusal is not cached)', async () => {
    const guard = createStreamGuard(t.app.deps);
    const device = await (await account()).device();
    const { sid } = await play(device, free.id);
    expect((await stop(device, sid)).statusCode).toBe(204);
    expect(await guard.isRevoked(sid)).toBe(true);
    expect((await checkOn(device, free.id)).stream!.id).toBe(sid);
    expect(await guard.isRevoked(sid)).toBe(false);
  });
});

describe('parallel starts', () => {
  it('50 first heartbeats from 50 devices of one account at once: exactly max_streams succeed', async () => {
    const a = await account(3);
    const devices = await Promise.all(Array.from({ length: 50 }, () => a.device()));
    const sids: string[] = [];
    for (const d of devices) sids.push((await checkOn(d)).stream!.id);
    const results = await Promise.all(devices.map((d, i) => heartbeat(d, sids[i]!, { uid: paid.id, position: 0 })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 403)).toHaveLength(47);
    for (const refused of results.filter((r) => r.statusCode === 403)) {
      const body = ErrorSchema.parse(refused.json());
      expect(body.code).toBe('STREAM_LIMIT_EXCEEDED');
      expect(body.stream_limit!.limit).toBe(3);
      expect(body.stream_limit!.items).toHaveLength(3);
    }
    const active = await t.db.select().from(streamSessions).where(and(eq(streamSessions.userId, a.user.id), eq(streamSessions.state, 'active')));
    expect(active).toHaveLength(3);
    expect((await list(devices[0]!)).items).toHaveLength(3);
  });
});
