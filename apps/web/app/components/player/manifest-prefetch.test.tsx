// @vitest-environment jsdom
// The title page prefetch: only an entitled viewer's check is warmed, in the page's idle
// time, with GET requests for media; nothing for anyone else, and nothing that would start a stream.
import { cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entitledMasterUrl, ManifestPrefetch } from './manifest-prefetch.tsx';

// The player's code is warmed with the page: stand-ins, so the test does not load hls.js.
vi.mock('./player.tsx', () => ({ default: () => null }));
vi.mock('hls.js', () => ({ default: class {} }));

const MASTER = '/api/media/s/1900000000/sid-1/c2lnbmF0dXJl/metropolis/master.m3u8';
const playlist = { url: MASTER, type: 'hls' as const, expires_at: '2030-01-01T00:00:00.000Z', duration_seconds: 48, thumbnails_url: null };
const stream = { id: 'sid-1', heartbeat_url: '/api/v1/streams/sid-1/heartbeat', stop_url: '/api/v1/streams/sid-1', heartbeat_interval_seconds: 30 };
const entitled = { playlists: [playlist], upgrade_options: [], reason: 'ok', stream, markers: null, prerolls: [], postrolls: [], next: null };
const tariff = { tariff_id: 't', title: 'Месяц', price: 399, currency: 'RUB', duration_days: 30, allow_trial: true, trial_days: 7 };

const notEntitled: [string, unknown][] = [
  ['no session (a crawler): no check', null],
  ['a subscription is required', { playlists: [], upgrade_options: [tariff], reason: 'subscription_required', stream: null, markers: null, prerolls: [], postrolls: [], next: null }],
  ['a child profile above its age rating', { restricted: true }],
  ['an unregistered device', { deviceNotRegistered: true }],
  ['a check whose reason is not ok, even with a URL', { ...entitled, reason: 'subscription_required' }],
  ['a URL to another scheme', { ...entitled, playlists: [{ ...playlist, url: 'javascript:alert(1)' }] }],
  ['a protocol-relative URL', { ...entitled, playlists: [{ ...playlist, url: '//evil.example/master.m3u8' }] }],
  ['a plain-http CDN', { ...entitled, playlists: [{ ...playlist, url: 'http://cdn.example/master.m3u8' }] }],
  ['not an object', 'ok'],
];

describe('entitledMasterUrl', () => {
  it('the signed master URL of an entitling check', () => {
    expect(entitledMasterUrl(entitled)).toBe(MASTER);
    expect(entitledMasterUrl({ ...entitled, playlists: [{ ...playlist, url: 'https://cdn.ekran.ru/s/1/a/b/c/master.m3u8' }] })).toBe('https://cdn.ekran.ru/s/1/a/b/c/master.m3u8');
  });
  it.each(notEntitled)('%s: none', (_name, check) => {
    expect(entitledMasterUrl(check)).toBeNull();
  });
});

describe('ManifestPrefetch', () => {
  const fetchMock = vi.fn(async (input: string | URL | Request, _init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('master.m3u8')) return new Response('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=640x360\n360p/index.m3u8\n');
    if (url.endsWith('index.m3u8')) return new Response('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg_000.m4s\n');
    return new Response('init');
  });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.head.querySelectorAll('link').forEach((l) => l.remove());
  });

  it('server-renders a low-priority prefetch of the master for an entitled viewer', () => {
    const html = renderToString(<ManifestPrefetch check={entitled} />);
    expect(html).toContain(`rel="prefetch"`);
    expect(html).toContain(`href="${MASTER}"`);
  });

  it('once idle, GETs the master, the start variant and its init segment; never the stream endpoints', async () => {
    render(<ManifestPrefetch check={entitled} />);
    expect(fetchMock).not.toHaveBeenCalled(); // not while the page is busy rendering
    await vi.runAllTimersAsync();
    const urls = fetchMock.mock.calls.map(([u]) => new URL(String(u)).pathname);
    expect(urls).toEqual([MASTER, MASTER.replace('master.m3u8', '360p/index.m3u8'), MASTER.replace('master.m3u8', '360p/init.mp4')]);
    for (const [, init] of fetchMock.mock.calls) expect(init?.method).toBe('GET');
    expect(urls.some((u) => u.includes('/streams/'))).toBe(false);
  });

  it.each(notEntitled)('%s: renders nothing and fetches nothing', async (_name, check) => {
    const { container } = render(<ManifestPrefetch check={check} />);
    await vi.runAllTimersAsync();
    expect(container.innerHTML).toBe('');
    expect(document.head.querySelector('link[rel="prefetch"]')).toBeNull();
    expect(renderToString(<ManifestPrefetch check={check} />)).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaving the page before it is idle fetches nothing', async () => {
    const { unmount } = render(<ManifestPrefetch check={entitled} />);
    unmount();
    await vi.runAllTimersAsync();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Save-Data: the idle-time fetches are skipped', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { connection: { saveData: true } }));
    render(<ManifestPrefetch check={entitled} />);
    await vi.runAllTimersAsync();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
