import { countLookup } from './cache-stats.ts';

/**
 * A small in-process cache with a time to live and a size bound, for public data that is the same for
 * every visitor (the catalogue). Concurrent misses for one key share one load. A named cache counts its hits
 * and misses for the metrics (lib/cache-stats.ts).
 */
export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number; now?: () => number; name?: string }) {
  const now = options.now ?? Date.now;
  const { name } = options;
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      const fresh = hit !== undefined && now() - hit.at < options.ttlMs;
      if (name) countLookup(name, fresh);
      if (fresh) return hit.value;
      const value = load();
      entries.delete(key);
      entries.set(key, { at: now(), value });
      // A failed load is not cached.
      value.catch(() => entries.get(key)?.value === value && entries.delete(key));
      while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
    delete: (key: string) => void entries.delete(key),
    clear: () => entries.clear(),
  };
}
