// issue 7 tvstream: times and days of live TV and recordings on the watch pages. The site shows times in Moscow
// time (as the rest of it does); TV plays in Russia only (spec platform §6).
import type { TvNowNext, TvProgrammeBrief } from '@ekran/contracts';
import { expiryTimeLeft } from '@ekran/core';

const TIME_ZONE = 'Europe/Moscow';
/** Moscow's hour offset (no daylight saving since 2014): the tz of the day a page asks for (spec platform §7 tz). */
export const MOSCOW_TZ_HOURS = 3;

const hm = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: TIME_ZONE });
const dayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: TIME_ZONE });
const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TIME_ZONE });

/** «12:00 – 13:30»: a programme's time on air. */
export function programmeTimes(p: Pick<TvProgrammeBrief, 'starts_at' | 'ends_at'>): string {
  return `${hm.format(new Date(p.starts_at))} – ${hm.format(new Date(p.ends_at))}`;
}

/** «12:00»: when a programme starts. */
export const programmeStart = (p: Pick<TvProgrammeBrief, 'starts_at'>) => hm.format(new Date(p.starts_at));

/** «21 ноября, 09:00 – 10:30»: when a recording aired. */
export function airedAt(p: Pick<TvProgrammeBrief, 'starts_at' | 'ends_at'>): string {
  return `${dayMonth.format(new Date(p.starts_at))}, ${programmeTimes(p)}`;
}

/** The Moscow day (YYYY-MM-DD) of an instant. */
export const moscowDay = (ms: number) => isoDay.format(new Date(ms));

/** «21 ноября» of a YYYY-MM-DD day. */
export const dayTitle = (day: string) => dayMonth.format(new Date(`${day}T12:00:00+03:00`));

/** Whether a URL's date segment is a real YYYY-MM-DD day. */
export function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return Number.isFinite(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The `count` days before `today` (YYYY-MM-DD), the nearest first: the recordings the channel page links to. */
export function daysBefore(today: string, count: number): string[] {
  const base = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(base - (i + 1) * 86_400_000).toISOString().slice(0, 10));
}

/** The time left on a recording as the badge says it («13 дней», «5 часов»), or null once expired (catalogue §4). */
export function recordingTimeLeft(expiredAt: string, nowMs: number): string | null {
  return expiryTimeLeft((Date.parse(expiredAt) - nowMs) / 60_000);
}

/** Asking again at least this often, even while nothing is known to end. */
const MAX_WAIT_MS = 10 * 60_000;
/** A programme's end is asked about a moment after it, so the API already has the next one on air. */
const AFTER_END_MS = 1_000;

/**
 * When the channel page asks again what is on air: when the programme on air ends (or, with nothing on air, when
 * the next one starts), measured on the API's clock (server_time, received at `receivedAt` on ours) so a skewed
 * clock does not matter; at most MAX_WAIT_MS later.
 */
export function nextRefreshIn(nowNext: Pick<TvNowNext, 'now' | 'next' | 'server_time'>, receivedAt: number, nowMs: number): number {
  const server = Date.parse(nowNext.server_time);
  const until = nowNext.now?.ends_at ?? nowNext.next?.starts_at ?? null;
  if (until === null || !Number.isFinite(server)) return MAX_WAIT_MS;
  const elapsed = nowMs - receivedAt;
  return Math.min(MAX_WAIT_MS, Math.max(AFTER_END_MS, Date.parse(until) - server - elapsed + AFTER_END_MS));
}

// ---- issue 7: times in the viewer's zone (spec platform §7 tz, the browser's hour offset; Visitor.tz on the
// server). A tz is a fixed offset, so an instant is shifted by it and formatted as UTC: the same text on the server
// and in the browser, whatever zone either runs in.
const HOUR_MS = 3_600_000;
const utcClock = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const utcDayMonth = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const utcWeekday = new Intl.DateTimeFormat('ru-RU', { weekday: 'short', timeZone: 'UTC' });
const shifted = (at: number | string | Date, tz: number) => new Date(new Date(at).getTime() + tz * HOUR_MS);

/** «21:30»: the time of an instant (epoch ms, ISO text or Date) in a tz hour offset. */
export const clockInTz = (at: number | string | Date, tz: number) => utcClock.format(shifted(at, tz));
/** «21 ноября»: the day of an instant in a tz hour offset. */
export const dayMonthInTz = (at: number | string | Date, tz: number) => utcDayMonth.format(shifted(at, tz));
/** «сб»: the short weekday of an instant in a tz hour offset. */
export const weekdayInTz = (at: number | string | Date, tz: number) => utcWeekday.format(shifted(at, tz));
/** «21 ноября» of a YYYY-MM-DD day (a calendar day: no zone applies). */
export const dayOfDate = (day: string) => utcDayMonth.format(new Date(`${day}T12:00:00Z`));
