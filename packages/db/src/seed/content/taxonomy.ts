// Genres, countries, languages and the knobs that shape the catalogue mix.
import type { SeedCountry, SeedGenre, SeedRatingAge } from './types.ts';

export const GENRES: readonly SeedGenre[] = [
  { alias: 'drama', title: 'Драма', titleEn: 'Drama' },
  { alias: 'comedy', title: 'Комедия', titleEn: 'Comedy' },
  { alias: 'detective', title: 'Детектив', titleEn: 'Detective' },
  { alias: 'thriller', title: 'Триллер', titleEn: 'Thriller' },
  { alias: 'horror', title: 'Ужасы', titleEn: 'Horror' },
  { alias: 'scifi', title: 'Фантастика', titleEn: 'Science fiction' },
  { alias: 'fantasy', title: 'Фэнтези', titleEn: 'Fantasy' },
  { alias: 'adventure', title: 'Приключения', titleEn: 'Adventure' },
  { alias: 'action', title: 'Боевик', titleEn: 'Action' },
  { alias: 'melodrama', title: 'Мелодрама', titleEn: 'Romance' },
  { alias: 'crime', title: 'Криминал', titleEn: 'Crime' },
  { alias: 'family', title: 'Семейный', titleEn: 'Family' },
  { alias: 'history', title: 'Исторический', titleEn: 'History' },
  { alias: 'war', title: 'Военный', titleEn: 'War' },
  { alias: 'biography', title: 'Биография', titleEn: 'Biography' },
  { alias: 'documentary', title: 'Документальный', titleEn: 'Documentary' },
  { alias: 'sport', title: 'Спорт', titleEn: 'Sport' },
  { alias: 'musical', title: 'Мюзикл', titleEn: 'Musical' },
  { alias: 'education', title: 'Познавательное', titleEn: 'Educational' },
  { alias: 'entertainment', title: 'Развлекательное', titleEn: 'Entertainment' },
  { alias: 'nurseryrhymes', title: 'Песенки', titleEn: 'Nursery rhymes' },
  { alias: 'fairytale', title: 'Сказки', titleEn: 'Fairy tales' },
  { alias: 'talkshow', title: 'Ток-шоу', titleEn: 'Talk show' },
  { alias: 'reality', title: 'Реалити', titleEn: 'Reality' },
];

export type GenreAlias =
  | 'drama' | 'comedy' | 'detective' | 'thriller' | 'horror' | 'scifi' | 'fantasy' | 'adventure'
  | 'action' | 'melodrama' | 'crime' | 'family' | 'history' | 'war' | 'biography' | 'documentary'
  | 'sport' | 'musical' | 'education' | 'entertainment' | 'nurseryrhymes' | 'fairytale' | 'talkshow' | 'reality';

export const COUNTRIES: readonly SeedCountry[] = [
  { code: 'ru', title: 'Россия' },
  { code: 'by', title: 'Беларусь' },
  { code: 'kz', title: 'Казахстан' },
  { code: 'am', title: 'Армения' },
  { code: 'us', title: 'США' },
  { code: 'gb', title: 'Великобритания' },
  { code: 'ca', title: 'Канада' },
  { code: 'fr', title: 'Франция' },
  { code: 'be', title: 'Бельгия' },
  { code: 'kr', title: 'Южная Корея' },
  { code: 'jp', title: 'Япония' },
  { code: 'es', title: 'Испания' },
  { code: 'it', title: 'Италия' },
  { code: 'de', title: 'Германия' },
  { code: 'at', title: 'Австрия' },
  { code: 'tr', title: 'Турция' },
  { code: 'in', title: 'Индия' },
];

/** Language of a production (drives names, places, original titles, audio). */
export type Lang = 'ru' | 'en' | 'fr' | 'ko' | 'ja' | 'es' | 'it' | 'de' | 'tr' | 'hi';

export const LANG_OF_COUNTRY: Readonly<Record<string, Lang>> = {
  ru: 'ru', by: 'ru', kz: 'ru', am: 'ru',
  us: 'en', gb: 'en', ca: 'en',
  fr: 'fr', be: 'fr',
  kr: 'ko', jp: 'ja', es: 'es', it: 'it', de: 'de', at: 'de', tr: 'tr', in: 'hi',
};

/** Main country of a language group, used when a person needs a nationality. */
export const HOME_COUNTRY: Readonly<Record<Lang, string>> = {
  ru: 'ru', en: 'us', fr: 'fr', ko: 'kr', ja: 'jp', es: 'es', it: 'it', de: 'de', tr: 'tr', hi: 'in',
};

/** Co-production partners: [partner, probability]. */
export const CO_PRODUCTION: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  ru: [['by', 0.05], ['kz', 0.04], ['am', 0.03]],
  us: [['gb', 0.09], ['ca', 0.06]],
  gb: [['us', 0.15]],
  fr: [['be', 0.12]],
  de: [['at', 0.1]],
  es: [['fr', 0.06]],
  it: [['fr', 0.08]],
};

export const NATIONALITY: Readonly<Record<string, readonly [string, string]>> = {
  ru: ['российский', 'российская'], by: ['белорусский', 'белорусская'], kz: ['казахстанский', 'казахстанская'],
  am: ['армянский', 'армянская'], us: ['американский', 'американская'], gb: ['британский', 'британская'],
  ca: ['канадский', 'канадская'], fr: ['французский', 'французская'], be: ['бельгийский', 'бельгийская'],
  kr: ['южнокорейский', 'южнокорейская'], jp: ['японский', 'японская'], es: ['испанский', 'испанская'],
  it: ['итальянский', 'итальянская'], de: ['немецкий', 'немецкая'], at: ['австрийский', 'австрийская'],
  tr: ['турецкий', 'турецкая'], in: ['индийский', 'индийская'],
};

/** Catalogue categories; the plan fixes how many titles fall into each. */
export type Category =
  | 'live-movie' | 'live-series' | 'kids-live-movie'
  | 'kids-anim-movie' | 'kids-anim-series' | 'adult-anim-movie' | 'adult-anim-series';

export const PRIMARY_GENRE_WEIGHTS: Readonly<Record<Category, readonly (readonly [GenreAlias, number])[]>> = {
  'live-movie': [
    ['comedy', 16], ['drama', 13], ['action', 9], ['thriller', 8], ['melodrama', 8], ['detective', 6],
    ['crime', 6], ['horror', 6], ['scifi', 6], ['adventure', 5], ['war', 5], ['documentary', 5],
    ['fantasy', 4], ['family', 4], ['history', 4], ['biography', 3], ['sport', 3], ['musical', 2],
  ],
  'live-series': [
    ['detective', 14], ['drama', 12], ['comedy', 11], ['crime', 10], ['melodrama', 9], ['thriller', 7],
    ['history', 5], ['scifi', 4], ['action', 4], ['documentary', 4], ['fantasy', 3], ['war', 3],
    ['family', 3], ['talkshow', 3], ['reality', 3], ['adventure', 2], ['horror', 2], ['sport', 1],
  ],
  'kids-live-movie': [['family', 4], ['adventure', 3], ['comedy', 2], ['fantasy', 1]],
  'kids-anim-movie': [['adventure', 9], ['fairytale', 8], ['comedy', 6], ['fantasy', 5], ['family', 5]],
  'kids-anim-series': [
    ['adventure', 5], ['comedy', 5], ['education', 5], ['nurseryrhymes', 4], ['entertainment', 3],
    ['fairytale', 3], ['family', 3],
  ],
  'adult-anim-movie': [['scifi', 3], ['fantasy', 2], ['action', 1], ['drama', 1], ['horror', 1]],
  'adult-anim-series': [['scifi', 2], ['fantasy', 2], ['comedy', 2], ['action', 1], ['horror', 1]],
};

/** Share of Russian productions inside each category (overall ≈ 60%). */
export const RUSSIAN_SHARE: Readonly<Record<Category, number>> = {
  'live-movie': 0.58, 'live-series': 0.66, 'kids-live-movie': 0.6,
  'kids-anim-movie': 0.55, 'kids-anim-series': 0.7, 'adult-anim-movie': 0.2, 'adult-anim-series': 0.2,
};

export const FOREIGN_COUNTRY_WEIGHTS: Readonly<Record<'live' | 'series' | 'kids' | 'adult-anim', readonly (readonly [string, number])[]>> = {
  live: [['us', 34], ['gb', 14], ['fr', 10], ['kr', 10], ['es', 6], ['de', 6], ['it', 5], ['tr', 5], ['in', 5], ['jp', 3]],
  series: [['us', 30], ['gb', 16], ['kr', 16], ['tr', 12], ['es', 8], ['fr', 6], ['de', 5], ['it', 4], ['in', 3]],
  kids: [['us', 45], ['fr', 18], ['gb', 10], ['jp', 8], ['de', 8], ['es', 6], ['it', 5]],
  'adult-anim': [['jp', 60], ['us', 30], ['fr', 10]],
};

/** Which genres may be added next to a primary genre (non-kids). */
export const SECONDARY_GENRES: Readonly<Record<GenreAlias, readonly GenreAlias[]>> = {
  drama: ['melodrama', 'family', 'crime', 'history', 'comedy'],
  comedy: ['melodrama', 'family', 'crime', 'adventure', 'drama'],
  detective: ['crime', 'thriller', 'drama'],
  thriller: ['crime', 'detective', 'drama', 'horror', 'action'],
  horror: ['thriller', 'fantasy', 'detective'],
  scifi: ['thriller', 'action', 'adventure', 'drama'],
  fantasy: ['adventure', 'action', 'drama'],
  adventure: ['action', 'family', 'comedy', 'drama'],
  action: ['crime', 'thriller', 'adventure', 'comedy'],
  melodrama: ['drama', 'comedy'],
  crime: ['drama', 'thriller', 'action', 'detective'],
  family: ['comedy', 'adventure', 'drama'],
  history: ['drama', 'war', 'melodrama'],
  war: ['drama', 'history', 'action'],
  biography: ['drama', 'history', 'sport'],
  documentary: [],
  sport: ['drama', 'biography', 'comedy'],
  musical: ['melodrama', 'comedy', 'drama'],
  education: ['entertainment'],
  entertainment: ['education', 'nurseryrhymes'],
  nurseryrhymes: ['education', 'entertainment'],
  fairytale: ['fantasy', 'family', 'adventure'],
  talkshow: ['entertainment'],
  reality: ['entertainment'],
};

/** Secondary genres allowed on kids titles. */
export const KIDS_SECONDARY: Readonly<Record<string, readonly GenreAlias[]>> = {
  adventure: ['comedy', 'family', 'fantasy'],
  comedy: ['family', 'adventure'],
  fantasy: ['adventure', 'fairytale', 'family'],
  family: ['comedy', 'adventure'],
  fairytale: ['fantasy', 'family', 'adventure'],
  education: ['entertainment'],
  entertainment: ['education', 'nurseryrhymes'],
  nurseryrhymes: ['education', 'entertainment'],
};

export const RATING_AGE_WEIGHTS: Readonly<Record<GenreAlias, readonly (readonly [SeedRatingAge, number])[]>> = {
  horror: [['18+', 60], ['16+', 40]],
  thriller: [['16+', 55], ['18+', 45]],
  crime: [['16+', 50], ['18+', 50]],
  detective: [['16+', 60], ['13+', 25], ['18+', 15]],
  action: [['16+', 55], ['18+', 30], ['13+', 15]],
  war: [['16+', 55], ['13+', 30], ['18+', 15]],
  history: [['16+', 50], ['13+', 40], ['18+', 10]],
  drama: [['16+', 40], ['13+', 30], ['18+', 30]],
  melodrama: [['16+', 50], ['13+', 30], ['18+', 20]],
  comedy: [['16+', 45], ['13+', 40], ['18+', 15]],
  family: [['6+', 40], ['13+', 45], ['0+', 15]],
  scifi: [['16+', 50], ['13+', 35], ['18+', 15]],
  fantasy: [['13+', 50], ['16+', 45], ['18+', 5]],
  adventure: [['13+', 50], ['16+', 30], ['6+', 20]],
  biography: [['16+', 50], ['13+', 40], ['18+', 10]],
  documentary: [['13+', 35], ['16+', 30], ['6+', 20], ['0+', 15]],
  sport: [['16+', 50], ['13+', 40], ['6+', 10]],
  musical: [['13+', 50], ['6+', 30], ['16+', 20]],
  talkshow: [['16+', 60], ['18+', 20], ['13+', 20]],
  reality: [['16+', 70], ['18+', 30]],
  education: [['0+', 100]],
  entertainment: [['0+', 70], ['6+', 30]],
  nurseryrhymes: [['0+', 100]],
  fairytale: [['0+', 45], ['6+', 55]],
};
