import { describe, expect, it } from 'vitest';
import { ACCOUNT_SIGN_IN_POLICY } from './lockout-rules.ts';
import { atMost, distinctAtMost, escalating, type Attempt } from './lockout.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Attempts at these minutes, at one member unless named. */
const at = (...minutes: (number | [number, string])[]): Attempt[] =>
  minutes.map((m) => (Array.isArray(m) ? { at: m[0] * MINUTE, member: m[1] } : { at: m * MINUTE, member: '' }));

describe('atMost', () => {
  it.each([
    { before: at(), until: null },
    { before: at(0, 1), until: null },
    // The third of three in the window: locked until the oldest leaves it.
    { before: at(0, 1, 2), until: HOUR },
    { before: at(0, 1, 2, 3), until: HOUR + MINUTE },
  ])('3 an hour, $before.length before: $until', ({ before, until }) => {
    expect(atMost(3, HOUR)(before)).toBe(until);
  });
});

describe('distinctAtMost', () => {
  it('counts members, not attempts, and opens when enough members have aged out', () => {
    const rule = distinctAtMost(2, HOUR);
    expect(rule(at([0, 'a'], [1, 'a'], [2, 'a']))).toBeNull();
    // a last failed at minute 5, b at 3: b ages out first, at 63.
    expect(rule(at([0, 'a'], [3, 'b'], [5, 'a']))).toBe(63 * MINUTE);
    expect(rule(at([0, 'a'], [3, 'b'], [4, 'c']))).toBe(63 * MINUTE);
  });
});

describe('escalating (OWASP ASVS V2.2.1)', () => {
  const rule = escalating(ACCOUNT_SIGN_IN_POLICY);
  it.each([
    { failures: 4, lock: 0 },
    { failures: 5, lock: 1 },
    { failures: 6, lock: 2 },
    { failures: 7, lock: 4 },
    { failures: 8, lock: 8 },
    { failures: 9, lock: 15 },
    { failures: 30, lock: 15 },
  ])('after $failures failures, $lock minutes from the last', ({ failures, lock }) => {
    const before = at(...Array.from({ length: failures }, () => 10));
    expect(rule(before, 10 * MINUTE)).toBe(lock ? (10 + lock) * MINUTE : null);
    if (lock) expect(rule(before, (10 + lock) * MINUTE)).toBeNull();
  });

  it('allows at most 100 within an hour, however fast they came', () => {
    // A hundred in the first ten minutes (from many addresses at once, before the locks could bite).
    const before = at(...Array.from({ length: 100 }, (_, i) => i * 0.1));
    // The escalated lock ends at 24.9 minutes; the hundredth-last holds the window until it leaves, at 60.
    expect(rule(before, 30 * MINUTE)).toBe(HOUR);
    expect(rule(before, HOUR)).toBeNull();
  });
});
