import { describe, expect, it } from 'vitest';
import {
  audienceOf,
  buildHeaderMenu,
  buildTabBar,
  type CatalogEntry,
  KIDS_TV_TITLE,
  type MenuTitles,
  mergeGenresByAlias,
  showsTabBar,
  type TabKey,
} from './menu.ts';

const titles: MenuTitles = {
  archive: 'Кино на ТВ',
  movies: 'Фильмы',
  series: 'Сериалы',
  animation: 'Мультфильмы',
  new: 'Новинки',
  journal: 'Журнал',
  tv: 'ТВ',
  kidsTv: KIDS_TV_TITLE,
};

const drama = { alias: 'drama', title: 'Драмы' };
const comedy = { alias: 'comedy', title: 'Комедии' };
const thriller = { alias: 'thriller', title: 'Триллеры' };
const education = { alias: 'education', title: 'Развивающие' };
const adventure = { alias: 'adventure', title: 'Приключения' };
const adventureAgain = { alias: 'adventure', title: 'Приключения (фильмы)' };
const family = { alias: 'family', title: 'Семейные' };

const catalog: CatalogEntry[] = [
  { category: 'series', genres: [thriller, drama] },
  { category: 'movie', genres: [drama, comedy] },
];
const kidsCatalog: CatalogEntry[] = [
  { category: 'movie', genres: [adventureAgain, family] },
  { category: 'series', genres: [education, adventure] },
];

describe('audienceOf (catalogue §1)', () => {
  it.each([
    [false, 'RU', 'Adult_Ru'],
    [false, 'RS', 'Adult_NonRu'],
    [false, 'ru', 'Adult_NonRu'],
    [false, null, 'Adult_NonRu'],
    [false, undefined, 'Adult_NonRu'],
    [true, 'RU', 'Child'],
    [true, 'BG', 'Child'],
  ])('child %s, country %s is %s', (isChild, countryCode, audience) => {
    expect(audienceOf({ isChild, countryCode })).toBe(audience);
  });
});

describe('mergeGenresByAlias', () => {
  it.each([
    [[[education, adventure], [adventureAgain, family]], [education, adventure, family]],
    [[[drama, drama], []], [drama]],
    [[[], [comedy]], [comedy]],
    [[], []],
  ])('%#: first occurrence wins, order kept', (lists, expected) => {
    expect(mergeGenresByAlias(...lists)).toEqual(expected);
  });
});

describe('buildHeaderMenu (platform §2: archive, movies, series, animation, new, journal, TV)', () => {
  const build = (countryCode: string | null, isChild: boolean) =>
    buildHeaderMenu({ catalog, kidsCatalog, countryCode, isChild, titles });

  it.each([
    ['RU', false, ['archive', 'movies', 'series', 'animation', 'new', 'journal', 'tv']],
    ['RS', false, ['movies', 'series', 'animation', 'new', 'journal', 'tv']],
    [null, false, ['movies', 'series', 'animation', 'new', 'journal', 'tv']],
    ['RU', true, ['movies', 'series', 'animation', 'new', 'journal', 'tv']],
  ])('country %s, child %s: %j', (countryCode, isChild, keys) => {
    expect(build(countryCode, isChild).map((item) => item.key)).toEqual(keys);
  });

  it.each([
    ['archive', '/archive', 'Кино на ТВ'],
    ['movies', '/movies', 'Фильмы'],
    ['series', '/series', 'Сериалы'],
    ['animation', '/animation', 'Мультфильмы'],
    ['new', '/new', 'Новинки'],
    ['journal', '/journal', 'Журнал'],
    ['tv', '/channel', 'ТВ'],
  ])('%s links to %s titled %s', (key, url, title) => {
    const item = build('RU', false).find((entry) => entry.key === key);
    expect(item).toMatchObject({ url, title, dataTestId: `header-menu-${key}` });
  });

  it('takes the archive label of the A/B variant from titles', () => {
    const menu = buildHeaderMenu({ catalog, kidsCatalog, countryCode: 'RU', isChild: false, titles: { ...titles, archive: 'Записи с ТВ' } });
    expect(menu[0]?.title).toBe('Записи с ТВ');
  });

  it.each([
    [false, 'ТВ'],
    [true, 'Детское ТВ'],
  ])('child %s: the TV item is titled %s', (isChild, title) => {
    expect(build('RU', isChild).at(-1)).toMatchObject({ key: 'tv', url: '/channel', title });
  });

  it.each([
    ['movies', [drama, comedy]],
    ['series', [thriller, drama]],
    ['animation', [education, adventure, family]],
  ])('%s carries genres %j', (key, genres) => {
    const item = build('RU', false).find((entry) => entry.key === key);
    expect(item?.data).toEqual({ genres });
    expect(item?.link).toBeUndefined();
  });

  it.each(['archive', 'new', 'journal', 'tv'])('%s is a plain link without genres', (key) => {
    const item = build('RU', false).find((entry) => entry.key === key);
    expect(item?.link).toBe(true);
    expect(item?.data).toBeUndefined();
  });

  it('marks only the cartoons item as child (kids catalog genres)', () => {
    expect(build('RU', false).filter((item) => item.child).map((item) => item.key)).toEqual(['animation']);
  });

  it('gives empty genre lists when the catalogs lack an entry', () => {
    const menu = buildHeaderMenu({ catalog: [], kidsCatalog: [], countryCode: 'RU', isChild: false, titles });
    expect(menu.filter((item) => item.data).map((item) => item.data?.genres)).toEqual([[], [], []]);
  });
});

describe('tab bar (catalogue §2)', () => {
  const tabTitles: Record<TabKey, string> = {
    movies: 'Фильмы',
    series: 'Сериалы',
    archive: 'Кино на ТВ',
    animation: 'Мультфильмы',
    new: 'Новинки',
    education: 'Развивающие',
    nurseryrhymes: 'Потешки',
    entertainment: 'Развлекательные',
  };

  it.each([
    [false, 'RU', [['movies', '/movies'], ['series', '/series'], ['archive', '/archive'], ['animation', '/animation'], ['new', '/new']]],
    [false, 'BG', [['movies', '/movies'], ['series', '/series'], ['animation', '/animation'], ['new', '/new']]],
    [
      true,
      'RU',
      [['education', '/animation/education'], ['nurseryrhymes', '/animation/nurseryrhymes'], ['entertainment', '/animation/entertainment']],
    ],
  ])('child %s, country %s: %j', (isChild, countryCode, expected) => {
    const tabs = buildTabBar({ isChild, countryCode, titles: tabTitles });
    expect(tabs.map(({ key, url }) => [key, url])).toEqual(expected);
    expect(tabs.every((tab) => tab.title === tabTitles[tab.key])).toBe(true);
  });

  it.each([
    [1024, true, true],
    [375, true, true],
    [1025, true, false],
    [1024, false, false],
    [375, false, false],
  ])('width %i, Mobile_web_app %s: shown %s', (width, mobileWebApp, shown) => {
    expect(showsTabBar({ width, mobileWebApp })).toBe(shown);
  });
});
