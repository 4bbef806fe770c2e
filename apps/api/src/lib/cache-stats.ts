/**
 * Hits and misses of the named in-process caches (lib/ttl-cache.ts), for the metrics endpoint. One count per process:
 * the caches of every app in it add up, as Prometheus counters of one process should.
 */
const counts = new Map<string, { hit: number; miss: number }>();

/** Counts one lookup of the cache `name`. */
export function countLookup(name: string, hit: boolean): void {
  let entry = counts.get(name);
  if (!entry) {
    entry = { hit: 0, miss: 0 };
    counts.set(name, entry);
  }
  if (hit) entry.hit += 1;
  else entry.miss += 1;
}

/** Every named cache's lookups so far. */
export function cacheLookups(): Array<{ cache: string; hit: number; miss: number }> {
  return [...counts].map(([cache, { hit, miss }]) => ({ cache, hit, miss }));
}
