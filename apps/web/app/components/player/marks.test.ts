import { describe, expect, it } from 'vitest';
import { countdownRemaining, countdownStart, NEXT_COUNTDOWN_SECONDS, skipMarkAt } from './marks.ts';

const marked = { intro_start: 30, intro_end: 95, credits_start: 2580 };
const unmarked = { intro_start: null, intro_end: null, credits_start: null };

describe('countdownStart (issue 5: at credits_start, else 10 s before the end)', () => {
  it.each([
    [2700, marked, 2580],
    [2700, unmarked, 2690],
    [2700, null, 2690],
    [6, null, 0],
    [2700, { ...unmarked, credits_start: 2700 }, 2690], // a mark at or past the end is ignored
    [2700, { ...unmarked, credits_start: 0 }, 2690],
    [NaN, marked, null],
    [Infinity, null, null],
    [0, null, null],
  ])('duration %s, markers %j: %s', (duration, markers, expected) => {
    expect(countdownStart(duration, markers)).toBe(expected);
  });
});

describe('countdownRemaining', () => {
  it('runs 10 s of playback from the credits, then says go', () => {
    expect(NEXT_COUNTDOWN_SECONDS).toBe(10);
    expect(countdownRemaining(2579.9, 2700, marked)).toBeNull();
    expect(countdownRemaining(2580, 2700, marked)).toBe(10);
    expect(countdownRemaining(2583.2, 2700, marked)).toBe(7);
    expect(countdownRemaining(2589.5, 2700, marked)).toBe(1);
    expect(countdownRemaining(2590, 2700, marked)).toBe(0);
    expect(countdownRemaining(2650, 2700, marked)).toBe(0);
  });

  it('without marks runs to the end of the media', () => {
    expect(countdownRemaining(2689, 2700, null)).toBeNull();
    expect(countdownRemaining(2690, 2700, null)).toBe(10);
    expect(countdownRemaining(2697.4, 2700, null)).toBe(3);
    expect(countdownRemaining(2700, 2700, null)).toBe(0);
  });

  it('never outlasts the media when the credits are in the last seconds', () => {
    expect(countdownRemaining(2695, 2700, { ...unmarked, credits_start: 2694 })).toBe(5);
  });

  it('is not running before the metadata is known', () => {
    expect(countdownRemaining(10, NaN, marked)).toBeNull();
  });
});

describe('skipMarkAt', () => {
  it.each([
    [10, null],
    [30, { kind: 'intro', to: 95 }],
    [60, { kind: 'intro', to: 95 }],
    [94.6, null], // at the end of the intro anyway
    [95, null],
    [1000, null],
    [2580, { kind: 'credits', to: 2700 }],
    [2699.5, null],
  ])('at %s s: %j', (time, expected) => {
    expect(skipMarkAt(time, 2700, marked)).toEqual(expected);
  });

  it('shows nothing without marks, and an intro from the start when only its end is marked', () => {
    expect(skipMarkAt(40, 2700, null)).toBeNull();
    expect(skipMarkAt(40, 2700, unmarked)).toBeNull();
    expect(skipMarkAt(0, 2700, { ...unmarked, intro_end: 60 })).toEqual({ kind: 'intro', to: 60 });
  });
});
