import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openImageCache } from './image-cache.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ekran-image-cache-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const key = (n: number) => n.toString(16).padStart(40, '0');
const settle = () => new Promise((r) => setTimeout(r, 20)); // evicted files are unlinked in the background

describe('openImageCache (least recently used, bounded on disk)', () => {
  it('drops the least recently used image when a new one does not fit', async () => {
    const dir = freshDir();
    const cache = await openImageCache(dir, 300);
    await cache.put(key(1), Buffer.alloc(100));
    await cache.put(key(2), Buffer.alloc(100));
    await cache.put(key(3), Buffer.alloc(100));
    expect(await cache.get(key(1))).not.toBeNull(); // 1 is now the most recent; 2 the least
    await cache.put(key(4), Buffer.alloc(100));
    await settle();
    expect(readdirSync(dir).sort()).toEqual([key(1), key(3), key(4)]);
    expect(await cache.get(key(2))).toBeNull();
    expect(cache.size).toBe(300);
  });

  it('does not keep an image larger than the whole cache', async () => {
    const dir = freshDir();
    const cache = await openImageCache(dir, 100);
    await cache.put(key(1), Buffer.alloc(500));
    expect(readdirSync(dir)).toEqual([]);
    expect(await cache.get(key(1))).toBeNull();
  });

  it('rebuilds its index from the folder at start, oldest first, trimming to the cap and removing half-written files', async () => {
    const dir = freshDir();
    for (const n of [1, 2, 3]) {
      writeFileSync(path.join(dir, key(n)), Buffer.alloc(100));
      utimesSync(path.join(dir, key(n)), 1000 + n, 1000 + n);
    }
    writeFileSync(path.join(dir, `${key(9)}.123.tmp`), 'half');
    const cache = await openImageCache(dir, 200);
    await settle();
    expect(readdirSync(dir).sort()).toEqual([key(2), key(3)]);
    expect(cache.size).toBe(200);
  });

  it('ignores names that are not its keys', async () => {
    const cache = await openImageCache(freshDir(), 100);
    expect(await cache.get('../etc/passwd')).toBeNull();
    await expect(cache.put('../x', Buffer.alloc(1))).rejects.toThrow(/not an image cache key/);
  });
});
