// The signed live and recording playlists as the player gets them (segment timing against the
// injected wall clock, the window sliding, discontinuities), their grants, the heartbeats of a TV stream and the
// simultaneous-stream limit shared with VOD.
import { HeartbeatResponseSchema, StreamLimitSchema, TvPlaybackCheckSchema } from '@ekran/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';
import { createTvFactories } from '../../test/tv-factories.ts';
import { verifyMediaGrant } from '../streams/media-grants.ts';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const H = 3_600_000;

let t: TestApp;
let tv: ReturnType<typeof createTvFactories>;
let tariffId: string;
let paid: { id: string; alias: string };
let free: { id: string; alias: string };
let recording: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  tv = createTvFactories(t.db);
  tariffId = (await t.make.tariff({ alias: 'month', maxStreams: 1 })).id;
  // metropolis then aurora: 48 s each, twelve 4 s video segments each; a 96 s loop from 2026-01-01T00:00:00Z.
  paid = await tv.channel({ alias: 'ekran-kino', title: 'Экран Кино', loop: ['metropolis', 'aurora'] });
  free = await tv.channel({ alias: 'ekran-novosti', isFree: true, loop: ['teaser', 'meadow'] });
  // 10:00:10 to 10:01:50 UTC: 100 s that begin and end inside segments.
  recording = await tv.programme({ channelId: paid.id, title: 'Короткий фильм', startsAt: new Date(NOW - 2 * H + 10_000), endsAt: new Date(NOW - 2 * H + 110_000), expiredAt: new Date(NOW + 24 * H) });
});
afterAll(() => t.close());
const reset = () => (t.clock.now = new Date(NOW));

async function subscriber() {
  const user = await t.make.user();
  await t.make.subscription({ userId: user.id, tariffId });
  return { user, ...(await t.make.session({ userId: user.id })) };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const checkLive = async (alias: string, auth: Record<string, string>) => TvPlaybackCheckSchema.parse((await t.app.inject({ url: `/api/v1/tv-playback/live/${alias}`, headers: auth })).json());

/** The tags and URIs of a playlist, as lines. */
const lines = (text: string) => text.split('\n').filter(Boolean);
const tagValue = (text: string, tag: string) => lines(text).find((l) => l.startsWith(`${tag}:`))?.slice(tag.length + 1);
const segmentUris = (text: string) => lines(text).filter((l) => !l.startsWith('#'));

describe('a live channel', () => {
  let master: string;
  let base: string;
  let sid: string;
  beforeAll(async () => {
    reset();
    const check = await checkLive(paid.alias, (await subscriber()).auth);
    master = check.playlists[0]!.url;
    base = master.replace(/master\.m3u8$/, '');
    sid = check.stream!.id;
  });

  it('has a master of the renditions every loop item shares, served under the grant', async () => {
    const res = await get(master);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(res.headers['cache-control']).toBe('private, max-age=60');
    expect(lines(res.body)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="ru",NAME="Русский",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio-ru/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=193578,AVERAGE-BANDWIDTH=173684,RESOLUTION=426x240,FRAME-RATE=25.000,CODECS="avc1.4d4015,mp4a.40.2",AUDIO="audio"',
      '240p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=289884,AVERAGE-BANDWIDTH=219421,RESOLUTION=640x360,FRAME-RATE=25.000,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="audio"',
      '360p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=481012,AVERAGE-BANDWIDTH=374487,RESOLUTION=854x480,FRAME-RATE=25.000,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="audio"',
      '480p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=625178,AVERAGE-BANDWIDTH=395331,RESOLUTION=1280x720,FRAME-RATE=25.000,CODECS="avc1.64001f,mp4a.40.2",AUDIO="audio"',
      '720p/index.m3u8',
    ]);
  });

  it('places its segments on the wall clock: at 12:00:00 the window is the six segments that ended by then', async () => {
    reset();
    const res = await get(`${base}720p/index.m3u8`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache, no-store');
    // 2026-01-01 → 2026-11-21T12:00:00Z is 28 036 800 s = 292 050 loops of 96 s exactly: metropolis begins now.
    // The window is aurora's last six segments (18..23 of the loop), so 292 049 × 24 + 18.
    const text = res.body;
    expect(tagValue(text, '#EXT-X-MEDIA-SEQUENCE')).toBe(String(292_049 * 24 + 18));
    expect(tagValue(text, '#EXT-X-DISCONTINUITY-SEQUENCE')).toBe(String(292_049 * 2 + 1));
    expect(tagValue(text, '#EXT-X-TARGETDURATION')).toBe('4');
    expect(tagValue(text, '#EXT-X-PROGRAM-DATE-TIME')).toBe('2026-11-21T11:59:36.000Z');
    expect(text).not.toContain('#EXT-X-ENDLIST');
    expect(text).not.toContain('#EXT-X-DISCONTINUITY\n');
    expect(segmentUris(text).map((u) => u.replace(/^.*\/aurora\//, ''))).toEqual(['720p/seg_006.m4s', '720p/seg_007.m4s', '720p/seg_008.m4s', '720p/seg_009.m4s', '720p/seg_010.m4s', '720p/seg_011.m4s']);
  });

  it('slides with the clock: ten seconds later two segments of metropolis follow a discontinuity, with their map and date', async () => {
    t.clock.now = new Date(NOW + 10_000);
    try {
      const text = (await get(`${base}720p/index.m3u8`)).body;
      expect(tagValue(text, '#EXT-X-MEDIA-SEQUENCE')).toBe(String(292_049 * 24 + 20));
      expect(tagValue(text, '#EXT-X-DISCONTINUITY-SEQUENCE')).toBe(String(292_049 * 2 + 1));
      const after = text.slice(text.indexOf('#EXT-X-DISCONTINUITY\n'));
      expect(lines(after).slice(0, 3).map((l) => l.replace(/"\/api\/media\/s\/[^"]+\/metropolis\//, '"…/metropolis/'))).toEqual([
        '#EXT-X-DISCONTINUITY',
        '#EXT-X-MAP:URI="…/metropolis/720p/init.mp4"',
        '#EXT-X-PROGRAM-DATE-TIME:2026-11-21T12:00:00.000Z',
      ]);
      expect(segmentUris(text).map((u) => u.split('/').slice(-3).join('/'))).toEqual([
        'aurora/720p/seg_008.m4s', 'aurora/720p/seg_009.m4s', 'aurora/720p/seg_010.m4s', 'aurora/720p/seg_011.m4s', 'metropolis/720p/seg_000.m4s', 'metropolis/720p/seg_001.m4s',
      ]);
    } finally {
      reset();
    }
  });

  it('never moves back: the media sequence of every reload a few seconds apart only grows', async () => {
    let last = 0;
    try {
      for (let s = 0; s < 120; s += 3.3) {
        t.clock.now = new Date(NOW + s * 1000);
        const sequence = Number(tagValue((await get(`${base}audio-ru/index.m3u8`)).body, '#EXT-X-MEDIA-SEQUENCE'));
        expect(sequence).toBeGreaterThanOrEqual(last);
        last = sequence;
      }
    } finally {
      reset();
    }
  });

  it('names a segment and its item’s init segment by the same URL on every reload (a player checks)', async () => {
    const urlsAt = async (ms: number) => {
      t.clock.now = new Date(NOW + ms);
      const text = (await get(`${base}720p/index.m3u8`)).body;
      const sequence = Number(tagValue(text, '#EXT-X-MEDIA-SEQUENCE'));
      return { map: /URI="([^"]+)"/.exec(text)![1], bySequence: new Map(segmentUris(text).map((u, i) => [sequence + i, u])) };
    };
    try {
      const [a, b, c] = [await urlsAt(1_000), await urlsAt(3_500), await urlsAt(6_000)];
      for (const later of [b, c]) for (const [sequence, url] of later.bySequence) if (a.bySequence.has(sequence)) expect(url).toBe(a.bySequence.get(sequence));
      expect(b.map).toBe(a.map);
    } finally {
      reset();
    }
  });

  it('signs every segment and map like VOD, for the same stream session, and the media route serves them', async () => {
    const text = (await get(`${base}audio-ru/index.m3u8`)).body;
    const uris = [...segmentUris(text), ...[...text.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!)];
    expect(uris.length).toBe(7);
    for (const uri of uris) {
      const m = /^\/api\/media\/s\/(\d+)\/([0-9a-f-]{36})\/([\w-]+)\/([a-z0-9-]+)\/(audio-ru\/(?:seg_\d{3}\.m4s|init\.mp4))$/.exec(uri);
      expect(m, uri).not.toBeNull();
      expect(m![2]).toBe(sid);
      expect(verifyMediaGrant(t.env.MEDIA_TOKEN_SECRET, { exp: m![1]!, sid: m![2]!, sig: m![3]!, slug: m![4]! }, t.clock.now)).toBe(true);
    }
    const segment = await get(segmentUris(text)[0]!);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/iso.segment');
  });

  it.each([
    ['a tampered signature', (u: string) => u.replace(/\/([A-Za-z0-9_-])([A-Za-z0-9_-]{21})\/live\./, (_, c: string, rest: string) => `/${c === 'A' ? 'B' : 'A'}${rest}/live.`)],
    ['the grant of another channel', (u: string) => u.replace('/live.ekran-kino/', '/live.ekran-novosti/')],
    ['another stream session', (u: string) => u.replace(/\/s\/(\d+)\/[0-9a-f-]{36}\//, (_, exp: string) => `/s/${exp}/00000000-0000-4000-8000-000000000000/`)],
    ['a later expiry with the old signature', (u: string) => u.replace(/\/s\/(\d+)\//, (_, exp: string) => `/s/${Number(exp) + 3600}/`)],
    ['a media slug instead of a stream key', (u: string) => u.replace('/live.ekran-kino/', '/aurora/')],
    // nginx's secure_link signs the expiry as written: these spellings of a genuine one are other grants there.
    ['a leading zero before a genuine expiry', (u: string) => u.replace(/\/s\/(\d+)\//, (_, exp: string) => `/s/0${exp}/`)],
    ['a plus sign before a genuine expiry', (u: string) => u.replace(/\/s\/(\d+)\//, (_, exp: string) => `/s/+${exp}/`)],
    ['a space after a genuine expiry', (u: string) => u.replace(/\/s\/(\d+)\//, (_, exp: string) => `/s/${exp}%20/`)],
  ])('refuses %s with 403 INVALID_MEDIA_TOKEN', async (_, tamper) => {
    const res = await get(tamper(`${base}720p/index.m3u8`));
    expect([res.statusCode, res.json().code]).toEqual([403, 'INVALID_MEDIA_TOKEN']);
  });

  it('refuses an expiry past twelve digits as bad input (400), never read as a number that overflows', async () => {
    const res = await get(`${base}720p/index.m3u8`.replace(/\/s\/(\d+)\//, '/s/99999999999999999999/'));
    expect(res.json()).toMatchObject({ status: 400 });
  });

  it('refuses an expired grant, and answers 404 for a track it does not have', async () => {
    expect((await get(`${base}1080p/index.m3u8`)).statusCode).toBe(404);
    expect((await get(`${base}Bad_Track/index.m3u8`)).statusCode).toBe(404);
    t.clock.now = new Date(NOW + 301_000);
    try {
      expect((await get(`${base}720p/index.m3u8`)).statusCode).toBe(403);
    } finally {
      reset();
    }
  });
});

describe('a recording', () => {
  it('is a VOD playlist of the whole segments from the programme’s start to its end, on the same wall clock', async () => {
    reset();
    const res = await t.app.inject({ url: `/api/v1/tv-playback/recordings/${recording.id}/check`, headers: (await subscriber()).auth });
    const check = TvPlaybackCheckSchema.parse(res.json());
    // 10:00:00 begins a loop (36 000 s after 00:00 is 375 × 96 s): 10:00:10 is in metropolis' seg_002 (8–12 s), and
    // 10:01:50 (110 s) in the next loop's metropolis seg_003 (108–112 s): 26 segments, 104 s, two item boundaries.
    expect(check.playlists[0]!.duration_seconds).toBe(104);
    const base = check.playlists[0]!.url.replace(/master\.m3u8$/, '');
    const text = (await get(`${base}240p/index.m3u8`)).body;
    expect(lines(text).slice(0, 6)).toEqual(['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:4', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS']);
    expect(text.match(/#EXT-X-PROGRAM-DATE-TIME:[^\n]+/g)).toEqual([
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-21T10:00:08.000Z',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-21T10:00:48.000Z',
      '#EXT-X-PROGRAM-DATE-TIME:2026-11-21T10:01:36.000Z',
    ]);
    const uris = segmentUris(text).map((u) => u.split('/').slice(-3).join('/'));
    expect(uris).toHaveLength(26);
    expect([uris[0], uris[10], uris[22], uris.at(-1)]).toEqual(['metropolis/240p/seg_002.m4s', 'aurora/240p/seg_000.m4s', 'metropolis/240p/seg_000.m4s', 'metropolis/240p/seg_003.m4s']);
    expect(text.match(/#EXT-X-DISCONTINUITY\n/g)).toHaveLength(2);
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    // The audio of the same cut has the same items at the same instants.
    const audio = (await get(`${base}audio-ru/index.m3u8`)).body;
    expect(audio.match(/#EXT-X-PROGRAM-DATE-TIME:[^\n]+/g)).toEqual(text.match(/#EXT-X-PROGRAM-DATE-TIME:[^\n]+/g));
  });

  it('loses its playlists once expired_at passes, even under a grant that still holds', async () => {
    reset();
    const soon = await tv.programme({ channelId: paid.id, title: 'Истекает', startsAt: new Date(NOW - 3 * H), endsAt: new Date(NOW - 2.5 * H), expiredAt: new Date(NOW + 60_000) });
    const check = TvPlaybackCheckSchema.parse((await t.app.inject({ url: `/api/v1/tv-playback/recordings/${soon.id}/check`, headers: (await subscriber()).auth })).json());
    const base = check.playlists[0]!.url.replace(/master\.m3u8$/, '');
    expect((await get(`${base}720p/index.m3u8`)).statusCode).toBe(200);
    t.clock.now = new Date(NOW + 120_000);
    try {
      expect((await get(`${base}720p/index.m3u8`)).statusCode).toBe(404);
      expect((await get(`${base}master.m3u8`)).statusCode).toBe(404);
    } finally {
      reset();
    }
  });
});

describe('the stream of a TV check', () => {
  const beat = (id: string, auth: Record<string, string>, uid: string) => t.app.inject({ method: 'POST', url: `/api/v1/streams/${id}/heartbeat`, headers: auth, payload: { uid, position: 12, playing: true } });

  it('starts with the first heartbeat, which re-signs the live playlist and every asset of the loop', async () => {
    reset();
    const s = await subscriber();
    const check = await checkLive(paid.alias, s.auth);
    const res = await beat(check.stream!.id, s.auth, paid.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = HeartbeatResponseSchema.parse(res.json());
    expect(body.url).toMatch(new RegExp(`^/api/tv/s/\\d+/${check.stream!.id}/[\\w-]+/live\\.ekran-kino/master\\.m3u8$`));
    expect(body.media_prefix).toBe(body.url.replace('master.m3u8', ''));
    expect(body.media_prefixes.map((p) => p.split('/').at(-2))).toEqual(['metropolis', 'aurora']);
    // The account's live streams name the channel.
    const streams = StreamLimitSchema.parse((await get('/api/v1/streams', s.auth)).json());
    expect(streams.items.map((i) => i.title)).toEqual(['Экран Кино']);
  });

  it('ends when the subscription does: the next heartbeat of a paid channel is 403 SUBSCRIPTION_REQUIRED', async () => {
    const user = await t.make.user();
    await t.make.subscription({ userId: user.id, tariffId, expiresAt: new Date(NOW + 60_000) });
    const s = await t.make.session({ userId: user.id });
    const check = await checkLive(paid.alias, s.auth);
    expect((await beat(check.stream!.id, s.auth, paid.id)).statusCode).toBe(200);
    t.clock.now = new Date(NOW + 120_000);
    try {
      const res = await beat(check.stream!.id, s.auth, paid.id);
      expect([res.statusCode, res.json().code]).toEqual([403, 'SUBSCRIPTION_REQUIRED']);
    } finally {
      reset();
    }
  });

  it('a free channel keeps playing for an anonymous visitor', async () => {
    const visitor = await loginDevice(t);
    const check = await checkLive(free.alias, visitor.auth);
    const res = await beat(check.stream!.id, visitor.auth, free.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(HeartbeatResponseSchema.parse(res.json()).media_prefixes.map((p) => p.split('/').at(-2))).toEqual(['teaser', 'meadow']);
  });

  it('shares the account’s simultaneous-stream limit with VOD, both ways', async () => {
    reset();
    const s = await subscriber();
    const film = await t.make.title({ alias: `film-${Date.now()}` });
    const second = await t.make.session({ userId: s.user.id });
    // A film on the first device (limit 1), then the channel on the second: over the limit.
    const vod = (await t.app.inject({ url: `/api/v1/playback/${film.id}`, headers: s.auth })).json<{ stream: { id: string } }>();
    expect((await beat(vod.stream.id, s.auth, film.id)).statusCode).toBe(200);
    const onTv = await checkLive(paid.alias, second.auth);
    const refused = await beat(onTv.stream!.id, second.auth, paid.id);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'STREAM_LIMIT_EXCEEDED']);
    expect(refused.json().stream_limit.items.map((i: { title: string }) => i.title)).toEqual([film.title]);
    // The film stops; the channel starts; now the film on the first device is the one over the limit.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/streams/${vod.stream.id}`, headers: s.auth })).statusCode).toBe(204);
    expect((await beat(onTv.stream!.id, second.auth, paid.id)).statusCode).toBe(200);
    const again = (await t.app.inject({ url: `/api/v1/playback/${film.id}`, headers: s.auth })).json<{ stream: { id: string } }>();
    const refusedVod = await beat(again.stream.id, s.auth, film.id);
    expect([refusedVod.statusCode, refusedVod.json().code]).toEqual([403, 'STREAM_LIMIT_EXCEEDED']);
    expect(refusedVod.json().stream_limit.items.map((i: { title: string }) => i.title)).toEqual(['Экран Кино']);
  });

  it('a stopped stream loses its playlists', async () => {
    const s = await subscriber();
    const check = await checkLive(paid.alias, s.auth);
    const base = check.playlists[0]!.url.replace(/master\.m3u8$/, '');
    expect((await beat(check.stream!.id, s.auth, paid.id)).statusCode).toBe(200);
    expect((await get(`${base}720p/index.m3u8`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/streams/${check.stream!.id}`, headers: s.auth })).statusCode).toBe(204);
    // The guard remembers a live answer for 5 s (createStreamGuard), so segments cost no query each.
    t.clock.now = new Date(NOW + 6_000);
    try {
      const res = await get(`${base}720p/index.m3u8`);
      expect([res.statusCode, res.json().code]).toEqual([403, 'INVALID_MEDIA_TOKEN']);
    } finally {
      reset();
    }
  });
});
