import type { MediaMarkers } from '@ekran/contracts';

/** How long the «Следующая серия» countdown runs, in seconds of playback. */
export const NEXT_COUNTDOWN_SECONDS = 10;

/**
 * Where the next-episode countdown starts: at the end credits when the title marks them, else 10 s before the
 * end. Null when the duration is unknown (no metadata yet, a live stream).
 */
export function countdownStart(duration: number, markers: MediaMarkers | null): number | null {
  if (!Number.isFinite(duration) || duration <= 0) return null;
  const credits = markers?.credits_start;
  if (credits != null && credits > 0 && credits < duration) return credits;
  return Math.max(0, duration - NEXT_COUNTDOWN_SECONDS);
}

/**
 * Seconds left on the countdown at a playback time, or null when it is not running (before its start). It runs
 * on playback time, so pausing pauses it; 0 means «go on now». It never outlasts the media: near the end
 * it is at most the time left.
 */
export function countdownRemaining(time: number, duration: number, markers: MediaMarkers | null): number | null {
  const start = countdownStart(duration, markers);
  if (start === null || time < start) return null;
  const left = Math.min(NEXT_COUNTDOWN_SECONDS - (time - start), duration - time);
  return Math.max(0, Math.ceil(left));
}

/** A skip button the player shows at a playback time: the intro, or the end credits. */
export type SkipMark = { kind: 'intro'; to: number } | { kind: 'credits'; to: number };

/**
 * «Пропустить заставку» between intro_start and intro_end (to intro_end); «Пропустить титры» from credits_start
 * on (to the end) — the caller shows the next-episode card instead when there is a next episode.
 */
export function skipMarkAt(time: number, duration: number, markers: MediaMarkers | null): SkipMark | null {
  if (!markers) return null;
  const { intro_start: introStart, intro_end: introEnd, credits_start: credits } = markers;
  if (introEnd != null && introEnd > (introStart ?? 0) && time >= (introStart ?? 0) && time < introEnd - 0.5) return { kind: 'intro', to: introEnd };
  if (credits != null && Number.isFinite(duration) && credits < duration && time >= credits && time < duration - 1) return { kind: 'credits', to: duration };
  return null;
}
