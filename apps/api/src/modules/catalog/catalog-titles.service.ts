import type { Db } from '@ekran/db';
import { createCatalogRepo } from './catalog.repo.ts';
import type { TitleRow } from './catalog.types.ts';

/** The catalogue's titles as other modules read them: one visible title by its reference. */
export function createCatalogTitlesService(db: Db) {
  const repo = createCatalogRepo(db);
  return {
    /** A visible title by alias or id (an alias wins over an id), or null. */
    titleByRef(ref: string): Promise<TitleRow | null> {
      return repo.titleByRef(ref);
    },
  };
}
export type CatalogTitlesService = ReturnType<typeof createCatalogTitlesService>;
