// Decides the shape of the catalogue before any text is written: how many
// movies/series/cartoons, their primary genre, country and language. Quotas are
// computed exactly (largest remainder) so proportions are stable for every seed.
import { CURATED, type CuratedTitle, type CuratedTone } from './foreign.ts';
import { chance, int, quotas, shuffle, weighted, type Rng } from './rng.ts';
import {
  CO_PRODUCTION, FOREIGN_COUNTRY_WEIGHTS, LANG_OF_COUNTRY, PRIMARY_GENRE_WEIGHTS, RUSSIAN_SHARE,
  type Category, type GenreAlias, type Lang,
} from './taxonomy.ts';
import type { Tone } from './words.ts';

export interface Slot {
  category: Category;
  kind: 'movie' | 'series';
  isAnimation: boolean;
  forKids: boolean;
  primary: GenreAlias;
  countries: string[];
  lang: Lang;
  /** Pre-assigned original title for non-English foreign productions. */
  curated: CuratedTitle | null;
  /** Added to the service within the last month. */
  novelty: boolean;
}

export function toneOf(genre: GenreAlias): Tone | null {
  switch (genre) {
    case 'detective': case 'crime': case 'thriller': return 'crime';
    case 'horror': return 'horror';
    case 'drama': case 'melodrama': case 'biography': return 'drama';
    case 'comedy': case 'family': return 'comedy';
    case 'war': case 'history': return 'war';
    case 'scifi': return 'scifi';
    case 'fantasy': case 'adventure': return 'fantasy';
    case 'action': return 'action';
    case 'sport': return 'sport';
    case 'musical': return 'music';
    default: return null;
  }
}

interface CategoryShape { kind: 'movie' | 'series'; isAnimation: boolean; forKids: boolean; foreign: keyof typeof FOREIGN_COUNTRY_WEIGHTS }
const SHAPE: Readonly<Record<Category, CategoryShape>> = {
  'live-movie': { kind: 'movie', isAnimation: false, forKids: false, foreign: 'live' },
  'live-series': { kind: 'series', isAnimation: false, forKids: false, foreign: 'series' },
  'kids-live-movie': { kind: 'movie', isAnimation: false, forKids: true, foreign: 'kids' },
  'kids-anim-movie': { kind: 'movie', isAnimation: true, forKids: true, foreign: 'kids' },
  'kids-anim-series': { kind: 'series', isAnimation: true, forKids: true, foreign: 'kids' },
  'adult-anim-movie': { kind: 'movie', isAnimation: true, forKids: false, foreign: 'adult-anim' },
  'adult-anim-series': { kind: 'series', isAnimation: true, forKids: false, foreign: 'adult-anim' },
};

/** 45% live-action movies, 30% live-action series, 25% animation (mostly for kids). */
export function categoryCounts(total: number): Map<Category, number> {
  const liveMovies = Math.round(total * 0.45);
  const liveSeries = Math.round(total * 0.3);
  const anim = Math.max(0, total - liveMovies - liveSeries);
  const kidsLive = Math.min(liveMovies, Math.round(total * 0.025));
  const adult = Math.round(anim * 0.2);
  const animMovies = Math.round(anim * 0.55);
  const adultMovies = Math.min(animMovies, Math.round(adult / 2));
  const kidsAnimMovies = animMovies - adultMovies;
  const kidsAnim = anim - adult;
  return new Map<Category, number>([
    ['live-movie', liveMovies - kidsLive],
    ['live-series', liveSeries],
    ['kids-live-movie', kidsLive],
    ['kids-anim-movie', kidsAnimMovies],
    ['kids-anim-series', Math.max(0, kidsAnim - kidsAnimMovies)],
    ['adult-anim-movie', adultMovies],
    ['adult-anim-series', Math.max(0, adult - adultMovies)],
  ]);
}

const RU_ONLY_GENRES: ReadonlySet<GenreAlias> = new Set(['talkshow', 'reality']);
const EN_ONLY_GENRES: ReadonlySet<GenreAlias> = new Set(['documentary', 'biography', 'sport']);

export function planSlots(f: Rng, total: number): Slot[] {
  const curatedPool = new Map<Lang, CuratedTitle[]>();
  for (const [lang, list] of Object.entries(CURATED) as [Lang, readonly CuratedTitle[]][]) {
    curatedPool.set(lang, shuffle(f, list));
  }

  const slots: Slot[] = [];
  for (const [category, count] of categoryCounts(total)) {
    if (count <= 0) continue;
    const shape = SHAPE[category];
    const genres: GenreAlias[] = [];
    for (const [g, q] of quotas(count, PRIMARY_GENRE_WEIGHTS[category])) for (let i = 0; i < q; i++) genres.push(g);

    const ruCount = Math.round(count * RUSSIAN_SHARE[category]);
    const order = shuffle(f, genres.map((g, i) => ({ g, i })));
    order.sort((x, y) => Number(RU_ONLY_GENRES.has(y.g)) - Number(RU_ONLY_GENRES.has(x.g)));
    const russian = new Set(order.slice(0, Math.max(ruCount, order.filter((o) => RU_ONLY_GENRES.has(o.g)).length)).map((o) => o.i));

    genres.forEach((primary, i) => {
      let country = 'ru';
      let curated: CuratedTitle | null = null;
      if (!russian.has(i)) {
        country = EN_ONLY_GENRES.has(primary)
          ? weighted(f, [['us', 65], ['gb', 35]])
          : weighted(f, FOREIGN_COUNTRY_WEIGHTS[shape.foreign]);
        const lang = LANG_OF_COUNTRY[country] ?? 'en';
        const kidsShow = primary === 'education' || primary === 'nurseryrhymes' || primary === 'entertainment';
        if (lang !== 'en' && kidsShow) {
          country = weighted(f, [['us', 70], ['gb', 30]]);
        } else if (lang !== 'en') {
          curated = takeCurated(curatedPool.get(lang), shape.forKids ? 'kids' : primary === 'history' ? 'history' : toneOf(primary));
          if (!curated) country = shape.forKids ? 'us' : weighted(f, [['us', 70], ['gb', 30]]);
        }
      }
      const countries = [country];
      for (const [partner, p] of CO_PRODUCTION[country] ?? []) {
        if (countries.length < 2 && chance(f, p)) countries.push(partner);
      }
      slots.push({
        category,
        kind: shape.kind,
        isAnimation: shape.isAnimation,
        forKids: shape.forKids,
        primary,
        countries,
        lang: LANG_OF_COUNTRY[country] ?? 'en',
        curated,
        novelty: false,
      });
    });
  }

  const out = shuffle(f, slots);
  const novelties = Math.min(out.length, Math.max(12, Math.round(total * 0.05)));
  const picked = new Set<number>();
  while (picked.size < novelties) picked.add(int(f, 0, out.length - 1));
  for (const i of picked) {
    const s = out[i];
    if (s) s.novelty = true;
  }
  return out;
}

function takeCurated(pool: CuratedTitle[] | undefined, tone: CuratedTone | null): CuratedTitle | null {
  if (!pool || !tone) return null;
  const idx = pool.findIndex((c) => c.tones.includes(tone));
  if (idx < 0) return null;
  const [hit] = pool.splice(idx, 1);
  return hit ?? null;
}
