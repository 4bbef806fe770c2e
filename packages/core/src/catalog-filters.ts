// Catalogue filters, sort options and genre chips: spec catalogue §3 (Filter group, Sort option), §4
// (Catalogue filter, Sorting) and §9 (filter columns of 10, genre chips showing 3, 2 or 1 names).

import { DEFAULT_CATALOG_SORT, FILTER_ALL_OPTION, FILTER_COLUMN_SIZE } from './constants.ts';

/** The filter groups of a category page, in the order of its path /{category}/{genre}/{year}/{country} (catalogue §2). */
export const CATALOG_FILTER_KINDS = ['genre', 'year', 'country'] as const;
/** A filter group alias of the category pages. */
export type CatalogFilterKind = (typeof CATALOG_FILTER_KINDS)[number];

/** A catalogue filter item: alias, title and the number of titles it would show (catalogue §3). */
export interface FilterItem {
  alias: string;
  title: string;
  total: number;
}

/** A filter item as a list shows it: disabled items cannot be chosen. */
export interface ArrangedFilterItem extends FilterItem {
  disabled: boolean;
}

/** Whether an alias is the all-option «Все» of a filter (catalogue §3). */
export function isAllOption(alias: string | null | undefined): boolean {
  return alias === FILTER_ALL_OPTION.alias;
}

// spec catalogue §4: "Items with total 0 are listed last and are disabled unless a filter is already
// selected." The order among the items with titles (and among the empty ones) is kept.
/** Items with total 0 moved last (order otherwise kept) and disabled unless some filter is selected (catalogue §4). */
export function arrangeFilterItems(items: readonly FilterItem[], anyFilterSelected: boolean): ArrangedFilterItem[] {
  const withTitles = items.filter((item) => item.total > 0).map((item) => ({ ...item, disabled: false }));
  const empty = items.filter((item) => item.total <= 0).map((item) => ({ ...item, disabled: !anyFilterSelected }));
  return [...withTitles, ...empty];
}

// spec catalogue §9: "Filter lists split into columns of 10."
/** A list cut into columns of `size` items, filled top to bottom (catalogue §9: columns of 10). */
export function filterColumns<T>(items: readonly T[], size: number = FILTER_COLUMN_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`column size must be a positive integer, got ${size}`);
  const columns: T[][] = [];
  for (let i = 0; i < items.length; i += size) columns.push(items.slice(i, i + size));
  return columns;
}

/** A sort option: alias (a leading minus means descending) and its title (catalogue §3). */
export interface SortOption {
  alias: string;
  title: string;
}

// spec catalogue §3, §4: the sorts the catalogue offers. The spec gives the default (-popularity) and the
// two experiment sorts ({product} release date and {product} rating, both descending); the year and title
// sorts and every title are our wording.
/** The catalogue's sort options in the order the sort control lists them, with Russian and English titles. */
export const CATALOG_SORT_OPTIONS = [
  { alias: DEFAULT_CATALOG_SORT, title: { ru: 'По популярности', en: 'Most popular' } },
  { alias: '-ekran_release_date', title: { ru: 'Недавно на Экране', en: 'Recently added' } },
  { alias: '-rating_ekran', title: { ru: 'По рейтингу Экрана', en: 'Top rated' } },
  { alias: '-year', title: { ru: 'Сначала новые', en: 'Newest first' } },
  { alias: 'year', title: { ru: 'Сначала старые', en: 'Oldest first' } },
  { alias: 'title', title: { ru: 'По названию', en: 'By title' } },
] as const satisfies readonly { alias: string; title: { ru: string; en: string } }[];

/** A sort alias the catalogue offers. */
export type CatalogSortAlias = (typeof CATALOG_SORT_OPTIONS)[number]['alias'];

/** Whether a string is one of the catalogue's sort aliases (anything else in ?sort= is ignored). */
export function isCatalogSort(alias: string | null | undefined): alias is CatalogSortAlias {
  return CATALOG_SORT_OPTIONS.some((option) => option.alias === alias);
}

/** The sort options with titles in a locale (catalogue §3 Sort option: alias and title). */
export function sortOptions(locale: 'ru' | 'en' = 'ru'): SortOption[] {
  return CATALOG_SORT_OPTIONS.map((option) => ({ alias: option.alias, title: option.title[locale] }));
}

// spec catalogue §9: "Genre chips show 3, 2 or 1 names depending on layout." The layout a card gets is
// its width (the grids of §9 and the rows give cards between ~130 and ~260 px); the widths at which a
// card has room for a second and a third chip are our measure of three short Russian genre names.
/** Card widths (px, from) at which a card shows 2 and 3 genre chips; narrower cards show 1 (catalogue §9). */
export const GENRE_CHIP_WIDTHS = [
  { minWidth: 0, chips: 1 },
  { minWidth: 170, chips: 2 },
  { minWidth: 230, chips: 3 },
] as const;

/** Most genre names a card shows (catalogue §9). */
export const GENRE_CHIPS_MAX = 3;

/** How many genre chips a card of this width shows: 1, 2 or 3 (catalogue §9). */
export function genreChipCount(cardWidth: number): 1 | 2 | 3 {
  let chips: 1 | 2 | 3 = 1;
  for (const step of GENRE_CHIP_WIDTHS) if (cardWidth >= step.minWidth) chips = step.chips;
  return chips;
}
