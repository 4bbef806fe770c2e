// The playback check of live channels and recordings (spec platform §4 gating in the VOD order,
// §6 geo, §8 errors) and a recording's offer. The playlists themselves: tv-media.routes.test.ts. What is on air and
// a channel's day are the tv module's (tv.routes.test.ts).
import { ErrorSchema, TvPlaybackCheckSchema, TvRecordingSchema, type TvPlaybackCheck } from '@ekran/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { createTvFactories } from '../../test/tv-factories.ts';
import { verifyMediaGrant } from '../streams/media-grants.ts';

const ANONYMIZERS = '198.51.100.0/24';
const CLEAN_IP = '192.0.2.10';
const H = 3_600_000;
// The harness clock: 2026-11-21T12:00:00Z.
const NOW = Date.parse('2026-11-21T12:00:00Z');
const at = (hours: number) => new Date(NOW + hours * H);

let t: TestApp;
let tv: ReturnType<typeof createTvFactories>;
let month: { id: string };
const ch = {} as Record<'paid' | 'free' | 'kids' | 'kidsFree' | 'empty', { id: string; alias: string }>;
const rec = {} as Record<'available' | 'kidsAvailable' | 'expired' | 'onAir' | 'notRecorded' | 'future' | 'beforeLoop' | 'next', { id: string }>;

beforeAll(async () => {
  t = await createTestApp({ ANONYMIZER_IP_RANGES: ANONYMIZERS });
  tv = createTvFactories(t.db);
  month = await t.make.tariff({ alias: 'month', title: 'Подписка на месяц', price: 399, weight: 0, allowTrial: true, trialDays: 7, maxStreams: 1 });
  ch.paid = await tv.channel({ alias: 'ekran-kino', title: 'Экран Кино', loop: ['metropolis', 'aurora'] });
  ch.free = await tv.channel({ alias: 'ekran-novosti', title: 'Экран Новости', isFree: true, ratingAge: '12+', loop: ['teaser', 'meadow'] });
  ch.kids = await tv.channel({ alias: 'detskiy-ekran', title: 'Детский Экран', forKids: true, ratingAge: '0+', loop: ['meadow', 'aurora'] });
  ch.kidsFree = await tv.channel({ alias: 'multlandia', title: 'Мультляндия', forKids: true, isFree: true, ratingAge: '0+', loop: ['aurora'] });
  ch.empty = await tv.channel({ alias: 'bez-efira', loop: [] });

  const film = await t.make.title({ alias: 'film-na-tv', ratingAge: '16+' });
  const cartoon = await t.make.title({ alias: 'multfilm', forKids: true, ratingAge: '0+' });
  const days14 = (d: Date) => new Date(d.getTime() + 14 * 24 * H);
  const p = (o: Parameters<typeof tv.programme>[0]) => tv.programme(o);
  // ekran-kino today: a film that ended (recorded), the one on air, the next one.
  rec.available = await p({ channelId: ch.paid.id, title: 'Фильм на ТВ', titleId: film.id, startsAt: at(-3), endsAt: at(-1.5), expiredAt: days14(at(-1.5)) });
  rec.onAir = await p({ channelId: ch.paid.id, title: 'Вечерний фильм', titleId: film.id, startsAt: at(-0.5), endsAt: at(1), expiredAt: days14(at(1)) });
  rec.next = await p({ channelId: ch.paid.id, title: 'Ночной фильм', startsAt: at(1), endsAt: at(2.5) });
  rec.notRecorded = await p({ channelId: ch.paid.id, title: 'Новости', startsAt: at(-1.5), endsAt: at(-0.5) });
  // Three weeks ago: expired.
  rec.expired = await p({ channelId: ch.paid.id, title: 'Давний фильм', titleId: film.id, startsAt: at(-21 * 24), endsAt: at(-21 * 24 + 2), expiredAt: days14(at(-21 * 24 + 2)) });
  rec.future = await p({ channelId: ch.paid.id, title: 'Завтрашний фильм', titleId: film.id, startsAt: at(20), endsAt: at(22), expiredAt: days14(at(22)) });
  // Before the loop's epoch (2026-01-01): no stream to cut it from.
  rec.beforeLoop = await p({ channelId: ch.paid.id, title: 'Прошлогодний', titleId: film.id, startsAt: new Date('2025-12-31T20:00:00Z'), endsAt: new Date('2025-12-31T22:00:00Z'), expiredAt: new Date('2027-01-01T00:00:00Z') });
  rec.kidsAvailable = await p({ channelId: ch.kids.id, title: 'Мультфильм', titleId: cartoon.id, startsAt: at(-2), endsAt: at(-1), expiredAt: days14(at(-1)) });
});
afterAll(() => t.close());

interface Caller {
  auth: Record<string, string>;
  remoteAddress?: string;
  query?: string;
}

const live = (alias: string, c: Caller, app = t) => app.app.inject({ url: `/api/v1/tv-playback/live/${alias}${c.query ? `?${c.query}` : ''}`, headers: c.auth, remoteAddress: c.remoteAddress ?? CLEAN_IP });
const recordingCheck = (id: string, c: Caller, app = t) =>
  app.app.inject({ url: `/api/v1/tv-playback/recordings/${id}/check${c.query ? `?${c.query}` : ''}`, headers: c.auth, remoteAddress: c.remoteAddress ?? CLEAN_IP });

async function registered() {
  const user = await t.make.user();
  return { user, ...(await t.make.session({ userId: user.id })) };
}
async function subscriber(o: { status?: 'active' | 'trial' | 'grace' | 'expired' } = {}) {
  const r = await registered();
  await t.make.subscription({ userId: r.user.id, tariffId: month.id, ...o });
  return r;
}
async function child(ageCap: '0+' | '6+' | '12+' | null = null) {
  const { user } = await registered();
  await t.make.subscription({ userId: user.id, tariffId: month.id });
  const profile = await t.make.profile({ userId: user.id, isChild: true, ageCap });
  return t.make.session({ userId: user.id, profileId: profile.id });
}

const PLAYLIST_URL = /^\/api\/tv\/s\/(\d+)\/([0-9a-f-]{36})\/([\w-]+)\/((?:live|rec)\.[a-z0-9-]+)\/master\.m3u8$/;
const grantOf = (url: string) => {
  const m = PLAYLIST_URL.exec(url);
  if (!m) throw new Error(`not a signed TV playlist URL: ${url}`);
  return { exp: m[1]!, sid: m[2]!, sig: m[3]!, slug: m[4]! };
};

type Expectation = { status: number; code: string; attribute?: string } | { playlists: number; reason: TvPlaybackCheck['reason'] };
type Case = { name: string; arrange: () => Promise<{ target: string; caller: Caller }>; expected: Expectation };

function expectAnswer(res: Awaited<ReturnType<typeof live>>, expected: Expectation) {
  if ('status' in expected) {
    expect(res.statusCode, res.body).toBe(expected.status);
    const body = ErrorSchema.parse(res.json());
    expect(body.code).toBe(expected.code);
    if (expected.attribute) expect(body.attribute).toBe(expected.attribute);
    return null;
  }
  expect(res.statusCode, res.body).toBe(200);
  const body = TvPlaybackCheckSchema.parse(res.json());
  expect(body.reason).toBe(expected.reason);
  expect(body.playlists).toHaveLength(expected.playlists);
  if (expected.playlists === 0) {
    expect(body.stream).toBeNull();
    if (expected.reason === 'subscription_required') expect(body.upgrade_options.map((o) => o.tariff_id)).toEqual([month.id]);
  } else {
    const grant = grantOf(body.playlists[0]!.url);
    expect(grant.sid).toBe(body.stream!.id);
    expect(verifyMediaGrant(t.env.MEDIA_TOKEN_SECRET, grant, t.clock.now)).toBe(true);
  }
  return body;
}

// In the order of the VOD check (playback.gating.test.ts): each row also meets the later refusals, so it shows its
// own comes first.
const liveCases: Case[] = [
  {
    name: '1. an unknown channel: 404, even for a child on an anonymizer',
    arrange: async () => ({ target: 'net-takogo', caller: { auth: (await child()).auth, remoteAddress: '198.51.100.7' } }),
    expected: { status: 404, code: 'NOT_FOUND' },
  },
  {
    name: '1. a channel with nothing to loop: 404',
    arrange: async () => ({ target: ch.empty.alias, caller: { auth: (await subscriber()).auth } }),
    expected: { status: 404, code: 'NOT_FOUND' },
  },
  {
    name: '2. a child profile and an adult channel: 403 KIDS_PROFILE_RESTRICTED, before the address and the device',
    arrange: async () => ({ target: ch.paid.alias, caller: { auth: (await child()).auth, remoteAddress: '198.51.100.7', query: 'device_id=not-this-accounts-device' } }),
    expected: { status: 403, code: 'KIDS_PROFILE_RESTRICTED' },
  },
  {
    name: '3. an anonymizer address: 400 USER_USE_ANONYMIZER, before the device',
    arrange: async () => ({ target: ch.free.alias, caller: { auth: (await loginDevice(t)).auth, remoteAddress: '198.51.100.7', query: 'device_id=not-this-accounts-device' } }),
    expected: { status: 400, code: 'USER_USE_ANONYMIZER' },
  },
  {
    name: '4. a device_id not registered to the account: 403 DEVICE_NOT_REGISTERED, before entitlement',
    arrange: async () => ({ target: ch.free.alias, caller: { auth: (await registered()).auth, query: 'device_id=not-this-accounts-device' } }),
    expected: { status: 403, code: 'DEVICE_NOT_REGISTERED' },
  },
  {
    name: '5. a free channel for an anonymous (virtual) visitor: the live playlist',
    arrange: async () => ({ target: ch.free.alias, caller: { auth: (await loginDevice(t)).auth } }),
    expected: { playlists: 1, reason: 'ok' },
  },
  {
    name: '5. a paid channel for an anonymous (virtual) visitor: upgrade options',
    arrange: async () => ({ target: ch.paid.alias, caller: { auth: (await loginDevice(t)).auth } }),
    expected: { playlists: 0, reason: 'subscription_required' },
  },
  {
    name: '5. a paid channel without a subscription (an expired one): upgrade options',
    arrange: async () => ({ target: ch.paid.alias, caller: { auth: (await subscriber({ status: 'expired' })).auth } }),
    expected: { playlists: 0, reason: 'subscription_required' },
  },
  ...(['active', 'trial', 'grace'] as const).map((status) => ({
    name: `5. a paid channel with a subscription (${status}): the live playlist`,
    arrange: async () => ({ target: ch.paid.alias, caller: { auth: (await subscriber({ status })).auth } }),
    expected: { playlists: 1, reason: 'ok' } satisfies Expectation,
  })),
  {
    name: '5. a kids channel in a child profile with a 6+ cap: the live playlist',
    arrange: async () => ({ target: ch.kids.alias, caller: { auth: (await child('6+')).auth } }),
    expected: { playlists: 1, reason: 'ok' },
  },
  {
    name: '5. an operator subscriber out of balance: the balance message for a paid channel',
    arrange: async () => {
      const user = await t.make.operatorUser('no_money');
      await t.make.subscription({ userId: user.id, tariffId: month.id, source: 'megafon' });
      return { target: ch.paid.alias, caller: { auth: (await t.make.session({ userId: user.id })).auth } };
    },
    expected: { playlists: 0, reason: 'insufficient_balance' },
  },
  {
    name: '5. an operator subscriber out of balance still watches a free channel',
    arrange: async () => ({ target: ch.free.alias, caller: { auth: (await t.make.session({ userId: (await t.make.operatorUser('no_money')).id })).auth } }),
    expected: { playlists: 1, reason: 'ok' },
  },
];

const recordingCases: Case[] = [
  {
    name: '1. an unknown programme: 404',
    arrange: async () => ({ target: '00000000-0000-4000-8000-000000000000', caller: { auth: (await subscriber()).auth } }),
    expected: { status: 404, code: 'NOT_FOUND' },
  },
  ...(
    [
      ['expired (past expired_at)', 'expired'],
      ['not ended (on air now)', 'onAir'],
      ['not ended (tomorrow)', 'future'],
      ['never recorded (no expired_at)', 'notRecorded'],
      ['aired before the loop began', 'beforeLoop'],
    ] as const
  ).map(([label, key]) => ({
    name: `1. a recording ${label}: 404, even for a subscriber`,
    arrange: async () => ({ target: rec[key].id, caller: { auth: (await subscriber()).auth } }),
    expected: { status: 404, code: 'NOT_FOUND' } satisfies Expectation,
  })),
  {
    name: '2. a child profile and a recording of a 16+ film: 403 KIDS_PROFILE_RESTRICTED',
    arrange: async () => ({ target: rec.available.id, caller: { auth: (await child()).auth, remoteAddress: '198.51.100.7' } }),
    expected: { status: 403, code: 'KIDS_PROFILE_RESTRICTED' },
  },
  {
    name: '3. an anonymizer address: 400 USER_USE_ANONYMIZER',
    arrange: async () => ({ target: rec.available.id, caller: { auth: (await subscriber()).auth, remoteAddress: '198.51.100.9' } }),
    expected: { status: 400, code: 'USER_USE_ANONYMIZER' },
  },
  {
    name: '5. a recording needs a subscription, even an anonymous visitor’s of a free channel',
    arrange: async () => {
      const p = await tv.programme({ channelId: ch.free.id, title: 'Новости дня', startsAt: at(-5), endsAt: at(-4), expiredAt: at(24) });
      return { target: p.id, caller: { auth: (await loginDevice(t)).auth } };
    },
    expected: { playlists: 0, reason: 'subscription_required' },
  },
  {
    name: '5. a recording for a subscriber: the VOD playlist',
    arrange: async () => ({ target: rec.available.id, caller: { auth: (await subscriber()).auth } }),
    expected: { playlists: 1, reason: 'ok' },
  },
  {
    name: '5. a kids recording in a child profile: the VOD playlist',
    arrange: async () => ({ target: rec.kidsAvailable.id, caller: { auth: (await child('0+')).auth } }),
    expected: { playlists: 1, reason: 'ok' },
  },
];

describe('GET /api/v1/tv-playback/live/:alias — platform §4 gating of a live channel, in order', () => {
  it.each(liveCases)('$name', async ({ arrange, expected }) => {
    const { target, caller } = await arrange();
    expectAnswer(await live(target, caller), expected);
  });

  it('answers the live stream, its session and its channel', async () => {
    const s = await subscriber();
    const body = expectAnswer(await live(ch.paid.alias, { auth: s.auth }), { playlists: 1, reason: 'ok' })!;
    const [playlist] = body.playlists;
    expect(grantOf(playlist!.url)).toMatchObject({ slug: 'live.ekran-kino', exp: String(NOW / 1000 + 300) });
    expect(playlist).toMatchObject({ type: 'hls', duration_seconds: 0, thumbnails_url: null, expires_at: new Date(NOW + 300_000).toISOString() });
    expect(body.stream).toMatchObject({ heartbeat_url: `/api/v1/streams/${body.stream!.id}/heartbeat`, heartbeat_interval_seconds: 30 });
    expect(body).toMatchObject({ markers: null, prerolls: [], postrolls: [], next: null });
    expect(body.tv.kind).toBe('live');
    expect(body.tv.channel).toEqual({ id: ch.paid.id, alias: 'ekran-kino', title: 'Экран Кино', logo: '/tv-logos/ekran-kino.svg', is_free: false, for_kids: false, rating_age: '16+' });
    expect(body.tv).toMatchObject({ recording: null, server_time: '2026-11-21T12:00:00.000Z' });
    // What is on air is the tv module's alone (GET /api/v1/tv/channels/{channel}): the check does not repeat it.
    expect(Object.keys(body.tv).sort()).toEqual(['channel', 'kind', 'recording', 'server_time']);
  });

  it('a page without entitlement still learns the channel (the page shows it around the subscription offer)', async () => {
    const body = expectAnswer(await live(ch.paid.alias, { auth: (await loginDevice(t)).auth }), { playlists: 0, reason: 'subscription_required' })!;
    expect(body.tv).toMatchObject({ kind: 'live', channel: { alias: 'ekran-kino' }, recording: null });
  });

  it('answers 400 for a malformed alias and 401 without a session', async () => {
    expect((await live('Not_An_Alias', { auth: (await subscriber()).auth })).statusCode).toBe(400);
    const res = await live(ch.free.alias, { auth: t.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/v1/tv-playback/recordings/:id/check — gating of a recording', () => {
  it.each(recordingCases)('$name', async ({ arrange, expected }) => {
    const { target, caller } = await arrange();
    expectAnswer(await recordingCheck(target, caller), expected);
  });

  it('answers a VOD cut of the channel between the programme’s start and end, with its offer', async () => {
    const body = expectAnswer(await recordingCheck(rec.available.id, { auth: (await subscriber()).auth }), { playlists: 1, reason: 'ok' })!;
    expect(grantOf(body.playlists[0]!.url).slug).toBe(`rec.${rec.available.id}`);
    // 09:00–10:30 UTC, whole 4 s segments: the programme's 90 minutes exactly (both ends fall on segment starts).
    expect(body.playlists[0]!.duration_seconds).toBe(5400);
    expect(body.tv).toMatchObject({ kind: 'recording', channel: { alias: 'ekran-kino' } });
    expect(body.tv.recording).toMatchObject({ id: rec.available.id, expired_at: '2026-12-05T10:30:00.000Z', duration_seconds: 5400, programme: { id: rec.available.id, title: 'Фильм на ТВ' } });
  });

  it('is gone once expired_at passes (the clock moves on)', async () => {
    const s = await subscriber();
    const p = await tv.programme({ channelId: ch.free.id, title: 'Скоро исчезнет', startsAt: at(-4), endsAt: at(-3.5), expiredAt: at(0.5) });
    expectAnswer(await recordingCheck(p.id, { auth: s.auth }), { playlists: 1, reason: 'ok' });
    t.clock.now = at(0.5);
    try {
      expectAnswer(await recordingCheck(p.id, { auth: s.auth }), { status: 404, code: 'NOT_FOUND' });
    } finally {
      t.clock.now = new Date(NOW);
    }
  });

  it('answers 400 for an id that is not a UUID', async () => {
    expect((await recordingCheck('123', { auth: (await subscriber()).auth })).statusCode).toBe(400);
  });
});

describe('a recording’s offer', () => {
  it('GET /recordings/:id: the programme, channel, expiry and length; 404 once expired; 403 for a child outside its scope', async () => {
    const res = await t.app.inject({ url: `/api/v1/tv-playback/recordings/${rec.available.id}`, headers: (await loginDevice(t)).auth });
    expect(res.statusCode).toBe(200);
    expect(TvRecordingSchema.parse(res.json())).toMatchObject({ id: rec.available.id, expired_at: '2026-12-05T10:30:00.000Z', duration_seconds: 5400, channel: { title: 'Экран Кино' } });
    expect((await t.app.inject({ url: `/api/v1/tv-playback/recordings/${rec.expired.id}`, headers: t.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/tv-playback/recordings/${rec.onAir.id}`, headers: t.headers })).statusCode).toBe(404);
    const kid = await t.app.inject({ url: `/api/v1/tv-playback/recordings/${rec.available.id}`, headers: (await child()).auth });
    expect([kid.statusCode, kid.json().code]).toEqual([403, 'KIDS_PROFILE_RESTRICTED']);
    expect((await t.app.inject({ url: '/api/v1/tv-playback/recordings/not-a-uuid', headers: t.headers })).statusCode).toBe(400);
  });
});

describe('outside Russia (spec platform §6)', () => {
  let abroad: TestApp;
  const abroadRecording = { id: '' };
  beforeAll(async () => {
    // The session's country is what the identity module gives (DEFAULT_COUNTRY_CODE until GeoIP).
    abroad = await createTestApp({ DEFAULT_COUNTRY_CODE: 'DE', ANONYMIZER_IP_RANGES: ANONYMIZERS });
    const f = createTvFactories(abroad.db);
    const c = await f.channel({ alias: 'ekran-kino', loop: ['aurora'] });
    await f.channel({ alias: 'multlandia', forKids: true, isFree: true, ratingAge: '0+', loop: ['aurora'] });
    const p = await f.programme({ channelId: c.id, title: 'Фильм', startsAt: at(-3), endsAt: at(-2), expiredAt: at(24) });
    Object.assign(abroadRecording, { id: p.id });
  });
  afterAll(() => abroad.close());

  it('refuses a channel with 403 geo_error and the attribute tvchannels_{channel}, before the address', async () => {
    const visitor = await loginDevice(abroad);
    const res = await live('ekran-kino', { auth: visitor.auth, remoteAddress: '198.51.100.7' }, abroad);
    expectAnswer(res, { status: 403, code: 'geo_error', attribute: 'tvchannels_ekran-kino' });
    // A free channel too: geo comes before entitlement.
    expectAnswer(await live('multlandia', { auth: visitor.auth }, abroad), { status: 403, code: 'geo_error', attribute: 'tvchannels_multlandia' });
  });

  it('refuses a recording and its check with geo_error', async () => {
    const visitor = await loginDevice(abroad);
    expectAnswer(await recordingCheck(abroadRecording.id, { auth: visitor.auth }, abroad), { status: 403, code: 'geo_error', attribute: 'tvchannels_ekran-kino' });
    const res = await abroad.app.inject({ url: `/api/v1/tv-playback/recordings/${abroadRecording.id}`, headers: visitor.auth });
    expect([res.statusCode, res.json().code, res.json().attribute]).toEqual([403, 'geo_error', 'tvchannels_ekran-kino']);
  });
});
