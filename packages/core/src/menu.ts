// Header menu and tab bar: spec platform §2 (rules of the shell) and catalogue §2, §6.

/** A catalogue genre as listed in the menu catalog. */
export interface Genre {
  alias: string;
  title: string;
}

/** One entry of the menu catalog response (catalogue §3). */
export interface CatalogEntry {
  category: 'movie' | 'series';
  genres: readonly Genre[];
}

/** Header menu item keys in menu order (platform §2). */
export const HEADER_MENU_KEYS = ['archive', 'movies', 'series', 'animation', 'new', 'journal', 'tv'] as const;

/** A header menu item key. */
export type MenuKey = (typeof HEADER_MENU_KEYS)[number];

/** A header menu item (catalogue §2: url, title, dataTestId, optional genres, child and link flags). */
export interface MenuItem {
  key: MenuKey;
  url: string;
  title: string;
  dataTestId: string;
  data?: { genres: Genre[] };
  child?: boolean;
  link?: boolean;
}

/** Menu labels by key, plus kidsTv for the TV item of a child profile; the web passes its translations. */
export type MenuTitles = Readonly<Record<MenuKey, string>> & { readonly kidsTv: string };

/** URL of each header menu item (platform §2). */
export const MENU_URLS: Readonly<Record<MenuKey, string>> = {
  archive: '/archive',
  movies: '/movies',
  series: '/series',
  animation: '/animation',
  new: '/new',
  journal: '/journal',
  tv: '/channel',
};

/** Label of the TV item in a child profile (catalogue §2). */
export const KIDS_TV_TITLE = 'Детское ТВ';

/** Audience deciding the menu and tab bar (catalogue §1, §2). */
export type Audience = 'Adult_Ru' | 'Adult_NonRu' | 'Child';

// spec catalogue §1: "The audience is decided by the child-profile flag and by
// current_country_code equal to RU." The comparison is exact, as the API sends 'RU'.
/** Audience of a visitor: a child profile, else adult in or outside RU (catalogue §1). */
export function audienceOf({ isChild, countryCode }: { isChild: boolean; countryCode: string | null | undefined }): Audience {
  if (isChild) return 'Child';
  return countryCode === 'RU' ? 'Adult_Ru' : 'Adult_NonRu';
}

/** Genres of the lists concatenated, de-duplicated by alias: the first occurrence wins and order is kept (platform §2). */
export function mergeGenresByAlias(...lists: readonly (readonly Genre[])[]): Genre[] {
  const byAlias = new Map<string, Genre>();
  for (const genre of lists.flat()) {
    if (!byAlias.has(genre.alias)) byAlias.set(genre.alias, genre);
  }
  return [...byAlias.values()];
}

function genresOf(catalog: readonly CatalogEntry[], category: CatalogEntry['category']): readonly Genre[] {
  return catalog.find((entry) => entry.category === category)?.genres ?? [];
}

// spec platform §2: "Header menu order: archive, movies, series, animation, new, journal, TV.
// Items: Кино на ТВ (/archive), Films (/movies, with genres), Series (/series, genres), Cartoons
// (/animation, merged genres of kids series and kids movies de-duplicated by alias), New (/new),
// Journal (/journal), TV (/channel). The archive item is dropped unless the visitor's country code
// is RU." catalogue §6 also drops it for a child profile, whose TV item is "Детское ТВ".
// The flags are our reading of catalogue §2: child marks the item whose genres come from the kids
// catalog, link marks a plain link without a genre dropdown.
/** Desktop header menu in spec order, archive only for an adult in RU (platform §2, catalogue §2, §6). */
export function buildHeaderMenu(input: {
  catalog: readonly CatalogEntry[];
  kidsCatalog: readonly CatalogEntry[];
  countryCode: string | null | undefined;
  isChild: boolean;
  titles: MenuTitles;
}): MenuItem[] {
  const { catalog, kidsCatalog, titles } = input;
  const audience = audienceOf(input);
  const genres: Partial<Record<MenuKey, readonly Genre[]>> = {
    movies: genresOf(catalog, 'movie'),
    series: genresOf(catalog, 'series'),
    animation: mergeGenresByAlias(genresOf(kidsCatalog, 'series'), genresOf(kidsCatalog, 'movie')),
  };
  return HEADER_MENU_KEYS.filter((key) => key !== 'archive' || audience === 'Adult_Ru').map((key) => {
    const item: MenuItem = {
      key,
      url: MENU_URLS[key],
      title: key === 'tv' && audience === 'Child' ? titles.kidsTv : titles[key],
      dataTestId: `header-menu-${key}`,
    };
    const itemGenres = genres[key];
    if (itemGenres) item.data = { genres: [...itemGenres] };
    else item.link = true;
    if (key === 'animation') item.child = true;
    return item;
  });
}

/** Tab bar item keys: adult tabs and the child's /animation genres (catalogue §2). */
export type TabKey = 'movies' | 'series' | 'archive' | 'animation' | 'new' | 'education' | 'nurseryrhymes' | 'entertainment';

/** A tab bar item. */
export interface TabBarItem {
  key: TabKey;
  url: string;
  title: string;
}

// spec catalogue §2: "Adult_Ru: movies, series, archive, animation, new. Adult_NonRu: the same
// without archive. Child: education, nurseryrhymes and entertainment under /animation/...."
/** Tab keys shown to each audience, in order (catalogue §2). */
export const TAB_BAR_KEYS: Readonly<Record<Audience, readonly TabKey[]>> = {
  Adult_Ru: ['movies', 'series', 'archive', 'animation', 'new'],
  Adult_NonRu: ['movies', 'series', 'animation', 'new'],
  Child: ['education', 'nurseryrhymes', 'entertainment'],
};

/** URL of each tab (catalogue §2). */
export const TAB_URLS: Readonly<Record<TabKey, string>> = {
  movies: '/movies',
  series: '/series',
  archive: '/archive',
  animation: '/animation',
  new: '/new',
  education: '/animation/education',
  nurseryrhymes: '/animation/nurseryrhymes',
  entertainment: '/animation/entertainment',
};

/** Widest viewport that shows the tab bar (catalogue §2). */
export const TAB_BAR_MAX_WIDTH = 1024;

// The spec names the experiment but not its groups; every experiment has a control group A and a test group
// B (experiment-assignment.ts), so B is the one that gets the web-app tab bar, as B of Who_watch gets its chooser.
/** The Mobile_web_app group that turns the tab bar on (catalogue §2, platform §6). */
export const MOBILE_WEB_APP_GROUP_ON = 'B';

/** Whether a visitor's Mobile_web_app group (from the auth data's ab) turns the web-app mode on. */
export function isMobileWebAppOn(group: string | null | undefined): boolean {
  return group === MOBILE_WEB_APP_GROUP_ON;
}

/** Whether the tab bar shows: width 1024 or less and the Mobile_web_app experiment on (catalogue §2). */
export function showsTabBar({ width, mobileWebApp }: { width: number; mobileWebApp: boolean }): boolean {
  return mobileWebApp && width <= TAB_BAR_MAX_WIDTH;
}

/** Tab bar items for the visitor's audience (catalogue §2); the web passes the titles. */
export function buildTabBar(input: {
  isChild: boolean;
  countryCode: string | null | undefined;
  titles: Readonly<Record<TabKey, string>>;
}): TabBarItem[] {
  return TAB_BAR_KEYS[audienceOf(input)].map((key) => ({ key, url: TAB_URLS[key], title: input.titles[key] }));
}
