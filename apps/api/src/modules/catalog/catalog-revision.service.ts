import type { Db } from '@ekran/db';
import { createCatalogRepo } from './catalog.repo.ts';

/**
 * The catalogue's revision, which the database's triggers bump on every write to a table pages show
 * (docs/decisions/044-shared-page-cache.md). Every web process polls it, so one read serves them all for up to
 * `ttlMs`; concurrent callers share one read, and a failed read is not kept.
 */
export function createCatalogRevisionService(db: Db, options: { ttlMs: number; now?: () => number }) {
  const repo = createCatalogRepo(db);
  const now = options.now ?? Date.now;
  let kept: { at: number; value: Promise<number> } | null = null;
  return {
    current(): Promise<number> {
      if (kept && now() - kept.at < options.ttlMs) return kept.value;
      const value = repo.revision();
      const entry = { at: now(), value };
      kept = entry;
      value.catch(() => {
        if (kept === entry) kept = null;
      });
      return value;
    },
  };
}
