// The keys of TV streams and the grants of URLs in live playlists (tv-media.ts).
import { describe, expect, it } from 'vitest';
import { liveGrantExpiry, MIN_GRANT_LEFT_SECONDS } from './tv-media.ts';
import { liveKey, parseTvKey, recordingKey } from '../streams/media-grants.ts';

describe('stream keys', () => {
  it.each([
    ['live.ekran-kino', { kind: 'live', alias: 'ekran-kino' }],
    ['rec.0f9a6d8e-1b2c-4d3e-8f4a-5b6c7d8e9f00', { kind: 'recording', id: '0f9a6d8e-1b2c-4d3e-8f4a-5b6c7d8e9f00' }],
    ['aurora', null], // a media slug
    ['live.', null],
    ['live.Ekran', null],
    ['live.a/../b', null],
    ['rec.not-a-uuid', null],
  ])('%s names %j', (key, expected) => {
    expect(parseTvKey(key)).toEqual(expected);
  });

  it('round-trips', () => {
    expect(parseTvKey(liveKey('detskiy-ekran'))).toEqual({ kind: 'live', alias: 'detskiy-ekran' });
    expect(parseTvKey(recordingKey('0F9A6D8E-1B2C-4D3E-8F4A-5B6C7D8E9F00'))).toEqual({ kind: 'recording', id: '0f9a6d8e-1b2c-4d3e-8f4a-5b6c7d8e9f00' });
  });
});

describe('grants in a live playlist', () => {
  const T = Date.parse('2026-11-21T12:00:00Z');
  const s = (ms: number) => ms / 1000;

  it('a segment’s grant is its end plus the grant’s life, whenever the playlist is asked', () => {
    const anchor = { kind: 'segment' as const, atMs: T - 8_000 };
    const asked = [T, T + 1_000, T + 4_000, T + 16_000].map((now) => liveGrantExpiry(anchor, now, 300));
    expect(new Set(asked)).toEqual(new Set([s(T) - 8 + 300]));
  });

  it('a fractional end rounds up to the second', () => {
    expect(liveGrantExpiry({ kind: 'segment', atMs: T + 10_667 }, T + 11_000, 300)).toBe(s(T) + 11 + 300);
  });

  // [seconds since the item began, expected expiry minus the item start]
  it.each([
    [0, 300],
    [200, 300],
    [240, 300], // 60 s left: still the first grant
    [241, 600], // less than 60 s would be left: the next step
    [539, 600],
    [541, 900],
    [7200, 7500],
  ])('an init segment %s s into its item expires at item start + %s s', (elapsed, expected) => {
    const itemStart = T - 3600_000;
    const exp = liveGrantExpiry({ kind: 'map', atMs: itemStart }, itemStart + elapsed * 1000, 300);
    expect(exp - s(itemStart)).toBe(expected);
    expect(exp - (s(itemStart) + elapsed)).toBeGreaterThanOrEqual(MIN_GRANT_LEFT_SECONDS);
  });
});
