import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { nextRefreshIn } from './tv-format.ts';

/** How often the pages' clock moves the progress bars and the «В эфире» mark. */
const TICK_MS = 30_000;
/** A failed refresh is asked again after this long. */
const RETRY_MS = 60_000;

/**
 * The API's clock as a TV page goes on (progress bars, the programme on air): `serverTime` at first, so the server's
 * HTML and the first render in the browser agree, then moved on by the time the browser has counted since.
 */
export function useServerClock(serverTime: string, tickMs = TICK_MS): number {
  const base = Date.parse(serverTime);
  const [tick, setTick] = useState({ base, elapsed: 0 });
  useEffect(() => {
    const since = Date.now();
    const timer = setInterval(() => setTick({ base, elapsed: Date.now() - since }), tickMs);
    return () => clearInterval(timer);
  }, [base, tickMs]);
  // New data (another answer) starts from its own server time.
  return tick.base === base ? base + tick.elapsed : base;
}

interface Refreshed<T> {
  value: T;
  retry: number;
  /** The page's data this state started from: new data (another day, a revalidation) starts over. */
  source: T;
}

/**
 * A TV page's data kept current ("the programme on air moves on when it ends"): asked again from
 * `url` (a resource route answering the same shape) a moment after `until(value)` (the API's clock, see
 * tv-format.ts nextRefreshIn), and then after the new answer's; a failed answer is asked again a minute later. No
 * `url`: the page's data as it is (a past day changes no more).
 */
export function useRefreshed<T extends { server_time: string }>(initial: T, url: string | null, schema: z.ZodType<T>, until: (value: T) => number | null): T {
  const [state, setState] = useState<Refreshed<T>>({ value: initial, retry: 0, source: initial });
  let current = state;
  if (state.source !== initial) {
    current = { value: initial, retry: 0, source: initial };
    setState(current);
  }
  // When this page got what it shows, on its own clock (its server_time is the API's at that moment).
  const received = useRef<{ value: T; at: number } | null>(null);
  const untilMs = url ? until(current.value) : null;
  useEffect(() => {
    if (!url) return;
    if (received.current?.value !== current.value) received.current = { value: current.value, at: Date.now() };
    let cancelled = false;
    const wait = current.retry > 0 ? RETRY_MS : nextRefreshIn(untilMs, Date.parse(current.value.server_time), received.current.at, Date.now());
    const refresh = async () => {
      const res = await fetch(url, { headers: { accept: 'application/json' } }).catch(() => null);
      const answer = schema.safeParse(res?.ok ? await res.json().catch(() => null) : null);
      if (cancelled) return;
      setState((s) => (answer.success ? { ...s, value: answer.data, retry: 0 } : { ...s, retry: s.retry + 1 }));
    };
    const timer = setTimeout(() => void refresh(), wait);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [url, schema, untilMs, current]);
  return current.value;
}
