import { PROGRESS_REPORT_INTERVAL_MS } from '@ekran/core';
import { trackReport } from './pending-reports.ts';

/** What the player reports progress for, and where (lib/personal-lists.server.ts progressReportUrl). */
export interface ProgressReporting {
  url: string;
  uid: string;
  episodeId: string | null;
}

/** Options of the reporter. */
export interface ProgressReporterOptions {
  /**
   * From this position on the watch counts as complete (the end credits, or where the next-episode
   * countdown starts): reports carry the full duration, so a title watched into its credits leaves continue
   * watching. Null: only the API's own ≥95% rule.
   */
  finishedFrom?: () => number | null;
}

/**
 * Reports where the viewer is: every ~15 s while playing, on pause, at the end, and when the
 * page goes away (pagehide, a hidden tab: navigator.sendBeacon, which survives the page; else a keepalive
 * fetch). Each report carries the time it was taken, so the API keeps the newest when they arrive out of
 * order. Failures are ignored: the next report carries the position again. Returns the detach function,
 * which reports once more (closing the player).
 */
export function attachProgressReporter(
  video: HTMLVideoElement,
  reporting: ProgressReporting,
  intervalMs = PROGRESS_REPORT_INTERVAL_MS,
  options: ProgressReporterOptions = {},
): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let lastPosition = -1;

  const position = () => {
    const at = Math.min(video.currentTime, video.duration);
    const finishedFrom = options.finishedFrom?.() ?? null;
    return finishedFrom !== null && at >= finishedFrom ? video.duration : at;
  };
  const payload = () =>
    JSON.stringify({
      uid: reporting.uid,
      ...(reporting.episodeId ? { episode_id: reporting.episodeId } : {}),
      position: position(),
      duration: video.duration,
      reported_at: new Date().toISOString(),
    });

  // 'page': the page goes away (a beacon outlives it); 'closing': the player closes on a page that stays, which
  // waits for this answer before loading its data again (pending-reports.ts).
  const report = (leaving: false | 'page' | 'closing' = false) => {
    // Nothing known yet (no metadata, a live stream) or nothing watched: nothing to say.
    if (!Number.isFinite(video.duration) || video.duration <= 0 || !(video.currentTime > 0)) return;
    // Paused and reported already: the same position again tells nothing.
    if (!leaving && Math.abs(video.currentTime - lastPosition) < 0.5) return;
    lastPosition = video.currentTime;
    const body = payload();
    if (leaving === 'page' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(reporting.url, new Blob([body], { type: 'application/json' }))) return;
    const request = fetch(reporting.url, { method: 'PUT', body, headers: { 'content-type': 'application/json' }, credentials: 'same-origin', keepalive: true });
    trackReport(request);
    void request.catch(() => undefined);
  };

  const stopTimer = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const onPlaying = () => {
    stopTimer();
    timer = setInterval(() => report(), intervalMs);
  };
  const onPause = () => {
    stopTimer();
    report();
  };
  const onLeave = () => report('page');
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onLeave();
  };

  video.addEventListener('playing', onPlaying);
  video.addEventListener('pause', onPause);
  video.addEventListener('ended', onPause);
  window.addEventListener('pagehide', onLeave);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    stopTimer();
    video.removeEventListener('playing', onPlaying);
    video.removeEventListener('pause', onPause);
    video.removeEventListener('ended', onPause);
    window.removeEventListener('pagehide', onLeave);
    document.removeEventListener('visibilitychange', onVisibility);
    report('closing');
  };
}
