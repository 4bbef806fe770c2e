import { countLookup } from './cache-stats.ts';

/** The revision of the data a cache holds (the catalogue's, decision 044): an entry of another revision is stale. */
export type CacheRevision = () => Promise<number>;

/**
 * A small in-process cache with a time to live and a size bound, for public data that is the same for
 * every visitor (the catalogue). Concurrent misses for one key share one load. A named cache counts its hits
 * and misses for the metrics (lib/cache-stats.ts). With `revision`, an entry loaded under another revision is
 * a miss, so every process sees a change of the data as soon as the revision does, not a TTL later; a revision
 * that cannot be read leaves the cache to its TTL. A TTL of 0 turns it off: every get loads, nothing is kept or counted.
 */
export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number; now?: () => number; name?: string; revision?: CacheRevision | undefined }) {
  const now = options.now ?? Date.now;
  const { name, revision } = options;
  const entries = new Map<string, { at: number; revision: number | null; value: Promise<V> }>();
  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      if (options.ttlMs <= 0) return load();
      const current = revision ? await revision().catch(() => null) : null;
      const hit = entries.get(key);
      const fresh = hit !== undefined && now() - hit.at < options.ttlMs && (current === null || hit.revision === current);
      if (name) countLookup(name, fresh);
      if (fresh) return hit.value;
      // Adopted once: a Drizzle query is a thenable that runs again each time it is awaited, and must not be kept as one.
      const value = Promise.resolve(load());
      entries.delete(key);
      entries.set(key, { at: now(), revision: current, value });
      // A failed load is not cached.
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    delete: (key: string) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}
