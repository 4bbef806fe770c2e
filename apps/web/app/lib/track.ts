import type { ClickEvent } from './analytics.ts';

/**
 * Reports a click (spec platform §7 click events) through lib/analytics.ts, loaded on the first click rather
 * than in the shared bundle (browser-only code is loaded where it is used). A failure only loses the event.
 */
export function track(event: ClickEvent): void {
  if (typeof window === 'undefined') return;
  void import('./analytics.ts').then((m) => m.trackClick(event)).catch(() => undefined);
}
