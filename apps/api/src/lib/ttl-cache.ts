/**
 * A small in-process cache with a time to live and a size bound, for public data that is the same for
 * every visitor (the catalogue). Concurrent misses for one key share one load.
 */
export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    async get(key: string, load: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
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
