import { describe, expect, it } from 'vitest';
import { formatLiveClock, isBehindLive, LIVE_BEHIND_SECONDS } from './live.ts';

describe('the live edge', () => {
  it.each([
    [100, 100, false],
    [100 - LIVE_BEHIND_SECONDS, 100, false],
    [100 - LIVE_BEHIND_SECONDS - 0.1, 100, true], // paused for a while
    [40, 100, true],
    [120, 100, false], // ahead of the sync position, as right after a jump
    [50, null, false], // not known yet
    [Number.NaN, 100, false],
  ])('at %s with the edge at %s: behind %s', (current, edge, behind) => {
    expect(isBehindLive(current, edge)).toBe(behind);
  });

  it('shows the picture’s wall-clock time', () => {
    expect(formatLiveClock(new Date(2026, 10, 21, 12, 4, 36))).toBe('12:04:36');
    expect(formatLiveClock(null)).toBe('');
    expect(formatLiveClock(new Date(Number.NaN))).toBe('');
  });
});
