// The TV programme guide in the viewer's zone: spec platform §7 "GET TV: client key, tz (browser hour
// offset)". Times travel as epoch seconds; a day of the guide is the viewer's local calendar day.

import { ARCHIVE_AVAILABILITY_DAYS } from './constants.ts';
import { DAY_MS, HOUR_MS } from './time.ts';

/** The tz of a viewer who sends none: Moscow (UTC+3), where the guide's channels broadcast from. */
export const DEFAULT_TV_TZ = 3;
/** Hour offsets a viewer may send: UTC−12 … UTC+14, in quarter hours (India +5.5, Nepal +5.75). */
export const TV_TZ_RANGE = { min: -12, max: 14 } as const;
/** Days of the guide a channel page offers: the archive's days back, and a week ahead. */
export const TV_GUIDE_DAYS = { back: ARCHIVE_AVAILABILITY_DAYS, ahead: 7 } as const;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The cookie the browser keeps its tz hour offset in, so server-rendered TV pages show the viewer's times. */
export const TV_TZ_COOKIE = 'ekran_tz';

/** A tz hour offset read from text (a cookie, a query), or null when it is not one a viewer may send. */
export function parseTvTz(value: string | null | undefined): number | null {
  if (value == null || !/^[+-]?\d{1,2}(\.\d{1,2})?$/.test(value.trim())) return null;
  const tz = Number(value);
  return isTvTz(tz) ? tz : null;
}

/** Whether a tz hour offset is one a viewer may send (inside the range, in quarter hours). */
export function isTvTz(tz: number): boolean {
  return Number.isFinite(tz) && tz >= TV_TZ_RANGE.min && tz <= TV_TZ_RANGE.max && Number.isInteger(tz * 4);
}

/** The browser's tz hour offset, east positive: Moscow is 3 (Date#getTimezoneOffset says -180). */
export function tzOfOffsetMinutes(timezoneOffsetMinutes: number): number {
  return -timezoneOffsetMinutes / 60 || 0;
}

/** Whether a string is a real calendar date YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** The viewer's local calendar day (YYYY-MM-DD) at an instant, in a tz hour offset. */
export function tvLocalDate(at: Date, tz: number): string {
  return new Date(at.getTime() + tz * HOUR_MS).toISOString().slice(0, 10);
}

/** The instants a local day of the guide starts and ends (end exclusive), in a tz hour offset. */
export function tvDayBounds(date: string, tz: number): { start: Date; end: Date } {
  if (!isIsoDate(date)) throw new RangeError(`not a date: ${date}`);
  const start = Date.parse(`${date}T00:00:00Z`) - tz * HOUR_MS;
  return { start: new Date(start), end: new Date(start + DAY_MS) };
}

/** A local day moved by whole days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The days a channel page offers around the viewer's today: TV_GUIDE_DAYS back and ahead, oldest first. */
export function tvGuideDates(now: Date, tz: number): string[] {
  const today = tvLocalDate(now, tz);
  const dates: string[] = [];
  for (let d = -TV_GUIDE_DAYS.back; d <= TV_GUIDE_DAYS.ahead; d++) dates.push(addDays(today, d));
  return dates;
}

/** An instant as ISO 8601 in the viewer's tz hour offset, e.g. 2026-11-21T21:30:00+03:00. */
export function isoInTz(at: Date, tz: number): string {
  const local = new Date(at.getTime() + tz * HOUR_MS).toISOString().slice(0, 19);
  const sign = tz < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(tz) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${local}${sign}${hh}:${mm}`;
}

/** Epoch seconds of an instant (the guide's start_ts and end_ts). */
export const epochSeconds = (at: Date): number => Math.floor(at.getTime() / 1000);
