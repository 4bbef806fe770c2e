import type { TitleCard } from '@ekran/contracts';
import type { Db } from '@ekran/db';
import { createCatalogRepo } from './catalog.repo.ts';
import type { TitleRow } from './catalog.types.ts';
import { createCardMaker } from './title-cards.ts';

/**
 * The catalogue's titles as other modules read them: one visible title by its reference, and title rows as the
 * catalogue's cards (the collections, selections, people, landings, search and personal lists show them).
 */
export function createCatalogTitlesService(db: Db) {
  const repo = createCatalogRepo(db);
  const cards = createCardMaker(repo);
  return {
    /** A visible title by alias or id (an alias wins over an id), or null. */
    titleByRef(ref: string): Promise<TitleRow | null> {
      return repo.titleByRef(ref);
    },

    /** Title rows as cards, in their order, with their genres and season counts. */
    toCards(rows: TitleRow[]): Promise<TitleCard[]> {
      return cards(rows);
    },
  };
}
export type CatalogTitlesService = ReturnType<typeof createCatalogTitlesService>;
