import type { TitleCard } from '@ekran/contracts';
import type { Db } from '@ekran/db';
import { groupGenres, toTitleCard } from './catalog.mapper.ts';
import { createCatalogRepo } from './catalog.repo.ts';
import type { TitleRow } from './catalog.types.ts';

/** Title rows as cards, with their genres and season counts (the catalogue's card mapper, for the modules that list titles). */
export function createCardMaker(db: Db) {
  const catalog = createCatalogRepo(db);
  return async function toCards(rows: TitleRow[]): Promise<TitleCard[]> {
    const ids = rows.map((r) => r.id);
    const [genreRows, seasonCounts] = await Promise.all([catalog.genresOf(ids), catalog.seasonCounts(ids)]);
    const byTitle = groupGenres(genreRows);
    return rows.map((r) => toTitleCard(r, byTitle.get(r.id) ?? [], seasonCounts.get(r.id) ?? 0));
  };
}
