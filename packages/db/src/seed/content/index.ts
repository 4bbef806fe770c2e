// Deterministic demo catalogue for the Ekran seed: same options → same output.
// All randomness comes from one Faker instance seeded from the options; dates are
// computed relative to options.referenceDate (never the wall clock).
import { buildCollections } from './collections.ts';
import { buildCredits, type CastAndCrew, type Character } from './credits.ts';
import { countSentences, describe, familyOf, whatOf } from './descriptions.ts';
import { MEDIA, buildSeasons } from './episodes.ts';
import { hashtagsFor } from './hashtags.ts';
import { PeoplePool, type PersonRec } from './people.ts';
import { FANTASY_PLACES, KIDS_PLACES, PLACES, REALITY_PLACES, SCIFI_PLACES, type Place } from './places.ts';
import { planSlots, type Slot } from './plan.ts';
import { bell, chance, createRng, dayOf, dayOfYearStart, int, isoOf, pick, unit, weighted, yearOf, type Rng } from './rng.ts';
import { COUNTRIES, GENRES, HOME_COUNTRY, KIDS_SECONDARY, RATING_AGE_WEIGHTS, SECONDARY_GENRES, type GenreAlias, type Lang } from './taxonomy.ts';
import { TitleRegistry, generateTitle, reserveCurated, type GeneratedTitle } from './titles.ts';
import { AliasRegistry } from './translit.ts';
import type { GenerateOptions, PosterPattern, SeedCatalogue, SeedExtra, SeedRatingAge, SeedTitle } from './types.ts';

export type * from './types.ts';

export const DEFAULT_SEED = 20261121;
export const DEFAULT_TITLES = 320;
export const DEFAULT_REFERENCE_DATE = '2026-11-01';

interface Draft {
  slot: Slot;
  title: SeedTitle;
  gen: GeneratedTitle;
  cast: CastAndCrew;
  sequelOf: Draft | null;
  hasSequel: boolean;
}

const SEQUELABLE: ReadonlySet<GenreAlias> = new Set(['comedy', 'action', 'horror', 'adventure', 'family', 'fantasy', 'scifi', 'fairytale']);

export function generateCatalogue(options: GenerateOptions = {}): SeedCatalogue {
  const seed = options.seed ?? DEFAULT_SEED;
  const total = Math.max(0, Math.floor(options.titles ?? DEFAULT_TITLES));
  const refDay = dayOf(options.referenceDate ?? DEFAULT_REFERENCE_DATE);
  const refYear = yearOf(refDay);
  const f = createRng(seed);

  const slots = planSlots(f, total);
  const demand = new Map<Lang, number>();
  for (const s of slots) demand.set(s.lang, (demand.get(s.lang) ?? 0) + 1);
  const pool = new PeoplePool(f, demand);
  const registry = new TitleRegistry();
  reserveCurated(slots, registry);
  const aliases = new AliasRegistry();
  const descriptions = new Set<string>();
  const drafts: Draft[] = [];

  slots.forEach((slot, index) => {
    // ---- name (optionally a sequel of an earlier title)
    let sequelOf: Draft | null = null;
    if (slot.kind === 'movie' && !slot.curated && !slot.novelty && SEQUELABLE.has(slot.primary) && chance(f, 0.08)) {
      const cands = drafts.filter((d) => d.slot.kind === 'movie' && d.slot.category === slot.category && d.slot.lang === slot.lang
        && d.slot.primary === slot.primary && !d.sequelOf && !d.hasSequel && d.title.year <= refYear - 3);
      if (cands.length > 0) {
        const base = pick(f, cands);
        const ru = `${base.title.title} 2`;
        const orig = base.title.titleOriginal ? `${base.title.titleOriginal} 2` : null;
        if (!registry.has(ru, orig)) {
          registry.add(ru, orig);
          sequelOf = base;
        }
      }
    }
    const gen: GeneratedTitle = sequelOf
      ? { ...sequelOf.gen, title: `${sequelOf.title.title} 2`, titleOriginal: sequelOf.title.titleOriginal ? `${sequelOf.title.titleOriginal} 2` : null }
      : generateTitle(f, slot, registry);

    // ---- dates
    const { release, ekran } = sequelOf
      ? datesAfter(f, sequelOf.title.year, refDay, refYear)
      : dates(f, slot, refDay, refYear);
    const year = yearOf(release);

    // ---- ratings
    const ratingAge = ageRating(f, slot);
    const genres = genresFor(f, slot, gen).filter((g, i) => i === 0 || g !== 'family' || !['16+', '18+'].includes(ratingAge));
    let ratingEkran = chance(f, 0.04) ? 2.2 + unit(f) * 2.8 : 3.8 + bell(f, 4) * 6.6;
    if (sequelOf) ratingEkran = sequelOf.title.ratingEkran - 0.2 - unit(f) * 0.7;
    ratingEkran = Math.round(Math.min(10, Math.max(1, ratingEkran)) * 10) / 10;
    const recent = release > refDay - 2 * 365;
    const boost = Math.min(1.6, Math.max(0.25, 0.55 + (ratingEkran - 5) / 4)) * (recent ? 1.5 : 1) * (slot.forKids ? 1.2 : 1) * (slot.novelty ? 1.6 : 1);
    // log-uniform base (long tail) with a soft ceiling so the very top never piles up at 100 000
    const raw = Math.exp(Math.log(15) + unit(f) * Math.log(100000 / 15)) * boost;
    const popularity = Math.round(100000 * (1 - Math.exp(-raw / 100000)));

    // ---- people
    const cast = buildCredits(f, pool, slot, gen, sequelOf ? { directors: sequelOf.cast.directors, actors: sequelOf.cast.actors, chars: sequelOf.cast.chars } : null);
    const actorNames = cast.actors.map((p) => p.name);

    // ---- synopsis
    const place = placeFor(f, slot);
    let description = '';
    for (let attempt = 0; attempt < 12; attempt++) {
      description = describe(f, { slot, title: gen.title, year, chars: cast.chars, actorNames, kidHero: gen.kidHero, bio: gen.bio, doc: gen.doc, place }, attempt);
      if (sequelOf && attempt === 0 && countSentences(description) < 4) description = `Продолжение истории «${sequelOf.title.title}». ${description}`;
      if (!descriptions.has(description)) break;
    }
    if (descriptions.has(description)) description = `${description.replace(/\.$/, '')} (${year}).`;
    descriptions.add(description);

    // ---- the rest
    const family = familyOf(slot);
    const what = whatOf(slot);
    const seasons = slot.kind === 'series'
      ? buildSeasons(f, {
        family, forKids: slot.forKids, chars: cast.chars, titleIndex: index, preview: chance(f, 0.5),
        guestNames: pool.list(slot.lang, 'actor').map((p) => ({ name: p.name, g: p.g })),
      })
      : [];
    const hero: Character | undefined = cast.chars[0];
    const hashtags = hashtagsFor(f, {
      family, russian: slot.lang === 'ru', femaleLead: hero?.g === 'f', placeTag: place.tag, sequel: sequelOf !== null,
      novelty: slot.novelty, anime: slot.isAnimation && slot.lang === 'ja' && !slot.forKids,
    });
    const hue = posterHue(f, family);
    const title: SeedTitle = {
      alias: aliases.claim(gen.title, year, 'title'),
      kind: slot.kind,
      title: gen.title,
      titleOriginal: gen.titleOriginal,
      description,
      releaseDate: isoOf(release),
      ekranReleaseDate: isoOf(ekran),
      year,
      durationMinutes: slot.kind === 'movie' ? duration(f, slot) : null,
      ratingAge,
      ratingEkran,
      popularity,
      isAnimation: slot.isAnimation,
      forKids: slot.forKids,
      isFree: false,
      genres,
      countries: slot.countries,
      credits: cast.credits,
      seasons,
      extras: extras(f, what.gen, gen.title, cast.directors[0]?.name ?? null, slot.isAnimation),
      hashtags,
      media: MEDIA[index % MEDIA.length] ?? 'aurora',
      poster: {
        hue,
        hue2: (hue + int(f, 30, 180)) % 360,
        pattern: posterPattern(f, family),
        seed: int(f, 1, 2_147_483_646),
      },
      seoSubject: `${what.nom} «${gen.title}» (${year})`,
      locales: locales(f, slot),
    };
    for (const { person, role } of cast.people) {
      pool.note(person, { title: title.title, kind: title.kind, isAnimation: title.isAnimation, year, popularity, role });
    }
    if (sequelOf) sequelOf.hasSequel = true;
    drafts.push({ slot, title, gen, cast, sequelOf, hasSequel: false });
  });

  markFree(f, drafts.map((d) => d.title), total);

  const { people, used } = pool.finalize(refYear);
  const aliasOf = new Map<string, string>(used.map((p: PersonRec) => [`#${p.id}`, p.alias]));
  const titles = drafts.map((d) => ({
    ...d.title,
    credits: d.title.credits.map((c) => ({ ...c, personAlias: aliasOf.get(c.personAlias) ?? c.personAlias })),
  }));

  const usedCountries = new Set(titles.flatMap((t) => t.countries));
  return {
    genres: GENRES.map((g) => ({ ...g })),
    countries: COUNTRIES.filter((c) => usedCountries.has(c.code)).map((c) => ({ ...c })),
    people,
    titles,
    collections: buildCollections(f, titles, refDay),
  };
}

// ------------------------------------------------------------- helpers ----

function releaseIn(f: Rng, year: number, refDay: number, latest = refDay - 35): number {
  const start = dayOfYearStart(year);
  return start + int(f, 0, Math.max(0, Math.min(364, latest - start)));
}

function dates(f: Rng, slot: Slot, refDay: number, refYear: number): { release: number; ekran: number } {
  const show = slot.primary === 'talkshow' || slot.primary === 'reality';
  if (slot.novelty) {
    const ekran = refDay - int(f, 0, 29);
    const release = chance(f, 0.65)
      ? ekran - (chance(f, 0.4) ? 0 : int(f, 1, 120))
      : releaseIn(f, weighted(f, [[refYear - 1, 3], [refYear - int(f, 2, 8), 3], [refYear - int(f, 9, 30), 2]] as const), refDay);
    return { release: Math.min(release, ekran), ekran };
  }
  const year = show
    ? int(f, refYear - 3, refYear)
    : weighted(f, [
      [int(f, refYear - 2, refYear), 40],
      [int(f, refYear - 8, refYear - 3), 30],
      [int(f, refYear - 20, refYear - 9), 22],
      [int(f, refYear - 45, refYear - 21), 8],
    ] as const);
  const release = releaseIn(f, year, refDay);
  const latest = refDay - 31;
  let ekran: number;
  if (release > refDay - 3 * 365) {
    ekran = Math.min(latest, release + (chance(f, 0.45) ? 0 : int(f, 1, 150)));
  } else if (chance(f, 0.82)) {
    ekran = int(f, refDay - 3 * 365, latest);
  } else {
    ekran = int(f, Math.max(release, refDay - 7 * 365), refDay - 3 * 365);
  }
  return { release: Math.min(release, ekran), ekran: Math.max(ekran, release) };
}

function datesAfter(f: Rng, baseYear: number, refDay: number, refYear: number): { release: number; ekran: number } {
  const year = Math.min(refYear, baseYear + int(f, 2, 4));
  const release = releaseIn(f, year, refDay);
  const ekran = Math.min(refDay - 31, release + (chance(f, 0.5) ? 0 : int(f, 1, 90)));
  return { release: Math.min(release, ekran), ekran: Math.max(ekran, release) };
}

function ageRating(f: Rng, slot: Slot): SeedRatingAge {
  if (slot.forKids) {
    if (slot.primary === 'education' || slot.primary === 'nurseryrhymes') return '0+';
    if (!slot.isAnimation) return weighted(f, [['6+', 60], ['8+', 40]] as const);
    if (slot.primary === 'entertainment') return weighted(f, [['0+', 70], ['6+', 30]] as const);
    return weighted(f, [['0+', 45], ['6+', 45], ['8+', 10]] as const);
  }
  if (slot.isAnimation) return weighted(f, [['13+', 40], ['16+', 45], ['18+', 15]] as const);
  return weighted(f, RATING_AGE_WEIGHTS[slot.primary]);
}

function duration(f: Rng, slot: Slot): number {
  if (slot.forKids && slot.isAnimation) {
    return chance(f, 0.15) ? int(f, 22, 50) : Math.round(60 + bell(f, 3) * 40);
  }
  if (slot.forKids) return int(f, 80, 105);
  if (slot.primary === 'documentary') return int(f, 52, 110);
  let d = 80 + bell(f, 3) * 75;
  if (['war', 'history', 'fantasy', 'biography', 'scifi'].includes(slot.primary)) d += int(f, 5, 25);
  if (['comedy', 'horror', 'family'].includes(slot.primary)) d -= int(f, 5, 15);
  if (slot.isAnimation) d = 85 + bell(f, 3) * 45;
  return Math.round(Math.min(170, Math.max(75, d)));
}

function genresFor(f: Rng, slot: Slot, gen: GeneratedTitle): string[] {
  if (slot.primary === 'documentary') return ['documentary', ...(gen.doc?.genres ?? [])];
  const out: string[] = [slot.primary];
  const options = (slot.forKids ? KIDS_SECONDARY[slot.primary] : SECONDARY_GENRES[slot.primary]) ?? [];
  const n = slot.primary === 'talkshow' || slot.primary === 'reality' ? int(f, 0, 1) : weighted(f, [[0, 30], [1, 50], [2, 20]] as const);
  for (const g of options) {
    if (out.length > n) break;
    if (chance(f, 0.55)) out.push(g);
  }
  return [...new Set(out)].slice(0, 3);
}

function placeFor(f: Rng, slot: Slot): Place {
  if (slot.forKids && slot.isAnimation) return pick(f, KIDS_PLACES);
  if (slot.primary === 'reality') return pick(f, REALITY_PLACES);
  if (slot.primary === 'fantasy' || slot.primary === 'fairytale') return pick(f, FANTASY_PLACES.filter((p) => slot.lang === 'ru' || p.country !== 'ru'));
  if (slot.primary === 'scifi') return pick(f, SCIFI_PLACES.filter((p) => slot.lang === 'ru' || !p.in.includes('тайги')));
  const list = PLACES[slot.lang];
  const main = slot.countries[0] ?? HOME_COUNTRY[slot.lang];
  const partner = slot.countries[1];
  const home = list.filter((p) => (p.country ?? HOME_COUNTRY[slot.lang]) === main);
  const away = partner ? list.filter((p) => p.country === partner) : [];
  if (away.length > 0 && chance(f, 0.5)) return pick(f, away);
  return pick(f, home.length > 0 ? home : list);
}

function extras(f: Rng, whatGen: string, title: string, director: string | null, animation: boolean): SeedExtra[] {
  const out: SeedExtra[] = [];
  const kind = weighted(f, [['one', 70], ['both', 20], ['teaser', 10]] as const);
  if (kind !== 'one') out.push({ kind: 'trailer', title: 'Тизер-трейлер', description: `Первый тизер ${whatGen} «${title}».`, media: 'teaser' });
  if (kind !== 'teaser') out.push({ kind: 'trailer', title: 'Трейлер', description: `Официальный трейлер ${whatGen} «${title}».`, media: 'teaser' });
  if (chance(f, 0.3)) {
    if (director && chance(f, 0.5)) {
      out.push({ kind: 'extra', title: 'Интервью с режиссёром', description: `Режиссёр ${director} рассказывает о замысле ${whatGen} «${title}» и о работе с ${animation ? 'художниками' : 'актёрами'}.`, media: 'teaser' });
    } else {
      out.push({
        kind: 'extra', title: 'Как снимали',
        description: animation
          ? `Как рисовали героев ${whatGen} «${title}»: эскизы, раскадровки и запись голосов.`
          : `Съёмочная группа рассказывает, как создавались самые сложные сцены ${whatGen} «${title}».`,
        media: 'teaser',
      });
    }
  }
  return out;
}

const AUDIO: Readonly<Record<Lang, string>> = { ru: 'ru', en: 'en', fr: 'fr', ko: 'ko', ja: 'ja', es: 'es', it: 'it', de: 'de', tr: 'tr', hi: 'hi' };

function locales(f: Rng, slot: Slot): string[] {
  if (slot.lang === 'ru') return chance(f, 0.06) && !slot.forKids ? ['ru', 'en'] : ['ru'];
  const orig = AUDIO[slot.lang];
  if (slot.forKids) return chance(f, 0.5) ? ['ru'] : ['ru', orig];
  if (slot.kind === 'series' && ['ko', 'ja', 'tr', 'hi'].includes(slot.lang) && chance(f, 0.3)) return [orig];
  return ['ru', orig];
}

const HUE_CENTER: Partial<Record<string, number>> = {
  horror: 350, thriller: 220, crime: 210, scifi: 195, fantasy: 275, kids: 45, education: 100, nurseryrhymes: 320,
  entertainment: 30, melodrama: 340, comedy: 50, war: 90, history: 35, documentary: 160, drama: 25,
};

function posterHue(f: Rng, family: string): number {
  const center = HUE_CENTER[family];
  if (center === undefined) return int(f, 0, 359);
  return (center + int(f, -35, 35) + 360) % 360;
}

function posterPattern(f: Rng, family: string): PosterPattern {
  const all: PosterPattern[] = ['rays', 'circles', 'stripes', 'grid', 'waves', 'peaks'];
  const pref: Partial<Record<string, PosterPattern[]>> = {
    kids: ['circles', 'waves'], nurseryrhymes: ['circles', 'waves'], scifi: ['grid', 'rays'], war: ['stripes', 'peaks'],
    adventure: ['peaks', 'waves'], documentary: ['peaks', 'waves'], crime: ['stripes', 'grid'], horror: ['rays', 'stripes'],
  };
  const p = pref[family];
  return p && chance(f, 0.6) ? pick(f, p) : pick(f, all);
}

/** ~12 free titles (scaled with catalogue size): ≥4 movies including ≥2 kids titles. */
function markFree(f: Rng, titles: SeedTitle[], total: number): void {
  const count = Math.min(titles.length, Math.max(Math.min(12, titles.length), Math.round((total * 12) / 320)));
  const chosen = new Set<SeedTitle>();
  // free titles are catalogue titles, not this month's premieres; prefer ones that are a few years old
  const newest = titles.reduce((m, t) => Math.max(m, t.year), 0);
  const take = (cands: SeedTitle[], n: number) => {
    const fresh = cands.filter((t) => !chosen.has(t));
    const aged = fresh.filter((t) => t.year <= newest - 3);
    const window = aged.length >= n ? aged : fresh;
    for (let i = 0; i < n && window.length > 0; i++) {
      const t = window.splice(int(f, 0, window.length - 1), 1)[0];
      if (t) chosen.add(t);
    }
  };
  take(titles.filter((t) => t.kind === 'movie' && t.forKids), 2);
  take(titles.filter((t) => t.kind === 'movie' && !t.forKids && !t.isAnimation), 3);
  take(titles.filter((t) => t.kind === 'series' && !t.genres.includes('talkshow') && !t.genres.includes('reality')), Math.round((count - chosen.size) / 2));
  take(titles.filter((t) => !t.genres.includes('talkshow') && !t.genres.includes('reality')), count - chosen.size);
  take(titles, count - chosen.size);
  for (const t of chosen) t.isFree = true;
}
