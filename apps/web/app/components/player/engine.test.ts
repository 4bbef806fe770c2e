// @vitest-environment jsdom
// The engine's recovery: network errors retry with backoff or wait for the connection, media errors
// try recoverMediaError then swapAudioCodec, then give up; every request gets the freshest signed prefix.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EngineEvents, EngineStatus } from './engine.ts';

type Handler = (event: string, data: unknown) => void;
class FakeHls {
  static instances: FakeHls[] = [];
  static isSupported = () => true;
  static Events = { ERROR: 'hlsError', FRAG_LOADED: 'hlsFragLoaded', MANIFEST_PARSED: 'hlsManifestParsed', LEVEL_SWITCHED: 'hlsLevelSwitched', FRAG_BUFFERED: 'hlsFragBuffered', AUDIO_TRACKS_UPDATED: 'a', AUDIO_TRACK_SWITCHED: 'b', SUBTITLE_TRACKS_UPDATED: 'c', SUBTITLE_TRACK_SWITCH: 'd' };
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError', OTHER_ERROR: 'otherError' };
  handlers = new Map<string, Handler[]>();
  levels = [{ height: 360, bitrate: 400_000 }, { height: 720, bitrate: 1_000_000 }, { height: 1080, bitrate: 3_000_000 }];
  currentLevel = -1;
  autoLevelEnabled = true;
  audioTracks = [];
  subtitleTracks = [];
  startLoad = vi.fn();
  recoverMediaError = vi.fn();
  swapAudioCodec = vi.fn();
  loadSource = vi.fn();
  attachMedia = vi.fn();
  destroy = vi.fn();
  constructor(readonly config: { xhrSetup: (xhr: XMLHttpRequest, url: string) => void; startPosition?: number }) {
    FakeHls.instances.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  emit(event: string, data: unknown = {}) {
    for (const h of this.handlers.get(event) ?? []) h(event, data);
  }
  fatal(type: string) {
    this.emit(FakeHls.Events.ERROR, { type, fatal: true, details: 'x' });
  }
}
vi.mock('hls.js', () => ({ default: FakeHls }));
const { createEngine, NETWORK_RETRY_DELAYS_MS } = await import('./engine.ts');

let statuses: EngineStatus[];
let levels: unknown[];
const events = (): EngineEvents => ({
  status: (s) => statuses.push(s),
  levels: (l) => levels.push(l),
  level: () => undefined,
  audioTracks: () => undefined,
  subtitleTracks: () => undefined,
});
let prefix: string | null;
const start = async (over: { preferredHeight?: number | null } = {}) => {
  await createEngine(document.createElement('video'), { src: '/m/s/1/sid/A/aurora/master.m3u8', startAt: 42, freshPrefix: () => prefix, preferredHeight: over.preferredHeight ?? null, preferredSubtitles: null, menus: true }, events());
  return FakeHls.instances.at(-1)!;
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeHls.instances = [];
  statuses = [];
  levels = [];
  prefix = null;
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

describe('createEngine', () => {
  it('starts at the resume point and offers the renditions best first; a remembered height picks the best at or below it', async () => {
    const hls = await start({ preferredHeight: 900 });
    expect(hls.config.startPosition).toBe(42);
    expect(hls.loadSource).toHaveBeenCalledWith('/m/s/1/sid/A/aurora/master.m3u8');
    hls.emit(FakeHls.Events.MANIFEST_PARSED);
    expect(levels[0]).toEqual([
      { index: 2, height: 1080, name: 'FHD', label: 'FHD 1080' },
      { index: 1, height: 720, name: 'HD', label: 'HD 720' },
      { index: 0, height: 360, name: 'HQ', label: 'HQ 360' },
    ]);
    expect(hls.currentLevel).toBe(1);
  });

  it('retries a fatal network error with growing delays, then gives up', async () => {
    const hls = await start();
    for (const delay of NETWORK_RETRY_DELAYS_MS) {
      hls.fatal('networkError');
      expect(statuses.at(-1)).toBe('recovering');
      await vi.advanceTimersByTimeAsync(delay - 1);
      const before = hls.startLoad.mock.calls.length;
      await vi.advanceTimersByTimeAsync(1);
      expect(hls.startLoad.mock.calls.length).toBe(before + 1);
    }
    hls.fatal('networkError');
    expect(statuses.at(-1)).toBe('failed');
  });

  it('a loaded fragment resets the retries and records the bandwidth', async () => {
    const hls = await start();
    hls.fatal('networkError');
    hls.fatal('networkError');
    hls.emit(FakeHls.Events.FRAG_LOADED, { frag: { stats: { loaded: 500_000, loading: { start: 0, first: 100, end: 1100 } } } });
    // 500 kB in 1.1 s from request to last byte (hls-config.ts fragmentBandwidth).
    expect(JSON.parse(localStorage.getItem('ekran.bw')!).bps).toBeCloseTo(3_636_364, -1);
    hls.fatal('networkError');
    await vi.advanceTimersByTimeAsync(NETWORK_RETRY_DELAYS_MS[0]!);
    expect(hls.startLoad).toHaveBeenCalledTimes(1); // the first delay again, not the third
  });

  it('offline, waits for the connection instead of counting retries', async () => {
    const hls = await start();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    hls.fatal('networkError');
    expect(statuses.at(-1)).toBe('offline');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(hls.startLoad).not.toHaveBeenCalled();
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(hls.startLoad).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe('recovering');
    onLine.mockRestore();
  });

  it('recovers a media error, then swaps the audio codec, then gives up', async () => {
    const hls = await start();
    hls.fatal('mediaError');
    expect(hls.recoverMediaError).toHaveBeenCalledTimes(1);
    expect(hls.swapAudioCodec).not.toHaveBeenCalled();
    hls.fatal('mediaError');
    expect(hls.swapAudioCodec).toHaveBeenCalledTimes(1);
    expect(hls.recoverMediaError).toHaveBeenCalledTimes(2);
    hls.fatal('mediaError');
    expect(statuses.at(-1)).toBe('failed');
  });

  it('counts media errors afresh after 30 quiet seconds, and fails at once on other fatal errors', async () => {
    const hls = await start();
    hls.fatal('mediaError');
    await vi.advanceTimersByTimeAsync(31_000);
    hls.fatal('mediaError');
    expect(hls.swapAudioCodec).not.toHaveBeenCalled();
    expect(hls.recoverMediaError).toHaveBeenCalledTimes(2);
    const other = await start();
    other.fatal('otherError');
    expect(statuses.at(-1)).toBe('failed');
  });

  it('opens each request with the freshest signed prefix of the same media, and leaves others to hls.js', async () => {
    const hls = await start();
    const xhr = { open: vi.fn() } as unknown as XMLHttpRequest;
    hls.config.xhrSetup(xhr, 'http://localhost:3000/m/s/1/sid/A/aurora/720p/seg_004.m4s');
    expect(xhr.open).not.toHaveBeenCalled(); // no heartbeat answer yet
    prefix = '/m/s/2/sid/B/aurora/';
    hls.config.xhrSetup(xhr, 'http://localhost:3000/m/s/1/sid/A/aurora/720p/seg_004.m4s');
    expect(xhr.open).toHaveBeenCalledWith('GET', 'http://localhost:3000/m/s/2/sid/B/aurora/720p/seg_004.m4s', true);
    const other = { open: vi.fn() } as unknown as XMLHttpRequest;
    hls.config.xhrSetup(other, 'http://localhost:3000/m/s/1/sid/A/teaser/720p/seg_000.m4s');
    expect(other.open).not.toHaveBeenCalled();
  });
});
