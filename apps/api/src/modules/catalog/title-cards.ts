import type { TitleCard } from '@ekran/contracts';
import { groupGenres, toTitleCard } from './catalog.mapper.ts';
import type { CatalogRepo } from './catalog.repo.ts';
import type { TitleRow } from './catalog.types.ts';

/** Title rows as cards, with their genres and season counts: the one card mapper of the catalogue's services. */
export function createCardMaker(repo: Pick<CatalogRepo, 'genresOf' | 'seasonCounts'>) {
  return async function toCards(rows: TitleRow[]): Promise<TitleCard[]> {
    const ids = rows.map((r) => r.id);
    const [genreRows, seasonCounts] = await Promise.all([repo.genresOf(ids), repo.seasonCounts(ids)]);
    const byTitle = groupGenres(genreRows);
    return rows.map((r) => toTitleCard(r, byTitle.get(r.id) ?? [], seasonCounts.get(r.id) ?? 0));
  };
}
