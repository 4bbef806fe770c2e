import { LRUCache } from 'lru-cache';
import { mkdir, readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Rendered images on disk, at most maxBytes: the least recently used go first. The index lives in memory and is
 * rebuilt from the folder at start (oldest access first), so a restart keeps the cache and its order.
 */
export interface ImageCache {
  /** The cached bytes, or null; a hit counts as a use. */
  get(key: string): Promise<Buffer | null>;
  /** Stores bytes under a key (atomically: a reader never sees half a file) and evicts what no longer fits. */
  put(key: string, body: Buffer): Promise<void>;
  /** Bytes held now (for tests and logs). */
  readonly size: number;
}

const KEY = /^[0-9a-f]{40}$/;

export async function openImageCache(dir: string, maxBytes: number): Promise<ImageCache> {
  await mkdir(dir, { recursive: true });
  const fileOf = (key: string) => path.join(dir, key);
  const index = new LRUCache<string, number>({
    maxSize: maxBytes,
    sizeCalculation: (bytes) => Math.max(1, bytes),
    // Evicted or replaced: the file goes too (a replaced entry is the same file, rewritten; keep it).
    dispose: (_bytes, key, reason) => {
      if (reason === 'evict' || reason === 'delete') void unlink(fileOf(key)).catch(() => undefined);
    },
  });

  const found: { key: string; bytes: number; used: number }[] = [];
  for (const name of await readdir(dir)) {
    const file = fileOf(name);
    if (!KEY.test(name)) {
      // A half-written file of a stopped process.
      if (name.endsWith('.tmp')) await unlink(file).catch(() => undefined);
      continue;
    }
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) found.push({ key: name, bytes: info.size, used: Math.max(info.atimeMs, info.mtimeMs) });
  }
  for (const f of found.sort((a, b) => a.used - b.used)) index.set(f.key, f.bytes);

  return {
    async get(key) {
      if (!KEY.test(key)) return null;
      try {
        const body = await readFile(fileOf(key));
        // Bumps recency; a file another process wrote into a shared folder joins the index.
        index.set(key, body.length, { noDisposeOnSet: true });
        return body;
      } catch {
        if (index.has(key)) index.delete(key);
        return null;
      }
    },
    async put(key, body) {
      if (!KEY.test(key)) throw new Error(`not an image cache key: ${key}`);
      const file = fileOf(key);
      const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(tmp, body);
      await rename(tmp, file);
      index.set(key, body.length, { noDisposeOnSet: true });
      // Larger than the whole cache: lru-cache does not keep it, so neither does the disk.
      if (!index.has(key)) await unlink(file).catch(() => undefined);
    },
    get size() {
      return index.calculatedSize;
    },
  };
}
