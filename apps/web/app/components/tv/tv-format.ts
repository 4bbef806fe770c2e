// Times and days of live TV and recordings in the viewer's zone (spec platform §7 tz, the browser's hour
// offset; Visitor.tz on the server). A tz is a fixed offset, so an instant is shifted by it and formatted as UTC: the
// same text on the server and in the browser, whatever zone either runs in. The guide's own times come from the API
// already written in that tz (TvProgramme.start/end), so they are read as they are.
import type { TvProgramme, TvProgrammeBrief } from '@ekran/contracts';
import { DAY_MS, expiryTimeLeft, HOUR_MS, MINUTE_MS, SECOND_MS } from '@ekran/core';

const utcClock = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const utcDayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const utcShortDayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const utcWeekday = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', timeZone: 'UTC' });
const shifted = (at: number | string | Date, tz: number) => new Date(new Date(at).getTime() + tz * HOUR_MS);
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** «21:30»: the time of an instant (epoch ms, ISO text or Date) in a tz hour offset. */
export const clockInTz = (at: number | string | Date, tz: number) => utcClock.format(shifted(at, tz));
/** «21 ноября»: the day of an instant in a tz hour offset. */
export const dayMonthInTz = (at: number | string | Date, tz: number) => utcDayMonth.format(shifted(at, tz));
/** «сб»: the short weekday of an instant in a tz hour offset. */
export const weekdayInTz = (at: number | string | Date, tz: number) => utcWeekday.format(shifted(at, tz));
/** «21 ноября» of a YYYY-MM-DD day (a calendar day: no zone applies). */
export const dayOfDate = (day: string) => utcDayMonth.format(noon(day));
/** «21 нояб.» of a YYYY-MM-DD day, for the day strip. */
export const shortDayOfDate = (day: string) => utcShortDayMonth.format(noon(day));
/** «сб» of a YYYY-MM-DD day (a calendar day: no zone applies). */
export const weekdayOfDate = (day: string) => weekdayInTz(noon(day), 0);
/** Whole days from `today` to `day` (both YYYY-MM-DD): -1 yesterday, 1 tomorrow. */
export const daysFrom = (today: string, day: string) => Math.round((noon(day).getTime() - noon(today).getTime()) / DAY_MS);

/** «Каникулы по обмену. Весна»: a programme's title with its episode's, when it has one. */
export const fullTitle = (p: Pick<TvProgramme, 'title' | 'sub_title'>) => (p.sub_title ? `${p.title}. ${p.sub_title}` : p.title);

/** «21:30» of a guide time (ISO 8601 written in the viewer's tz by the API). */
export const clockOf = (iso: string) => iso.slice(11, 16);
/** «14:00 – 15:30»: a guide programme's time on air in the viewer's tz. */
export const timesOf = (p: Pick<TvProgramme, 'start' | 'end'>) => `${clockOf(p.start)} – ${clockOf(p.end)}`;

/** «21 ноября, 00:30 – 02:00»: when a recording aired, in the viewer's tz. */
export function airedAt(p: Pick<TvProgrammeBrief, 'starts_at' | 'ends_at'>, tz: number): string {
  return `${dayMonthInTz(p.starts_at, tz)}, ${clockInTz(p.starts_at, tz)} – ${clockInTz(p.ends_at, tz)}`;
}

/** Whether a programme is on air at `nowMs` (start inclusive, end exclusive, as the API's is_live). */
export const isOnAirAt = (p: Pick<TvProgramme, 'start_ts' | 'end_ts'>, nowMs: number) => p.start_ts * 1000 <= nowMs && nowMs < p.end_ts * 1000;

/** How much of a programme has aired at `nowMs`, 0 to 1. */
export function progressOf(p: Pick<TvProgramme, 'start_ts' | 'end_ts'>, nowMs: number): number {
  const length = (p.end_ts - p.start_ts) * 1000;
  if (length <= 0) return 1;
  return Math.min(1, Math.max(0, (nowMs - p.start_ts * 1000) / length));
}

/** The time left on a recording as the badge says it («13 дней», «5 часов»), or null once expired (catalogue §4). */
export function recordingTimeLeft(expiredAt: string, nowMs: number): string | null {
  return expiryTimeLeft((Date.parse(expiredAt) - nowMs) / MINUTE_MS);
}

/** Asking again at least this often, even while nothing is known to end. */
const MAX_WAIT_MS = 10 * MINUTE_MS;
/** A programme's end is asked about a moment after it, so the API already has the next one on air. */
const AFTER_END_MS = SECOND_MS;

/**
 * When a page asks again what is on air: a moment after `untilMs` (the end of the programme on air, or the start of
 * the next), measured on the API's clock (`serverMs`, received at `receivedAt` on ours) so a skewed clock does not
 * matter; at most MAX_WAIT_MS later, and that long with nothing known to end.
 */
export function nextRefreshIn(untilMs: number | null, serverMs: number, receivedAt: number, nowMs: number): number {
  if (untilMs === null || !Number.isFinite(serverMs)) return MAX_WAIT_MS;
  const elapsed = nowMs - receivedAt;
  return Math.min(MAX_WAIT_MS, Math.max(AFTER_END_MS, untilMs - serverMs - elapsed + AFTER_END_MS));
}

/** The instant (ms) the earliest of these programmes' states changes: an end of one on air, else a start of one next. */
export function nextChangeOf(channels: readonly { now: Pick<TvProgramme, 'end_ts'> | null; next: Pick<TvProgramme, 'start_ts'> | null }[]): number | null {
  let until: number | null = null;
  for (const c of channels) {
    const at = c.now?.end_ts ?? c.next?.start_ts;
    if (at !== undefined && (until === null || at * 1000 < until)) until = at * 1000;
  }
  return until;
}
