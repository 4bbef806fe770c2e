// When a viewer has "looked around" enough for a marketing popup (decision 038): not on the first visit, nor in the
// visit in which they signed up or signed in. A visit is a run of page views less than 30 minutes apart (spec
// platform §9: the session timeout, 30 minutes). This browser keeps the count in localStorage: nothing for the
// server to store, and a browser that keeps nothing (storage off) never gets a marketing popup.

/** The localStorage key of this browser's visit record. */
export const VISIT_STORAGE_KEY = 'ekran_visit';
/** A page view this long after the previous one starts a new visit (platform §9 session timeout: 1,800,000 ms). */
export const VISIT_GAP_MS = 30 * 60_000;
/** The first visit a marketing popup may open in. */
export const MARKETING_FROM_VISIT = 2;

/** This browser's visits: how many, and the current one (when it started, its last page view, who started it). */
export interface VisitRecord {
  /** The number of the current visit (1: the first). */
  n: number;
  start: number;
  last: number;
  /** The visitor was an anonymous (virtual) one when the visit began: a registered viewer now signed up or in since. */
  virtualAtStart: boolean;
}

/** The record after a page view at `now` (pure). */
export function nextVisit(prev: VisitRecord | null, now: number, virtual: boolean): VisitRecord {
  if (!prev || !(now - prev.last < VISIT_GAP_MS)) return { n: (prev?.n ?? 0) + 1, start: now, last: now, virtualAtStart: virtual };
  return { ...prev, last: now };
}

/** Whether a marketing popup may open in this visit (pure): from the second visit, and not in one that signed up or in. */
export function hasLookedAround(visit: VisitRecord | null, virtualNow: boolean): boolean {
  if (!visit || visit.n < MARKETING_FROM_VISIT) return false;
  return !(visit.virtualAtStart && !virtualNow);
}

function read(storage: Storage): VisitRecord | null {
  try {
    const value = JSON.parse(storage.getItem(VISIT_STORAGE_KEY) ?? 'null') as Partial<VisitRecord> | null;
    if (!value || typeof value.n !== 'number' || typeof value.last !== 'number' || typeof value.start !== 'number') return null;
    return { n: value.n, start: value.start, last: value.last, virtualAtStart: value.virtualAtStart === true };
  } catch {
    return null;
  }
}

/** Counts a page view of this browser and answers the visit it belongs to; null when the browser keeps nothing. */
export function recordPageView(virtual: boolean, now = Date.now()): VisitRecord | null {
  try {
    const storage = window.localStorage;
    const visit = nextVisit(read(storage), now, virtual);
    storage.setItem(VISIT_STORAGE_KEY, JSON.stringify(visit));
    return visit;
  } catch {
    return null;
  }
}
