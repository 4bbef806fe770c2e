// Live TV in the player: where the live edge is and whether the viewer has fallen behind it.
// Pure; the player reads hls.js's liveSyncPosition (the edge minus its safety delay of three segments).

/** Behind the live sync position by more than this (a paused or stalled picture), the indicator offers «К эфиру». */
export const LIVE_BEHIND_SECONDS = 8;

/** Whether the picture plays behind the live edge: far enough that going back to it is worth a button. */
export function isBehindLive(currentTime: number, liveEdge: number | null): boolean {
  if (liveEdge === null || !Number.isFinite(liveEdge) || !Number.isFinite(currentTime)) return false;
  return liveEdge - currentTime > LIVE_BEHIND_SECONDS;
}

const clock = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The wall-clock time of the picture (EXT-X-PROGRAM-DATE-TIME) as the player shows it, e.g. «12:04:36». */
export function formatLiveClock(date: Date | null): string {
  return date && Number.isFinite(date.getTime()) ? clock.format(date) : '';
}
