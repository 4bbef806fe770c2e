import { describe, expect, it } from 'vitest';
import { airedAt, clockInTz, dayMonthInTz, dayOfDate, daysBefore, dayTitle, isDay, moscowDay, nextRefreshIn, programmeTimes, recordingTimeLeft, weekdayInTz } from './tv-format.ts';

const p = (starts: string, ends: string) => ({ starts_at: starts, ends_at: ends });

describe('TV times on the watch pages', () => {
  it('shows a programme’s time on air in Moscow time', () => {
    expect(programmeTimes(p('2026-11-21T09:00:00.000Z', '2026-11-21T10:30:00.000Z'))).toBe('12:00 – 13:30');
    expect(airedAt(p('2026-11-20T21:30:00.000Z', '2026-11-20T23:00:00.000Z'))).toBe('21 ноября, 00:30 – 02:00');
  });

  it('knows the Moscow day, its title and the days before it', () => {
    expect(moscowDay(Date.parse('2026-11-21T20:59:59Z'))).toBe('2026-11-21');
    expect(moscowDay(Date.parse('2026-11-21T21:00:00Z'))).toBe('2026-11-22');
    expect(dayTitle('2026-11-20')).toBe('20 ноября');
    expect(daysBefore('2026-03-02', 3)).toEqual(['2026-03-01', '2026-02-28', '2026-02-27']);
  });

  it.each([
    ['2026-11-21', true],
    ['2026-02-30', false],
    ['21.11.2026', false],
    ['2026-11-21x', false],
  ])('%s is a day: %s', (value, expected) => {
    expect(isDay(value)).toBe(expected);
  });

  it('says the time left on a recording as the archive badge does', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(recordingTimeLeft('2026-12-05T10:30:00.000Z', now)).toBe('13 дней');
    expect(recordingTimeLeft('2026-11-21T17:00:00.000Z', now)).toBe('5 часов');
    expect(recordingTimeLeft('2026-11-21T12:00:00.000Z', now)).toBeNull();
  });
});

describe('when the channel page asks again what is on air', () => {
  const received = 1_000_000;
  const onAir = { now: { ends_at: '2026-11-21T12:30:00.000Z' }, next: { starts_at: '2026-11-21T12:30:00.000Z' }, server_time: '2026-11-21T12:00:00.000Z' };
  it.each([
    ['right away: at the end of the programme on air, a second after', onAir, received, 1_801_000],
    ['a minute later: a minute less', onAir, received + 60_000, 1_741_000],
    ['after its end (a tab asleep): at once, a second on', onAir, received + 3_600_000, 1_000],
  ])('%s', (_, nowNext, now, expected) => {
    expect(nextRefreshIn(nowNext as never, received, now)).toBe(Math.min(600_000, expected));
  });

  it('with nothing on air waits for the next to start, and without a guide asks every ten minutes', () => {
    expect(nextRefreshIn({ now: null, next: { starts_at: '2026-11-21T12:05:00.000Z' }, server_time: '2026-11-21T12:00:00.000Z' } as never, received, received)).toBe(301_000);
    expect(nextRefreshIn({ now: null, next: null, server_time: '2026-11-21T12:00:00.000Z' }, received, received)).toBe(600_000);
  });
});

describe('times in the viewer’s zone', () => {
  const at = Date.parse('2026-11-21T20:30:00Z');
  it.each([
    [3, '23:30', '21 ноября'],
    [5, '01:30', '22 ноября'],
    [-5, '15:30', '21 ноября'],
    [5.5, '02:00', '22 ноября'],
  ])('tz %s: %s on %s', (tz, clock, day) => {
    expect(clockInTz(at, tz)).toBe(clock);
    expect(dayMonthInTz(at, tz)).toBe(day);
    expect(clockInTz(new Date(at).toISOString(), tz)).toBe(clock);
  });
  it('a calendar day has no zone', () => expect(dayOfDate('2026-11-22')).toBe('22 ноября'));
  it('weekday', () => expect(weekdayInTz(at, 3)).toBe('сб'));
});
