import { describe, expect, it } from 'vitest';
import {
  airedAt, clockInTz, clockOf, dayMonthInTz, fullTitle, dayOfDate, daysFrom, isOnAirAt, nextChangeOf, nextRefreshIn, progressOf, recordingTimeLeft, shortDayOfDate, timesOf,
  weekdayInTz, weekdayOfDate,
} from './tv-format.ts';

describe('TV times in the viewer’s zone', () => {
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
  it('weekday', () => expect([weekdayInTz(at, 3), weekdayInTz(at, 5)]).toEqual(['сб', 'вс']));

  it('says when a recording aired in the viewer’s tz, not Moscow’s', () => {
    const p = { starts_at: '2026-11-20T21:30:00.000Z', ends_at: '2026-11-20T23:00:00.000Z' };
    expect(airedAt(p, 3)).toBe('21 ноября, 00:30 – 02:00');
    expect(airedAt(p, -5)).toBe('20 ноября, 16:30 – 18:00');
  });

  it('reads a guide time as the API wrote it in the viewer’s tz', () => {
    expect(clockOf('2026-11-21T21:05:00+05:30')).toBe('21:05');
    expect(timesOf({ start: '2026-11-21T23:30:00+03:00', end: '2026-11-22T01:10:00+03:00' })).toBe('23:30 – 01:10');
  });

  it('gives a programme’s title with its episode’s', () => {
    expect(fullTitle({ title: 'Каникулы по обмену', sub_title: 'Весна' })).toBe('Каникулы по обмену. Весна');
    expect(fullTitle({ title: 'Новости', sub_title: null })).toBe('Новости');
  });

  it('names calendar days (no zone applies) and counts days between them', () => {
    expect(dayOfDate('2026-11-22')).toBe('22 ноября');
    expect(shortDayOfDate('2026-11-22')).toBe('22 нояб.');
    expect(weekdayOfDate('2026-11-21')).toBe('сб');
    expect([daysFrom('2026-11-21', '2026-11-20'), daysFrom('2026-11-21', '2026-11-21'), daysFrom('2026-03-01', '2026-02-27'), daysFrom('2026-11-21', '2026-11-28')]).toEqual([-1, 0, -2, 7]);
  });

  it('says the time left on a recording as the archive badge does', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(recordingTimeLeft('2026-12-05T10:30:00.000Z', now)).toBe('13 дней');
    expect(recordingTimeLeft('2026-11-21T17:00:00.000Z', now)).toBe('5 часов');
    expect(recordingTimeLeft('2026-11-21T12:00:00.000Z', now)).toBeNull();
  });
});

describe('a programme on air', () => {
  const p = { start_ts: Date.parse('2026-11-21T12:00:00Z') / 1000, end_ts: Date.parse('2026-11-21T13:00:00Z') / 1000 };
  it.each([
    ['before it starts', '2026-11-21T11:59:59Z', false, 0],
    ['as it starts', '2026-11-21T12:00:00Z', true, 0],
    ['a quarter in', '2026-11-21T12:15:00Z', true, 0.25],
    ['as it ends (the next one is on)', '2026-11-21T13:00:00Z', false, 1],
    ['after it', '2026-11-21T14:00:00Z', false, 1],
  ])('%s: on air %s, aired %s', (_, at, onAir, progress) => {
    expect(isOnAirAt(p, Date.parse(at))).toBe(onAir);
    expect(progressOf(p, Date.parse(at))).toBe(progress);
  });
});

describe('when a page asks again what is on air', () => {
  const received = 1_000_000;
  const server = Date.parse('2026-11-21T12:00:00.000Z');
  const ends = Date.parse('2026-11-21T12:30:00.000Z');
  it.each([
    ['right away: at the end of the programme on air, a second after', received, 1_801_000],
    ['a minute later: a minute less', received + 60_000, 1_741_000],
    ['after its end (a tab asleep): at once, a second on', received + 3_600_000, 1_000],
  ])('%s', (_, now, expected) => {
    expect(nextRefreshIn(ends, server, received, now)).toBe(Math.min(600_000, expected));
  });

  it('without anything known to end asks every ten minutes', () => {
    expect(nextRefreshIn(Date.parse('2026-11-21T12:05:00.000Z'), server, received, received)).toBe(301_000);
    expect(nextRefreshIn(null, server, received, received)).toBe(600_000);
  });

  it('waits for the first change among channels: an end on air, else a start next', () => {
    const ts = (iso: string) => Date.parse(iso) / 1000;
    expect(
      nextChangeOf([
        { now: { end_ts: ts('2026-11-21T13:00:00Z') }, next: { start_ts: ts('2026-11-21T13:00:00Z') } },
        { now: null, next: { start_ts: ts('2026-11-21T12:40:00Z') } },
        { now: null, next: null },
      ]),
    ).toBe(Date.parse('2026-11-21T12:40:00Z'));
    expect(nextChangeOf([{ now: null, next: null }])).toBeNull();
  });
});
