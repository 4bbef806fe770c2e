// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KEEP_GRANT_MARGIN_MS, startStreamSession, streamResource, withFreshPrefix, withFreshPrefixes, type StreamRefusal } from './stream-session.ts';

const BASE = 'https://ekran.test/watch/aurora';
const stream = { id: 'st-1', heartbeat_url: '/api/v1/streams/st-1/heartbeat', stop_url: '/api/v1/streams/st-1', heartbeat_interval_seconds: 30 };
const UID = '0b7c2f7e-8f7a-4c7e-9d3a-2b1f0c9d8e7a';

describe('withFreshPrefix', () => {
  const fresh = '/api/media/s/1900000600/sid-1/NEWsig/aurora/';
  it.each([
    ['https://ekran.test/api/media/s/1900000000/sid-1/OLDsig/aurora/720p/seg_003.m4s', 'https://ekran.test/api/media/s/1900000600/sid-1/NEWsig/aurora/720p/seg_003.m4s'],
    ['https://ekran.test/api/media/s/1900000000/sid-1/OLD-_sig/aurora/master.m3u8', 'https://ekran.test/api/media/s/1900000600/sid-1/NEWsig/aurora/master.m3u8'],
    ['https://ekran.test/api/media/s/1900000000/sid-1/OLDsig/aurora/360p/init.mp4?x=1', 'https://ekran.test/api/media/s/1900000600/sid-1/NEWsig/aurora/360p/init.mp4?x=1'],
    // Another asset (a preroll) and unsigned URLs stay as they are.
    ['https://ekran.test/api/media/s/1900000000/sid-1/SIG/teaser/720p/seg_000.m4s', 'https://ekran.test/api/media/s/1900000000/sid-1/SIG/teaser/720p/seg_000.m4s'],
    ['https://ekran.test/api/media/aurora/master.m3u8?token=abc', 'https://ekran.test/api/media/aurora/master.m3u8?token=abc'],
  ])('%s', (url, expected) => {
    // At the old grant's end the fresh prefix is taken.
    expect(withFreshPrefix(url, fresh, BASE, 1_900_000_000_000)).toBe(expected);
  });
  it('keeps a grant with time left, so what the title page prefetched under it is read from the cache', () => {
    const url = 'https://ekran.test/api/media/s/1900000000/sid-1/OLDsig/aurora/720p/index.m3u8';
    const now = 1_900_000_000_000 - KEEP_GRANT_MARGIN_MS - 1;
    expect(withFreshPrefix(url, fresh, BASE, now)).toBe(url);
    expect(withFreshPrefix(url, fresh, BASE, now + 2)).toBe('https://ekran.test/api/media/s/1900000600/sid-1/NEWsig/aurora/720p/index.m3u8');
  });
  it('takes an absolute prefix of a CDN host too, and ignores a prefix that is not a signed one', () => {
    expect(withFreshPrefix('https://cdn.test/m/s/1/sid/OLD/aurora/a.m4s', 'https://cdn.test/m/s/2/sid/NEW/aurora/', BASE)).toBe('https://cdn.test/m/s/2/sid/NEW/aurora/a.m4s');
    expect(withFreshPrefix('https://ekran.test/api/media/s/1/sid/OLD/aurora/a.m4s', '/not/signed/', BASE)).toBe('https://ekran.test/api/media/s/1/sid/OLD/aurora/a.m4s');
  });
});

describe('withFreshPrefixes (issue 7 tvstream: a TV stream plays from several assets)', () => {
  const fresh = ['/api/tv/s/1900000600/sid-1/NEW0/rec.0b7c2f7e-8f7a-4c7e-9d3a-2b1f0c9d8e7a/', '/api/media/s/1900000600/sid-1/NEW1/metropolis/', '/api/media/s/1900000600/sid-1/NEW2/aurora/'];
  it.each([
    ['https://ekran.test/api/tv/s/1900000000/sid-1/OLD/rec.0b7c2f7e-8f7a-4c7e-9d3a-2b1f0c9d8e7a/720p/index.m3u8', 'https://ekran.test/api/tv/s/1900000600/sid-1/NEW0/rec.0b7c2f7e-8f7a-4c7e-9d3a-2b1f0c9d8e7a/720p/index.m3u8'],
    ['https://ekran.test/api/media/s/1900000000/sid-1/OLD/metropolis/720p/seg_003.m4s', 'https://ekran.test/api/media/s/1900000600/sid-1/NEW1/metropolis/720p/seg_003.m4s'],
    ['https://ekran.test/api/media/s/1900000000/sid-1/OLD/aurora/audio-ru/init.mp4', 'https://ekran.test/api/media/s/1900000600/sid-1/NEW2/aurora/audio-ru/init.mp4'],
    // An asset none of them names stays as it is.
    ['https://ekran.test/api/media/s/1900000000/sid-1/OLD/meadow/720p/seg_000.m4s', 'https://ekran.test/api/media/s/1900000000/sid-1/OLD/meadow/720p/seg_000.m4s'],
  ])('%s', (url, expected) => {
    expect(withFreshPrefixes(url, fresh, BASE, 1_900_000_000_000)).toBe(expected);
  });
});

describe('startStreamSession', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const ok = (prefix: string, interval = 30) => answer(200, { url: `${prefix}master.m3u8`, media_prefix: prefix, expires_at: '2030-01-01T00:00:00Z', heartbeat_interval_seconds: interval });
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  });
  afterEach(() => vi.useRealTimers());

  const start = (over: Partial<Parameters<typeof startStreamSession>[0]> = {}) => {
    const prefixes: string[] = [];
    const refusals: StreamRefusal[] = [];
    const warnings: string[] = [];
    let position = 12.5;
    const session = startStreamSession({
      stream, uid: UID, position: () => position, playing: () => true,
      onPrefix: (p) => prefixes.push(p), onRefused: (r) => refusals.push(r), fetchImpl: fetchMock as typeof fetch, warn: (m) => warnings.push(m),
      ...over,
    });
    return { session, prefixes, refusals, warnings, seek: (p: number) => void (position = p) };
  };

  it('beats at once and every interval through the resource route, and passes on each fresh prefix', async () => {
    fetchMock.mockResolvedValueOnce(ok('/api/media/s/1/st/A/aurora/')).mockResolvedValueOnce(ok('/api/media/s/2/st/B/aurora/'));
    const s = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(streamResource.heartbeat('st-1'));
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ uid: UID, position: 12.5, playing: true });
    s.seek(42);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(JSON.parse(String((fetchMock.mock.calls[1] as [string, RequestInit])[1].body))).toMatchObject({ position: 42 });
    expect(s.prefixes).toEqual(['/api/media/s/1/st/A/aurora/', '/api/media/s/2/st/B/aurora/']);
    s.session.stop();
  });

  it.each([
    [403, 'STREAM_LIMIT_EXCEEDED', { limit: 2, items: [] }],
    [410, 'STREAM_STOPPED', undefined],
  ])('%s %s ends the session through onRefused and beats no more', async (status, code, limit) => {
    fetchMock.mockResolvedValue(answer(status, { status, code, message: 'no', ...(limit ? { stream_limit: limit } : {}) }));
    const s = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.refusals).toEqual([{ status, code, message: 'no', stream_limit: limit ?? null }]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps playing through a 404 (no stream routes yet), a 500 and a network error, logging once', async () => {
    fetchMock
      .mockResolvedValueOnce(answer(404, { status: 404, code: 'NOT_FOUND', message: '' }))
      .mockResolvedValueOnce(answer(500, {}))
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValueOnce(ok('/api/media/s/3/st/C/aurora/'));
    const s = start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(s.refusals).toEqual([]);
    expect(s.warnings).toHaveLength(1);
    expect(s.prefixes).toEqual(['/api/media/s/3/st/C/aurora/']);
    s.session.stop();
  });

  it('a 403 of another kind is not a stream refusal', async () => {
    fetchMock.mockResolvedValue(answer(403, { status: 403, code: 'FORBIDDEN', message: '' }));
    const s = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.refusals).toEqual([]);
    s.session.stop();
  });

  it('stops with a DELETE of the stop route (a beacon POST when the page goes away) and beats no more', async () => {
    fetchMock.mockResolvedValue(ok('/api/media/s/1/st/A/aurora/'));
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const s = start();
    await vi.advanceTimersByTimeAsync(0);
    s.session.stop({ beacon: true });
    expect(beacon).toHaveBeenCalledWith(streamResource.stop('st-1', UID));
    s.session.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const other = start();
    await vi.advanceTimersByTimeAsync(0);
    other.session.stop();
    expect(fetchMock.mock.calls.at(-1)).toEqual(['/resources/stream/st-1/stop?uid=' + UID, { method: 'DELETE', credentials: 'same-origin', keepalive: true }]);
  });
});
