import { buildHeaderMenu, type MenuItem } from '@ekran/core';
import type { CatalogResponse } from '@ekran/contracts';
import type { TFunction } from 'i18next';
import type { Api } from './api.server.ts';

const TTL_MS = 60_000;
let cache: { at: number; adult: CatalogResponse; kids: CatalogResponse } | null = null;

/**
 * The header menu (spec platform §2): the catalogue is the same for every visitor, so it is fetched once a
 * minute, not per request. A failed catalogue call leaves the menu without genres (platform §8).
 */
export async function buildMenu(api: Api, input: { countryCode: string; isChild: boolean; archiveVariant?: boolean; t: TFunction }): Promise<MenuItem[]> {
  let menu = cache;
  if (!menu || Date.now() - menu.at > TTL_MS) {
    try {
      const [adult, kids] = await Promise.all([api.catalog(false), api.catalog(true)]);
      menu = { at: Date.now(), adult, kids };
    } catch {
      menu = null;
    }
    // A child profile's session gets the kids catalogue (within its age cap) whatever it asks for: its
    // answer is its own and never becomes the menu of other visitors.
    if (!input.isChild) cache = menu;
  }
  const t = input.t;
  return buildHeaderMenu({
    catalog: menu?.adult.items ?? [],
    kidsCatalog: menu?.kids.items ?? [],
    countryCode: input.countryCode,
    isChild: input.isChild,
    titles: {
      // «Записи с ТВ» in the New_text_and_button_for_catchup variant (catalogue §1).
      archive: t(input.archiveVariant ? 'menu.archiveVariant' : 'menu.archive'),
      movies: t('menu.movies'),
      series: t('menu.series'),
      animation: t('menu.animation'),
      new: t('menu.new'),
      journal: t('menu.journal'),
      tv: t('menu.tv'),
      kidsTv: t('menu.kidsTv'),
    },
  });
}
