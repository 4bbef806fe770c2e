export type SeedRatingAge = '0+' | '6+' | '8+' | '13+' | '16+' | '18+';
export type SeedRole = 'actor' | 'director' | 'writer' | 'producer' | 'composer' | 'operator';
export interface SeedGenre { alias: string; title: string; titleEn: string }
export interface SeedCountry { code: string; title: string } // code: ISO 3166-1 alpha-2, lowercase ('ru'); title Russian ('Россия')
export interface SeedPerson { alias: string; name: string; nameOriginal: string | null; biography: string; birthDate: string | null }
export interface SeedCredit { personAlias: string; role: SeedRole; characterName: string | null }
export interface SeedEpisode { number: number; title: string; description: string; durationMinutes: number; isPreview: boolean; media: SeedMedia }
export interface SeedSeason { number: number; title: string; episodes: SeedEpisode[] }
export type SeedMedia = 'aurora' | 'metropolis' | 'meadow';
export interface SeedExtra { kind: 'trailer' | 'extra'; title: string; description: string; media: 'teaser' }
export type PosterPattern = 'rays' | 'circles' | 'stripes' | 'grid' | 'waves' | 'peaks';
export interface SeedPoster { hue: number; hue2: number; pattern: PosterPattern; seed: number }
export interface SeedTitle {
  alias: string;                 // latin kebab-case transliteration of the title, unique
  kind: 'movie' | 'series';
  title: string;                 // Russian
  titleOriginal: string | null;  // for foreign titles, the original (English, French...) name; null for Russian ones
  description: string;           // 2–4 Russian sentences, plausible and specific
  releaseDate: string;           // YYYY-MM-DD (world premiere)
  ekranReleaseDate: string;      // YYYY-MM-DD when it appeared on our service (≤ reference date, mostly within the last 3 years)
  year: number;
  durationMinutes: number | null; // movies: 75–170 (cartoons 60–100, kids shorts allowed); series: null
  ratingAge: SeedRatingAge;
  ratingEkran: number;           // 1.0–10.0, one decimal, skewed toward 6–8
  popularity: number;            // integer 0–100000, long-tailed
  isAnimation: boolean;
  forKids: boolean;              // kids titles: ratingAge 0+ or 6+ (or 8+), mostly animation
  isFree: boolean;               // about 12 titles free for everyone, at least 4 of them movies, including 2 kids titles
  genres: string[];              // 1–3 genre aliases
  countries: string[];           // 1–2 country codes
  credits: SeedCredit[];         // actors (with characterName) 4–10, director 1–2, writers 1–2, producers 1–3, composer 1, operator 1
  seasons: SeedSeason[];         // series: 1–5 seasons, 6–12 episodes of 40–60 min (kids 10–25 min); first episode of season 1 isPreview for ~half the series; movies: []
  extras: SeedExtra[];           // every title ≥1 trailer ('Трейлер', 'Тизер-трейлер'); ~30% also an extra ('Как снимали', 'Интервью с режиссёром')
  hashtags: string[];            // 0–4 Russian hashtags without #, e.g. 'по_мотивам_книги', 'снято_в_петербурге'
  media: SeedMedia;              // the feature video the title plays (movies), assign deterministically
  poster: SeedPoster;            // hue 0–359 etc.; the API draws abstract poster art from this
  seoSubject: string;            // short Russian SEO phrase, e.g. 'фильм «Тайна старого маяка» (2021)'
  locales: string[];             // audio languages, e.g. ['ru'] or ['ru','en']
}
export interface SeedCollection { alias: string; title: string; description: string; forKids: boolean; titleAliases: string[] }
export interface SeedCatalogue { genres: SeedGenre[]; countries: SeedCountry[]; people: SeedPerson[]; titles: SeedTitle[]; collections: SeedCollection[] }
export interface GenerateOptions { seed?: number; titles?: number; referenceDate?: string }
