// Promos are capped per browser: a viewer sees one at most every PREROLL_GAP_MS, so going on to the next
// episode, resuming after a reload or opening the next film soon after do not start with a promo again; and a
// viewing shows one promo at most, before or after the item (player slots; the server says which promos exist,
// the browser how often it has just seen one).

import { MINUTE_MS } from '@ekran/core';

const KEY = 'ekran.promo.v1';
/** The shortest time between two prerolls in one browser. */
export const PREROLL_GAP_MS = 30 * MINUTE_MS;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Whether a preroll may play now: none was shown within the gap (an unreadable or future mark counts as none). */
export function prerollsDue(now: number = Date.now()): boolean {
  let at = NaN;
  try {
    const raw = storage()?.getItem(KEY);
    if (raw) at = Number((JSON.parse(raw) as { at?: unknown } | null)?.at ?? NaN);
  } catch {
    at = NaN;
  }
  if (!Number.isFinite(at) || at > now) return true;
  return now - at >= PREROLL_GAP_MS;
}

/**
 * Whether a postroll may play after the item: only when this viewing showed no promo yet (a preroll, or the
 * same promo again at the end, would be two) and none played in the gap, as for prerolls.
 */
export function postrollsDue(promoShownThisViewing: boolean, now: number = Date.now()): boolean {
  return !promoShownThisViewing && prerollsDue(now);
}

/** Remembers that a promo (preroll or postroll) started now. */
export function markPrerollShown(now: number = Date.now()): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ at: now }));
  } catch {
    // Private mode or a full storage: the cap just does not hold.
  }
}
