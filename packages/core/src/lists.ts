// Personal lists of a profile: favorites, history, continue watching and ratings (spec platform §1, §3, §4
// "Lists", §7, §8).

import { nextSkip } from './paging.ts';

/** A watch counts as finished from this share of the duration on ("finished at ≥95%"). */
export const WATCH_FINISHED_SHARE = 0.95;
/** Below this position there is nothing to continue: the title starts over (it is still in the history). */
export const RESUME_MIN_SECONDS = 10;
/** The player reports progress this often while playing (every ~15 s). */
export const PROGRESS_REPORT_INTERVAL_MS = 15_000;
/** Personal ratings run from 1 to 10 (spec platform §9: best aggregate rating 10). */
export const PERSONAL_RATING_MIN = 1;
/** The best personal rating (spec platform §9). */
export const PERSONAL_RATING_MAX = 10;
/** Cards per page of a personal list (spec platform §9: 20 cards by default). */
export const PERSONAL_LIST_PAGE_SIZE = 20;

/** Whether a position within a duration (seconds) is a finished watch: at least 95%. */
export function isWatchFinished(position: number, duration: number): boolean {
  if (!(duration > 0)) return false;
  return position >= duration * WATCH_FINISHED_SHARE;
}

/** How much was watched, in whole percent 0…100 (100 only at the very end). */
export function watchedPercent(position: number, duration: number): number {
  if (!(duration > 0) || !(position > 0)) return 0;
  if (position >= duration) return 100;
  return Math.min(99, Math.floor((position / duration) * 100));
}

/** Whether a saved position is worth resuming from: past the first seconds and not finished. */
export function canResume(position: number, duration: number): boolean {
  return position >= RESUME_MIN_SECONDS && !isWatchFinished(position, duration);
}

/** A player position as the clock a viewer reads: 12:34, or 1:02:03 from an hour on. */
export function formatPlayerTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Whether a value is a personal rating: an integer from 1 to 10. */
export function isPersonalRating(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= PERSONAL_RATING_MIN && value <= PERSONAL_RATING_MAX;
}

// spec platform §3: "Each list has a loading status idle, loading, loaded or error."
/** The loading status of a list (spec platform §3). */
export type ListStatus = 'idle' | 'loading' | 'loaded' | 'error';

/** A list in the client state: its items, the paging of spec platform §4 and its status. */
export interface ListState<T> {
  status: ListStatus;
  items: T[];
  /** How many items are loaded (the skip of the next page). */
  skip: number;
  itemsTotal: number;
  /** Set in the error status (spec platform §8: "Favorites or continue-watching failure: error stored in state"). */
  error: string | null;
}

/** What happens to a list. */
export type ListEvent<T> =
  | { type: 'load' }
  | { type: 'loaded'; items: T[]; itemsTotal: number; pageSize: number; append: boolean }
  | { type: 'failed'; error: string }
  | { type: 'removed'; match: (item: T) => boolean }
  | { type: 'reset' };

/** A list nothing has been asked of yet. */
export function idleList<T>(): ListState<T> {
  return { status: 'idle', items: [], skip: 0, itemsTotal: 0, error: null };
}

// spec platform §4 Lists: "Loading goes idle, loading, loaded, error. Lists append pages; skip advances by
// page size, capped at items_total."
/** The next state of a list (spec platform §4 Lists). */
export function listReducer<T>(state: ListState<T>, event: ListEvent<T>): ListState<T> {
  switch (event.type) {
    case 'load':
      return { ...state, status: 'loading', error: null };
    case 'loaded': {
      const items = event.append ? [...state.items, ...event.items] : event.items;
      const from = event.append ? state.skip : 0;
      return { status: 'loaded', items, skip: nextSkip(from, event.pageSize, event.itemsTotal), itemsTotal: event.itemsTotal, error: null };
    }
    case 'failed':
      return { ...state, status: 'error', error: event.error };
    case 'removed': {
      const items = state.items.filter((item) => !event.match(item));
      const gone = state.items.length - items.length;
      return { ...state, items, skip: Math.max(0, state.skip - gone), itemsTotal: Math.max(0, state.itemsTotal - gone) };
    }
    case 'reset':
      return idleList<T>();
  }
}
