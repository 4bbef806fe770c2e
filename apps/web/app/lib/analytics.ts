// Browser-side analytics events (spec platform §3 Analytics event, §7 click events). Events are queued and
// sent in one batch with navigator.sendBeacon (a fetch with keepalive where sendBeacon is missing), so a
// click that navigates away is still recorded. The API stores them (POST /api/v1/events).

import { EVENTS_PATH } from '@ekran/contracts';

/** A click event (spec platform §7): action_id, block_type, element_type and what was clicked. */
export interface ClickEvent {
  block_type: string;
  element_type: string;
  element_id?: string;
  element_text?: string;
  product_id?: string;
  ab_tag?: string;
}

/** Any event the site reports; action_id names it (click, banner_view, collection_view, …). */
export interface AnalyticsEvent {
  action_id: string;
  action_result?: string;
  action_attributes_str?: string;
  block_type?: string;
  element_type?: string;
  element_id?: string;
  element_text?: string;
  product_id?: string;
  ab_tag?: string;
}

const ENDPOINT = EVENTS_PATH;
const FLUSH_MS = 1000;
let queue: (AnalyticsEvent & { event_time: number; sequence_number: number })[] = [];
let sequence = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

function flush() {
  timer = null;
  if (queue.length === 0 || typeof navigator === 'undefined') return;
  const body = JSON.stringify({ events: queue });
  queue = [];
  const blob = new Blob([body], { type: 'application/json' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ENDPOINT, blob)) return;
  void fetch(ENDPOINT, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true, credentials: 'include' }).catch(
    () => undefined, // spec platform §8: a tracking failure is only a warning; the page goes on
  );
}

/** Queues an event; a batch leaves within a second, or at once when the page is hidden. */
export function trackEvent(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  queue.push({ ...event, event_time: Math.floor(Date.now() / 1000), sequence_number: ++sequence });
  if (document.visibilityState === 'hidden') return flush();
  timer ??= setTimeout(flush, FLUSH_MS);
}

/** A click (spec platform §7 click events: action_id click, block_type, element_type, …). */
export function trackClick(event: ClickEvent): void {
  trackEvent({ action_id: 'click', ...event });
}

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}
