// spec platform §4 "Playback gating" (server side) and §8 playback errors: every branch of the check, in order.
import { AuthDataSchema, ErrorSchema, PlaybackCheckSchema, type PlaybackCheck } from '@ekran/contracts';
import { mediaAssets, streamSessions } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { verifyMediaGrant } from '../streams/media-grants.ts';

const ANONYMIZERS = '198.51.100.0/24,2001:db8:bad::/48';
const BLOCKED = '203.0.113.0/24';
const CLEAN_IP = '192.0.2.10';

let t: TestApp;
let paid: { id: string; alias: string };
let free: { id: string };
let adult18: { id: string };
let kidsTitle: { id: string };
let trailer: { id: string };
let series: Awaited<ReturnType<TestApp['make']['series']>>;
let promoted: { id: string; alias: string };
let month: { id: string };

beforeAll(async () => {
  t = await createTestApp({ ANONYMIZER_IP_RANGES: ANONYMIZERS, BLOCKED_IP_RANGES: BLOCKED });
  // Two tariffs on sale, listed by weight; a special-channel one never shows as an upgrade option.
  await t.make.tariff({ alias: 'year', title: 'Подписка на год', price: 2990, durationDays: 365, weight: 10, allowTrial: false });
  month = await t.make.tariff({ alias: 'month', title: 'Подписка на месяц', price: 399, weight: 0, allowTrial: true, trialDays: 7 });
  await t.make.tariff({ alias: 'special', title: 'Спецпредложение', price: 199, weight: 0, channel: 'pb_special' });
  // The subscriber's movie has its own asset with skip marks and scrub-bar thumbnails.
  const marked = await t.make.media('meadow');
  await t.db
    .update(mediaAssets)
    .set({ introStartSeconds: 2, introEndSeconds: 9.5, creditsStartSeconds: 40, thumbnailsVtt: 'thumbs/thumbs.vtt' })
    .where(eq(mediaAssets.id, marked.id));
  paid = await t.make.title({ alias: 'platnyy', ratingAge: '16+', mediaAssetId: marked.id });
  free = await t.make.title({ alias: 'besplatnyy', isFree: true });
  adult18 = await t.make.title({ alias: 'vzroslyy', ratingAge: '18+', isFree: true });
  kidsTitle = await t.make.title({ alias: 'detskiy', forKids: true, isAnimation: true, ratingAge: '0+', isFree: true });
  trailer = await t.make.extra(paid.id);
  series = await t.make.series({ alias: 'serial', episodes: 2, seasons: 2, firstIsPreview: true });
  promoted = await t.make.title({ alias: 'novinka' });
  // Slots: what a viewer gets depends on audience, profile kind, window, activity and priority.
  await t.make.playerSlot({ position: 'preroll', title: 'Новинка на Экране', titleId: promoted.id, audience: 'non_subscribers', skipAfterSeconds: 5, priority: 10 });
  await t.make.playerSlot({ position: 'preroll', title: 'Экран для всех', audience: 'all', priority: 1 });
  await t.make.playerSlot({ position: 'postroll', title: 'Смотрите также', titleId: promoted.id, audience: 'all' });
  await t.make.playerSlot({ position: 'preroll', title: 'Для детей', audience: 'all', forKids: true });
  await t.make.playerSlot({ position: 'preroll', title: 'Выключенный', audience: 'all', isActive: false });
  await t.make.playerSlot({ position: 'preroll', title: 'Прошедший', audience: 'all', endsAt: new Date('2026-11-01T00:00:00Z') });
  await t.make.playerSlot({ position: 'preroll', title: 'Будущий', audience: 'all', startsAt: new Date('2026-12-01T00:00:00Z') });
  await t.make.playerSlot({ position: 'postroll', title: 'Про сам фильм', titleId: paid.id, audience: 'all' });
});
afterAll(() => t.close());

interface Caller {
  auth: Record<string, string>;
  remoteAddress?: string;
  headers?: Record<string, string>;
  query?: string;
}

const check = (uid: string, c: Caller) =>
  t.app.inject({ url: `/api/v1/playback/${uid}${c.query ? `?${c.query}` : ''}`, headers: { ...c.auth, ...c.headers }, remoteAddress: c.remoteAddress ?? CLEAN_IP });

/** A registered account with a session on a device of its own. */
async function registered(o: Parameters<TestApp['make']['user']>[0] = {}) {
  const user = await t.make.user(o);
  const session = await t.make.session({ userId: user.id });
  return { user, ...session };
}

async function child(ageCap: '0+' | '6+' | '12+' | null = null) {
  const { user } = await registered();
  const profile = await t.make.profile({ userId: user.id, isChild: true, ageCap });
  return t.make.session({ userId: user.id, profileId: profile.id });
}

/** A subscription on the regular month tariff (so the upgrade options stay the two on sale). */
const subscribe = (o: Omit<Parameters<TestApp['make']['subscription']>[0], 'tariffId' | 'tariff'>) => t.make.subscription({ tariffId: month.id, ...o });

const grantOf = (url: string) => {
  const m = /^\/api\/media\/s\/(\d+)\/([0-9a-f-]{36})\/([\w-]+)\/([a-z0-9-]+)\/master\.m3u8$/.exec(url);
  if (!m) throw new Error(`not a signed master URL: ${url}`);
  return { exp: m[1]!, sid: m[2]!, sig: m[3]!, slug: m[4]! };
};

type Expectation = { status: number; code?: string; message?: string } | { playlists: number; reason: PlaybackCheck['reason'] };

// The order of the branches is the order of the table: each row also meets the later refusals, so it proves
// that its own comes first (a child on an anonymizer address with an unregistered device gets the kids 403).
const cases: { name: string; arrange: () => Promise<{ uid: string; caller: Caller }>; expected: Expectation }[] = [
  {
    name: '1. an unknown item: 404, even for a child on an anonymizer',
    arrange: async () => ({ uid: '00000000-0000-4000-8000-000000000000', caller: { auth: (await child()).auth, remoteAddress: '198.51.100.7' } }),
    expected: { status: 404, code: 'NOT_FOUND' },
  },
  {
    name: '2. a child profile and an 18+ title: 403 KIDS_PROFILE_RESTRICTED, before the address and the device',
    arrange: async () => ({ uid: adult18.id, caller: { auth: (await child()).auth, remoteAddress: '198.51.100.7', query: 'device_id=not-this-accounts-device' } }),
    expected: { status: 403, code: 'KIDS_PROFILE_RESTRICTED' },
  },
  {
    name: '2. a child profile with a 6+ cap and a 16+ title: 403 KIDS_PROFILE_RESTRICTED',
    arrange: async () => ({ uid: paid.id, caller: { auth: (await child('6+')).auth } }),
    expected: { status: 403, code: 'KIDS_PROFILE_RESTRICTED' },
  },
  {
    name: '3. an anonymizer address (IPv4): 400 USER_USE_ANONYMIZER as code and message, before the device',
    arrange: async () => ({ uid: free.id, caller: { auth: (await registered()).auth, remoteAddress: '198.51.100.7', query: 'device_id=not-this-accounts-device' } }),
    expected: { status: 400, code: 'USER_USE_ANONYMIZER', message: 'USER_USE_ANONYMIZER' },
  },
  {
    name: '3. an anonymizer address (IPv6)',
    arrange: async () => ({ uid: free.id, caller: { auth: (await registered()).auth, remoteAddress: '2001:db8:bad:7::1' } }),
    expected: { status: 400, code: 'USER_USE_ANONYMIZER', message: 'USER_USE_ANONYMIZER' },
  },
  {
    name: '3. an anonymizer address forwarded by the web server on the loopback (TRUST_PROXY)',
    arrange: async () => ({ uid: free.id, caller: { auth: (await registered()).auth, remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.200' } } }),
    expected: { status: 400, code: 'USER_USE_ANONYMIZER', message: 'USER_USE_ANONYMIZER' },
  },
  {
    name: '3. an anonymizer cannot hide behind an X-Forwarded-For of its own (an untrusted peer)',
    arrange: async () => ({ uid: free.id, caller: { auth: (await registered()).auth, remoteAddress: '198.51.100.7', headers: { 'x-forwarded-for': CLEAN_IP } } }),
    expected: { status: 400, code: 'USER_USE_ANONYMIZER', message: 'USER_USE_ANONYMIZER' },
  },
  {
    name: '3. a blocked address: 400 FORBIDEN_IP as code and message',
    arrange: async () => ({ uid: free.id, caller: { auth: (await registered()).auth, remoteAddress: '203.0.113.50' } }),
    expected: { status: 400, code: 'FORBIDEN_IP', message: 'FORBIDEN_IP' },
  },
  {
    name: '4. a device_id not registered to the account: 403 DEVICE_NOT_REGISTERED, before entitlement',
    arrange: async () => ({ uid: free.id, caller: { auth: (await registered()).auth, query: 'device_id=not-this-accounts-device' } }),
    expected: { status: 403, code: 'DEVICE_NOT_REGISTERED' },
  },
  {
    name: '4. a session without a device: 403 DEVICE_NOT_REGISTERED',
    arrange: async () => {
      const { user } = await registered();
      return { uid: free.id, caller: { auth: (await t.make.session({ userId: user.id, deviceId: null })).auth } };
    },
    expected: { status: 403, code: 'DEVICE_NOT_REGISTERED' },
  },
  {
    name: '5. an open item (a free title) for a virtual user: playlists',
    arrange: async () => ({ uid: free.id, caller: { auth: (await loginDevice(t)).auth } }),
    expected: { playlists: 1, reason: 'ok' },
  },
  {
    name: '5. a trailer for a virtual user: playlists',
    arrange: async () => ({ uid: trailer.id, caller: { auth: (await loginDevice(t)).auth } }),
    expected: { playlists: 1, reason: 'ok' },
  },
  {
    name: '5. a preview episode for a virtual user: playlists',
    arrange: async () => ({ uid: series.episodes[0]!.id, caller: { auth: (await loginDevice(t)).auth } }),
    expected: { playlists: 1, reason: 'ok' },
  },
  {
    name: '5. a kids title in a child profile: playlists',
    arrange: async () => ({ uid: kidsTitle.id, caller: { auth: (await child('6+')).auth } }),
    expected: { playlists: 1, reason: 'ok' },
  },
  {
    name: '5. a paid title without a subscription: no playlists',
    arrange: async () => ({ uid: paid.id, caller: { auth: (await registered()).auth } }),
    expected: { playlists: 0, reason: 'subscription_required' },
  },
  {
    name: '5. a paid episode for a virtual user: no playlists',
    arrange: async () => ({ uid: series.episodes[1]!.id, caller: { auth: (await loginDevice(t)).auth } }),
    expected: { playlists: 0, reason: 'subscription_required' },
  },
  ...(
    [
      ['expired (status)', { status: 'expired' }, 0],
      ['active but past expires_at', { expiresAt: new Date('2026-11-20T00:00:00Z') }, 0],
      ['cancelled', { status: 'cancelled' }, 0],
      ['in grace', { status: 'grace' }, 1],
      ['a trial', { status: 'trial' }, 1],
      ['active', {}, 1],
    ] as const
  ).map(([label, fields, playlists]) => ({
    name: `5. a paid title with a subscription ${label}: ${playlists ? 'playlists' : 'no playlists'}`,
    arrange: async () => {
      const r = await registered();
      await subscribe({ userId: r.user.id, ...fields });
      return { uid: paid.id, caller: { auth: r.auth } };
    },
    expected: (playlists ? { playlists: 1, reason: 'ok' } : { playlists: 0, reason: 'subscription_required' }) satisfies Expectation,
  })),
  {
    name: '5. externals only (a partner subscription does not play here): no playlists',
    arrange: async () => {
      const r = await registered();
      await t.make.external({ userId: r.user.id, partner: 'kion' });
      return { uid: paid.id, caller: { auth: r.auth } };
    },
    expected: { playlists: 0, reason: 'subscription_required' },
  },
  {
    name: '5. partner ttk without a subscription: no playlists',
    arrange: async () => {
      const user = await t.make.partnerUser('ttk');
      return { uid: paid.id, caller: { auth: (await t.make.session({ userId: user.id })).auth } };
    },
    expected: { playlists: 0, reason: 'subscription_required' },
  },
  {
    name: '5. an operator subscriber out of balance (mf_pop_up no_money): no playlists for a paid title',
    arrange: async () => {
      const user = await t.make.operatorUser('no_money');
      await subscribe({ userId: user.id, source: 'megafon' });
      return { uid: paid.id, caller: { auth: (await t.make.session({ userId: user.id })).auth } };
    },
    // The balance message of platform §8, not tariffs
    expected: { playlists: 0, reason: 'insufficient_balance' },
  },
  {
    name: '5. an operator subscriber out of balance still plays open items',
    arrange: async () => {
      const user = await t.make.operatorUser('no_money');
      return { uid: free.id, caller: { auth: (await t.make.session({ userId: user.id })).auth } };
    },
    expected: { playlists: 1, reason: 'ok' },
  },
  {
    name: '5. an operator subscriber with money (got_money): playlists',
    arrange: async () => {
      const user = await t.make.operatorUser('got_money');
      await subscribe({ userId: user.id, source: 'megafon' });
      return { uid: paid.id, caller: { auth: (await t.make.session({ userId: user.id })).auth } };
    },
    expected: { playlists: 1, reason: 'ok' },
  },
];

describe('GET /api/v1/playback/:uid — spec platform §4 gating, in order', () => {
  it.each(cases)('$name', async ({ arrange, expected }) => {
    const { uid, caller } = await arrange();
    const res = await check(uid, caller);
    if ('status' in expected) {
      expect(res.statusCode).toBe(expected.status);
      const body = ErrorSchema.parse(res.json());
      expect(body.code).toBe(expected.code);
      if (expected.message) expect(body.message).toBe(expected.message);
      return;
    }
    expect(res.statusCode).toBe(200);
    const body = PlaybackCheckSchema.parse(res.json());
    expect(body.reason).toBe(expected.reason);
    expect(body.playlists).toHaveLength(expected.playlists);
    if (expected.reason === 'insufficient_balance') {
      // The operator bills already; no tariffs are offered, nothing plays.
      expect(body.upgrade_options).toEqual([]);
      expect(body).toMatchObject({ stream: null, markers: null, prerolls: [], postrolls: [], next: null });
    } else if (expected.playlists === 0) {
      // Not entitled: tariffs of the regular list by weight, nothing to play.
      expect(body.upgrade_options.map((o) => o.title)).toEqual(['Подписка на месяц', 'Подписка на год']);
      expect(body.upgrade_options[0]).toEqual({ tariff_id: month.id, title: 'Подписка на месяц', price: 399, currency: 'RUB', duration_days: 30, allow_trial: true, trial_days: 7 });
      expect(body).toMatchObject({ stream: null, markers: null, prerolls: [], postrolls: [], next: null });
    } else {
      expect(body.upgrade_options).toEqual([]);
      expect(body.stream).not.toBeNull();
      const grant = grantOf(body.playlists[0]!.url);
      expect(grant.sid).toBe(body.stream!.id);
      expect(verifyMediaGrant(t.env.MEDIA_TOKEN_SECRET, grant, t.clock.now)).toBe(true);
    }
  });
});

describe('what the client-side gating reads from AuthData (platform §3, §4)', () => {
  const authData = async (auth: Record<string, string>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: auth, payload: {} });
    expect(res.statusCode).toBe(200);
    return AuthDataSchema.parse(res.json());
  };

  it('externals-only: the live partner subscriptions, no subscriptions', async () => {
    const r = await registered();
    await t.make.external({ userId: r.user.id, partner: 'kion', expiresAt: new Date('2027-01-01T00:00:00Z') });
    await t.make.external({ userId: r.user.id, partner: 'okko', expiresAt: null });
    await t.make.external({ userId: r.user.id, partner: 'wink', expiresAt: new Date('2026-11-01T00:00:00Z') });
    const data = await authData(r.auth);
    expect(data.externals).toEqual([
      { name: 'kion', expires_at: '2027-01-01T00:00:00.000Z' },
      { name: 'okko', expires_at: null },
    ]);
    expect(data.subscriptions).toEqual([]);
  });

  it('partner ttk: partner.name', async () => {
    const user = await t.make.partnerUser('ttk');
    const data = await authData((await t.make.session({ userId: user.id })).auth);
    expect(data.partner).toEqual({ name: 'ttk' });
    expect(data.mf_info).toEqual({ is_mf: false, mf_pop_up: null });
  });

  it('an operator customer: mf_info with its popup state', async () => {
    const user = await t.make.operatorUser('no_money');
    const data = await authData((await t.make.session({ userId: user.id })).auth);
    expect(data.mf_info).toEqual({ is_mf: true, mf_pop_up: 'no_money' });
    expect(data.partner).toEqual({ name: null });
  });
});

describe('a subscriber gets everything the player needs', () => {
  let subscriber: Awaited<ReturnType<typeof registered>>;
  beforeAll(async () => {
    subscriber = await registered();
    await subscribe({ userId: subscriber.user.id });
  });

  it('a signed URL of its stream, the heartbeat and stop URLs, thumbnails and skip marks', async () => {
    const body = PlaybackCheckSchema.parse((await check(paid.id, { auth: subscriber.auth })).json());
    const [playlist] = body.playlists;
    const grant = grantOf(playlist!.url);
    const sid = body.stream!.id;
    expect(grant).toMatchObject({ sid, slug: 'meadow' });
    // Short-lived: MEDIA_TOKEN_TTL_SECONDS (300 s by default); heartbeats renew it.
    expect(Number(grant.exp)).toBe(t.clock.now.getTime() / 1000 + 300);
    expect(playlist!.expires_at).toBe(new Date(t.clock.now.getTime() + 300_000).toISOString());
    expect(playlist!.thumbnails_url).toBe(playlist!.url.replace('master.m3u8', 'thumbs/thumbs.vtt'));
    expect(body.stream).toEqual({ id: sid, heartbeat_url: `/api/v1/streams/${sid}/heartbeat`, stop_url: `/api/v1/streams/${sid}`, heartbeat_interval_seconds: 30 });
    expect(body.markers).toEqual({ intro_start: 2, intro_end: 9.5, credits_start: 40 });
    // A tampered grant (another session, another asset) does not verify.
    expect(verifyMediaGrant(t.env.MEDIA_TOKEN_SECRET, { ...grant, sid: '00000000-0000-4000-8000-000000000000' }, t.clock.now)).toBe(false);
    expect(verifyMediaGrant(t.env.MEDIA_TOKEN_SECRET, { ...grant, slug: 'aurora' }, t.clock.now)).toBe(false);
  });

  it('slots for everyone (not those for non-subscribers, kids, outside their window, off, or promoting this title), by priority, signed under its stream', async () => {
    const body = PlaybackCheckSchema.parse((await check(paid.id, { auth: subscriber.auth })).json());
    expect(body.prerolls.map((s) => s.title)).toEqual(['Экран для всех']);
    expect(body.postrolls).toEqual([
      expect.objectContaining({ position: 'postroll', title: 'Смотрите также', link: `/watch/${promoted.alias}`, duration_seconds: 48, skip_after_seconds: null }),
    ]);
    for (const slot of [...body.prerolls, ...body.postrolls]) {
      const grant = grantOf(slot.url);
      expect(grant).toMatchObject({ sid: body.stream!.id, slug: 'teaser' });
      expect(verifyMediaGrant(t.env.MEDIA_TOKEN_SECRET, grant, t.clock.now)).toBe(true);
    }
  });

  it('a viewer without a subscription also gets the slots for non-subscribers, first by priority', async () => {
    const body = PlaybackCheckSchema.parse((await check(free.id, { auth: (await loginDevice(t)).auth })).json());
    expect(body.prerolls.map((s) => [s.title, s.skip_after_seconds, s.link])).toEqual([
      ['Новинка на Экране', 5, `/watch/${promoted.alias}`],
      ['Экран для всех', null, null],
    ]);
  });

  it('a child profile gets the kids slots only; a trailer gets none', async () => {
    const kids = PlaybackCheckSchema.parse((await check(kidsTitle.id, { auth: (await child()).auth })).json());
    expect(kids.prerolls.map((s) => s.title)).toEqual(['Для детей']);
    expect(kids.postrolls).toEqual([]);
    const teaser = PlaybackCheckSchema.parse((await check(trailer.id, { auth: subscriber.auth })).json());
    expect(teaser).toMatchObject({ prerolls: [], postrolls: [], next: null });
  });

  it('next: the following episode, across seasons; null after the last one and for a movie', async () => {
    const [s1e1, s1e2, s2e1, s2e2] = series.episodes;
    const nextOf = async (uid: string) => PlaybackCheckSchema.parse((await check(uid, { auth: subscriber.auth })).json()).next;
    expect(await nextOf(s1e1!.id)).toEqual({ uid: s1e2!.id, title: 'Серия 2', season: 1, episode: 2 });
    expect(await nextOf(s1e2!.id)).toEqual({ uid: s2e1!.id, title: 'Серия 1', season: 2, episode: 1 });
    expect(await nextOf(s2e2!.id)).toBeNull();
    expect(await nextOf(paid.id)).toBeNull();
    // Playing the series itself starts its first episode.
    expect(await nextOf(series.title.id)).toEqual({ uid: s1e2!.id, title: 'Серия 2', season: 1, episode: 2 });
  });

  it('a check (a page view) never starts a stream: the session is pending and nothing counts', async () => {
    const body = PlaybackCheckSchema.parse((await check(paid.id, { auth: subscriber.auth })).json());
    const [row] = await t.db.select().from(streamSessions).where(eq(streamSessions.id, body.stream!.id));
    expect(row).toMatchObject({ state: 'pending', startedAt: null, itemUid: paid.id, mediaSlug: 'meadow' });
    const live = await t.app.inject({ url: '/api/v1/streams', headers: subscriber.auth });
    expect(live.json()).toEqual({ limit: 2, items: [] });
  });
});
