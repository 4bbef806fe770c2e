import { describe, expect, it } from 'vitest';
import { addMs, DAY_MS, HOUR_MS, MINUTE_MS } from './time.ts';

describe('time units', () => {
  it('count milliseconds', () => {
    expect(MINUTE_MS).toBe(60_000);
    expect(HOUR_MS).toBe(3_600_000);
    expect(DAY_MS).toBe(86_400_000);
  });
  it('move a date', () => {
    const at = new Date('2026-03-28T22:00:00Z');
    expect(addMs(at, 3 * HOUR_MS).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(addMs(at, -1.5 * DAY_MS).toISOString()).toBe('2026-03-27T10:00:00.000Z');
  });
});
