import { describe, expect, it } from 'vitest';
import { addDays, epochSeconds, isIsoDate, isoInTz, isTvTz, parseTvTz, tvDayBounds, tvGuideDates, tvLocalDate, tzOfOffsetMinutes } from './tv-guide.ts';

describe('the guide in the viewer’s zone (platform §7: tz is the browser hour offset)', () => {
  it.each([[-180, 3], [0, 0], [300, -5], [-330, 5.5]])('getTimezoneOffset %i is tz %s', (minutes, tz) => {
    expect(tzOfOffsetMinutes(minutes)).toBe(tz);
  });

  it.each([[3, true], [0, true], [-12, true], [14, true], [5.75, true], [3.1, false], [15, false], [-13, false], [Number.NaN, false]])('tz %s is valid: %s', (tz, ok) => {
    expect(isTvTz(tz)).toBe(ok);
  });

  it('puts 22:30 UTC on the next local day in Moscow and on the same day in New York', () => {
    const at = new Date('2026-11-21T22:30:00Z');
    expect(tvLocalDate(at, 3)).toBe('2026-11-22');
    expect(tvLocalDate(at, 0)).toBe('2026-11-21');
    expect(tvLocalDate(at, -5)).toBe('2026-11-21');
  });

  it('bounds a Moscow day from 21:00 UTC the day before, 24 hours long', () => {
    expect(tvDayBounds('2026-11-21', 3)).toEqual({ start: new Date('2026-11-20T21:00:00Z'), end: new Date('2026-11-21T21:00:00Z') });
    expect(tvDayBounds('2026-11-21', -5.5)).toEqual({ start: new Date('2026-11-21T05:30:00Z'), end: new Date('2026-11-22T05:30:00Z') });
  });

  it('refuses a date that is not one', () => {
    expect(() => tvDayBounds('2026-02-30', 3)).toThrow(RangeError);
    expect(isIsoDate('2026-13-01')).toBe(false);
  });

  it('offers two weeks back and a week ahead of the local today, oldest first', () => {
    const dates = tvGuideDates(new Date('2026-11-21T22:30:00Z'), 3);
    expect(dates).toHaveLength(22);
    expect(dates[0]).toBe('2026-11-08');
    expect(dates[14]).toBe('2026-11-22');
    expect(dates.at(-1)).toBe('2026-11-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('writes ISO times in the viewer’s offset', () => {
    const at = new Date('2026-11-21T18:30:00Z');
    expect(isoInTz(at, 3)).toBe('2026-11-21T21:30:00+03:00');
    expect(isoInTz(at, 0)).toBe('2026-11-21T18:30:00+00:00');
    expect(isoInTz(at, -5.5)).toBe('2026-11-21T13:00:00-05:30');
    expect(Date.parse(isoInTz(at, 5.75))).toBe(at.getTime());
    expect(epochSeconds(at)).toBe(Date.UTC(2026, 10, 21, 18, 30) / 1000);
  });
});

describe('parseTvTz (the browser tz cookie)', () => {
  it.each([
    ['3', 3],
    ['-5', -5],
    ['5.5', 5.5],
    ['5.75', 5.75],
    ['+14', 14],
    ['-12', -12],
  ])('%s is %s', (text, tz) => expect(parseTvTz(text)).toBe(tz));
  it.each(['', 'abc', '15', '-13', '5.3', '3; Path=/', '1e1', null, undefined])('%s is not a tz', (text) => expect(parseTvTz(text)).toBeNull());
});
