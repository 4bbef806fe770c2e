// @vitest-environment jsdom
// Start-up tuning (docs/decisions/020-startup-hls-tuning.md): the seeded bandwidth estimate,
// how stored measurements age, the budget-scaled start estimate and the start level hls.js will pick.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BANDWIDTH_STORAGE_KEY,
  DEFAULT_BANDWIDTH_BPS,
  FRESH_MS,
  HALF_LIFE_MS,
  MAX_AGE_MS,
  fragmentBandwidth,
  nextStoredBandwidth,
  pickStartLevel,
  recordBandwidth,
  seedBandwidth,
  seededEstimate,
  startEstimate,
  tunedHlsConfig,
  type ConnectionInfo,
} from './hls-config.ts';

const NOW = Date.UTC(2025, 0, 15, 12);
const stored = (bps: number, ageMs: number, net: string | null = null) => JSON.stringify({ v: 1, bps, at: NOW - ageMs, net });
const mbit = (n: number) => n * 1_000_000;

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('seedBandwidth', () => {
  const cases: { name: string; stored: string | null; connection: ConnectionInfo | null; bps: number; source: string }[] = [
    { name: 'first visit, no Network Information API: the Moscow default', stored: null, connection: null, bps: DEFAULT_BANDWIDTH_BPS, source: 'default' },
    { name: 'first visit: the browser downlink (Mbit/s)', stored: null, connection: { downlink: 9, effectiveType: '4g' }, bps: mbit(9), source: 'network' },
    { name: 'a zero downlink says nothing: default', stored: null, connection: { downlink: 0 }, bps: DEFAULT_BANDWIDTH_BPS, source: 'default' },
    { name: 'fresh measurement wins over the downlink', stored: stored(mbit(40), 5 * 60_000, '4g'), connection: { downlink: 10, effectiveType: '4g' }, bps: mbit(40), source: 'measured' },
    { name: 'measurement at exactly FRESH_MS is still trusted', stored: stored(mbit(40), FRESH_MS), connection: null, bps: mbit(40), source: 'measured' },
    // One half-life past fresh: the geometric midpoint of 16 and the default 4 Mbit/s is 8.
    { name: 'one half-life old: halfway (geometrically) to the fallback', stored: stored(mbit(16), FRESH_MS + HALF_LIFE_MS), connection: null, bps: mbit(8), source: 'measured' },
    { name: 'older than a day: ignored', stored: stored(mbit(40), MAX_AGE_MS), connection: null, bps: DEFAULT_BANDWIDTH_BPS, source: 'default' },
    { name: 'from the future (clock changed): ignored', stored: stored(mbit(40), -60_000), connection: null, bps: DEFAULT_BANDWIDTH_BPS, source: 'default' },
    { name: 'measured on Wi-Fi, now on cellular: ignored', stored: stored(mbit(80), 60_000, 'wifi'), connection: { type: 'cellular', downlink: 2 }, bps: mbit(2), source: 'network' },
    { name: 'broken JSON: ignored', stored: '{"v":1,"bps":', connection: null, bps: DEFAULT_BANDWIDTH_BPS, source: 'default' },
    { name: 'another version: ignored', stored: JSON.stringify({ v: 2, bps: mbit(40), at: NOW }), connection: null, bps: DEFAULT_BANDWIDTH_BPS, source: 'default' },
    { name: 'negative bandwidth: ignored', stored: JSON.stringify({ v: 1, bps: -5, at: NOW }), connection: null, bps: DEFAULT_BANDWIDTH_BPS, source: 'default' },
    { name: 'an absurd measurement is clamped to 200 Mbit/s', stored: stored(1e12, 0), connection: null, bps: mbit(200), source: 'measured' },
    { name: 'Save-Data caps the seed at 1.5 Mbit/s', stored: stored(mbit(40), 0), connection: { saveData: true }, bps: mbit(1.5), source: 'measured' },
  ];
  it.each(cases)('$name', ({ stored: raw, connection, bps, source }) => {
    const seed = seedBandwidth({ now: NOW, stored: raw, connection });
    expect(seed.source).toBe(source);
    expect(seed.bps).toBeCloseTo(bps, -3);
  });

  it('decays monotonically from the measurement to the fallback as it ages', () => {
    const ages = [0, FRESH_MS + 1, FRESH_MS + HALF_LIFE_MS / 2, FRESH_MS + 3 * HALF_LIFE_MS, MAX_AGE_MS - 1];
    const values = ages.map((age) => seedBandwidth({ now: NOW, stored: stored(mbit(50), age), connection: null }).bps);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThan(values[i - 1]!);
    expect(values.at(-1)!).toBeGreaterThan(DEFAULT_BANDWIDTH_BPS);
  });
});

describe('nextStoredBandwidth', () => {
  const read = (raw: string | null) => JSON.parse(raw!) as { v: number; bps: number; at: number; net: string | null };

  it('stores a first sample as it is, with the time and the network', () => {
    expect(read(nextStoredBandwidth(null, mbit(12), NOW, '4g'))).toEqual({ v: 1, bps: mbit(12), at: NOW, net: '4g' });
  });

  it('moves a fresh value 30% of the way (in log space) towards a new sample', () => {
    const next = read(nextStoredBandwidth(stored(mbit(10), 60_000, '4g'), mbit(1), NOW, '4g'));
    // 10^0.7 * 1^0.3 ≈ 5.01 Mbit/s: one slow fragment lowers the value without replacing it.
    expect(next.bps).toBeCloseTo(mbit(10 ** 0.7), -3);
  });

  it('replaces a value from another network or older than FRESH_MS', () => {
    expect(read(nextStoredBandwidth(stored(mbit(10), 60_000, 'wifi'), mbit(1), NOW, 'cellular')).bps).toBe(mbit(1));
    expect(read(nextStoredBandwidth(stored(mbit(10), FRESH_MS + 1, '4g'), mbit(1), NOW, '4g')).bps).toBe(mbit(1));
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 0, -1, 5e12])('ignores a sample of %s', (bps) => {
    expect(nextStoredBandwidth(null, bps, NOW, null)).toBeNull();
  });
});

describe('recordBandwidth and seededEstimate in the browser', () => {
  it('a recorded measurement seeds the next start', () => {
    recordBandwidth(mbit(25));
    expect(JSON.parse(localStorage.getItem(BANDWIDTH_STORAGE_KEY)!)).toMatchObject({ v: 1, bps: mbit(25) });
    expect(seededEstimate()).toEqual({ bps: mbit(25), source: 'measured' });
  });

  it('bad values leave the stored measurement alone', () => {
    recordBandwidth(mbit(25));
    const before = localStorage.getItem(BANDWIDTH_STORAGE_KEY);
    recordBandwidth(Number.NaN);
    recordBandwidth(-3);
    expect(localStorage.getItem(BANDWIDTH_STORAGE_KEY)).toBe(before);
  });

  it('a day later the measurement no longer counts', () => {
    vi.useFakeTimers({ now: NOW });
    recordBandwidth(mbit(25));
    vi.setSystemTime(NOW + MAX_AGE_MS + 1);
    expect(seededEstimate().source).not.toBe('measured');
  });
});

describe('fragmentBandwidth', () => {
  it('bits per second over the whole request, time to first byte included', () => {
    expect(fragmentBandwidth({ loaded: 500_000, loading: { start: 1000, first: 1100, end: 2000 } })).toBe(4_000_000);
  });
  it('small fragments and cache hits measure nothing', () => {
    expect(fragmentBandwidth({ loaded: 10_000, loading: { start: 0, first: 50, end: 100 } })).toBeNull();
    expect(fragmentBandwidth({ loaded: 500_000, loading: { start: 10, first: 11, end: 12 } })).toBeNull();
  });
});

describe('startEstimate', () => {
  it('lets a 4 s first fragment arrive within 1 s: a quarter of the seed', () => {
    expect(startEstimate(mbit(8))).toBe(mbit(2));
    expect(startEstimate(mbit(12), 6)).toBe(mbit(2));
  });
  it('segments shorter than the budget may use the whole link', () => {
    expect(startEstimate(mbit(8), 0.5)).toBe(mbit(8));
  });
  it('never below 150 kbit/s; a bad segment length falls back to 4 s', () => {
    expect(startEstimate(100_000)).toBe(150_000);
    expect(startEstimate(mbit(8), Number.NaN)).toBe(mbit(2));
  });
});

describe('pickStartLevel (as hls.js 1.7 firstAutoLevel with capLevelToPlayerSize)', () => {
  // A production-like ladder, listed in the master in a shuffled order.
  const ladder = [
    { name: '720p', width: 1280, height: 720, bitrate: 3_000_000 },
    { name: '240p', width: 426, height: 240, bitrate: 400_000 },
    { name: '1080p', width: 1920, height: 1080, bitrate: 6_000_000 },
    { name: '480p', width: 854, height: 480, bitrate: 1_500_000 },
    { name: '360p', width: 640, height: 360, bitrate: 800_000 },
  ];
  const desktop = { width: 1440, height: 810, pixelRatio: 1 };
  const cases = [
    { estimate: mbit(20), player: desktop, pick: '1080p', why: 'fast link, a player wider than 1280 px' },
    { estimate: mbit(4), player: desktop, pick: '720p', why: 'the highest bitrate not above the estimate' },
    { estimate: mbit(3), player: desktop, pick: '720p', why: 'a bitrate equal to the estimate fits' },
    { estimate: mbit(1), player: desktop, pick: '360p', why: 'slow link' },
    { estimate: 100_000, player: desktop, pick: '240p', why: 'nothing fits: the lowest' },
    { estimate: mbit(20), player: { width: 390, height: 219, pixelRatio: 3 }, pick: '480p', why: 'phone: 390 px × 2 (pixel ratio capped) = 780 → 854 px wide covers it' },
    { estimate: mbit(20), player: { width: 960, height: 540, pixelRatio: 1 }, pick: '720p', why: 'a 960 px player needs no more than 1280 px' },
    { estimate: mbit(20), player: { width: 1280, height: 720, pixelRatio: 2 }, pick: '1080p', why: 'larger than every rendition: the largest' },
    { estimate: mbit(20), player: null, pick: '1080p', why: 'player size unknown: no cap' },
  ];
  it.each(cases)('$why → $pick', ({ estimate, player, pick }) => {
    expect(ladder[pickStartLevel(ladder, estimate, player)]!.name).toBe(pick);
  });

  it('no levels: -1', () => {
    expect(pickStartLevel([], mbit(10), desktop)).toBe(-1);
  });

  it('renditions of one size: the cap keeps the richest of them', () => {
    const twins = [
      { width: 1280, height: 720, bitrate: 2_000_000 },
      { width: 1280, height: 720, bitrate: 3_500_000 },
      { width: 1920, height: 1080, bitrate: 6_000_000 },
    ];
    expect(pickStartLevel(twins, mbit(20), { width: 1000, height: 562, pixelRatio: 1 })).toBe(1);
  });
});

describe('tunedHlsConfig', () => {
  it('replaces the defaults that slow a start', () => {
    const config = tunedHlsConfig({});
    expect(config).toMatchObject({
      testBandwidth: false,
      startLevel: -1,
      startFragPrefetch: true,
      capLevelToPlayerSize: true,
      maxDevicePixelRatio: 2,
      lowLatencyMode: false,
      progressive: false,
      maxBufferLength: 30,
      maxMaxBufferLength: 120,
      backBufferLength: 30,
    });
    expect(config).not.toHaveProperty('startPosition');
  });

  it('starts from the seeded estimate scaled to the first-fragment budget', () => {
    recordBandwidth(mbit(20));
    expect(tunedHlsConfig({}).abrEwmaDefaultEstimate).toBe(mbit(5));
  });

  it('resumes at the saved position on a segment boundary', () => {
    expect(tunedHlsConfig({ startAt: 754 })).toMatchObject({ startPosition: 754, startOnSegmentBoundary: true });
    expect(tunedHlsConfig({ startAt: 0 })).not.toHaveProperty('startPosition');
  });

  it('fixes the start level when the renditions are known', () => {
    recordBandwidth(mbit(20)); // → 5 Mbit/s for a 4 s fragment
    const levels = [
      { width: 640, height: 360, bitrate: 800_000 },
      { width: 1280, height: 720, bitrate: 3_000_000 },
      { width: 1920, height: 1080, bitrate: 6_000_000 },
    ];
    expect(tunedHlsConfig({ levels, player: { width: 1920, height: 1080, pixelRatio: 1 } }).startLevel).toBe(1);
  });
});
