import { describe, expect, it } from 'vitest';
import { countSentences } from './descriptions.ts';
import { generateCatalogue } from './index.ts';
import { ALIAS_RE, slugify, translit } from './translit.ts';
import { adjForm, withPrep } from './words.ts';
import type { SeedCatalogue, SeedRatingAge } from './types.ts';

const catalogue: SeedCatalogue = generateCatalogue();
const { titles, people, collections, genres, countries } = catalogue;
const share = (n: number) => n / titles.length;
const count = (p: (t: (typeof titles)[number]) => boolean) => titles.filter(p).length;

const AGES: readonly SeedRatingAge[] = ['0+', '6+', '8+', '13+', '16+', '18+'];
const KIDS_GENRES = new Set(['family', 'adventure', 'comedy', 'fantasy', 'fairytale', 'education', 'entertainment', 'nurseryrhymes']);

describe('translit', () => {
  it('follows the table and produces kebab-case aliases', () => {
    expect(translit('ёжик')).toBe('yozhik');
    expect(translit('щука, цапля, хорёк, шьёт, экран, юла, яма, йод, съезд, мыло')).toBe('shchuka, tsaplya, khoryok, shyot, ekran, yula, yama, yod, sezd, mylo');
    expect(slugify('Лёд и пламя')).toBe('lyod-i-plamya');
    expect(slugify('Мой папа — пират')).toBe('moy-papa-pirat');
    expect(slugify('Байкал. Сердце Сибири')).toBe('baykal-serdtse-sibiri');
    expect(slugify('François Dupont')).toBe('francois-dupont');
  });

  it('declines adjectives and picks the right preposition', () => {
    expect(adjForm('старый', 'm', 'gen')).toBe('старого');
    expect(adjForm('последний', 'f', 'nom')).toBe('последняя');
    expect(adjForm('тихий', 'n', 'nom')).toBe('тихое');
    expect(adjForm('горячий', 'f', 'gen')).toBe('горячей');
    expect(adjForm('золотой', 'p', 'nom')).toBe('золотые');
    expect(adjForm('большой', 'p', 'gen')).toBe('больших');
    expect(withPrep('Снежком')).toBe('со Снежком');
    expect(withPrep('Совой Соней')).toBe('с Совой Соней');
  });
});

describe('generateCatalogue', () => {
  it('is deterministic for the same options and differs for another seed', () => {
    expect(generateCatalogue()).toEqual(catalogue);
    const small = { seed: 7, titles: 60, referenceDate: '2025-03-15' };
    expect(generateCatalogue(small)).toEqual(generateCatalogue(small));
    const other = generateCatalogue({ seed: 20261122 });
    expect(other).not.toEqual(catalogue);
    expect(other.titles.map((t) => t.title)).not.toEqual(titles.map((t) => t.title));
  });

  it('has the requested size and a realistic mix', () => {
    expect(titles).toHaveLength(320);
    expect(genres).toHaveLength(24);
    const liveMovies = count((t) => t.kind === 'movie' && !t.isAnimation);
    const liveSeries = count((t) => t.kind === 'series' && !t.isAnimation);
    const animation = count((t) => t.isAnimation);
    expect(share(liveMovies)).toBeGreaterThan(0.4);
    expect(share(liveMovies)).toBeLessThan(0.5);
    expect(share(liveSeries)).toBeGreaterThan(0.25);
    expect(share(liveSeries)).toBeLessThan(0.35);
    expect(share(animation)).toBeGreaterThan(0.2);
    expect(share(animation)).toBeLessThan(0.3);
    expect(count((t) => t.isAnimation && t.kind === 'movie')).toBeGreaterThan(10);
    expect(count((t) => t.isAnimation && t.kind === 'series')).toBeGreaterThan(10);
    // most animation is for kids, a few titles are adult animation
    expect(count((t) => t.isAnimation && t.forKids)).toBeGreaterThan(animation * 0.6);
    expect(count((t) => t.isAnimation && !t.forKids)).toBeGreaterThanOrEqual(5);
    // about 60% Russian productions
    const russian = count((t) => t.countries[0] === 'ru');
    expect(share(russian)).toBeGreaterThan(0.5);
    expect(share(russian)).toBeLessThan(0.7);
    expect(people.length).toBeGreaterThan(300);
    expect(people.length).toBeLessThan(500);
    expect(collections.length).toBeGreaterThanOrEqual(10);
  });

  it('keeps every alias unique and kebab-case', () => {
    for (const list of [titles, people, collections, genres] as { alias: string }[][]) {
      const aliases = list.map((x) => x.alias);
      expect(new Set(aliases).size).toBe(aliases.length);
      for (const a of aliases) expect(a).toMatch(ALIAS_RE);
    }
    expect(new Set(titles.map((t) => t.title.toLowerCase())).size).toBe(titles.length);
  });

  it('resolves every reference', () => {
    const genreSet = new Set(genres.map((g) => g.alias));
    const countrySet = new Set(countries.map((c) => c.code));
    const personSet = new Set(people.map((p) => p.alias));
    const titleSet = new Set(titles.map((t) => t.alias));
    for (const t of titles) {
      for (const g of t.genres) expect(genreSet).toContain(g);
      for (const c of t.countries) expect(countrySet).toContain(c);
      for (const c of t.credits) expect(personSet).toContain(c.personAlias);
    }
    for (const c of collections) for (const a of c.titleAliases) expect(titleSet).toContain(a);
    for (const c of countries) expect(c.code).toMatch(/^[a-z]{2}$/);
    // every person is credited somewhere
    const credited = new Set(titles.flatMap((t) => t.credits.map((c) => c.personAlias)));
    for (const p of people) expect(credited).toContain(p.alias);
  });

  it('gives every title valid metadata', () => {
    for (const t of titles) {
      expect(AGES).toContain(t.ratingAge);
      expect(t.genres.length).toBeGreaterThanOrEqual(1);
      expect(t.genres.length).toBeLessThanOrEqual(3);
      expect(new Set(t.genres).size).toBe(t.genres.length);
      expect(t.countries.length).toBeGreaterThanOrEqual(1);
      expect(t.countries.length).toBeLessThanOrEqual(2);
      expect(t.ratingEkran).toBeGreaterThanOrEqual(1);
      expect(t.ratingEkran).toBeLessThanOrEqual(10);
      expect(Math.round(t.ratingEkran * 10) / 10).toBe(t.ratingEkran);
      expect(Number.isInteger(t.popularity)).toBe(true);
      expect(t.popularity).toBeGreaterThanOrEqual(0);
      expect(t.popularity).toBeLessThanOrEqual(100000);
      expect(t.releaseDate <= t.ekranReleaseDate).toBe(true);
      expect(t.ekranReleaseDate <= '2026-11-01').toBe(true);
      expect(t.year).toBe(Number(t.releaseDate.slice(0, 4)));
      expect(t.poster.hue).toBeGreaterThanOrEqual(0);
      expect(t.poster.hue).toBeLessThan(360);
      expect(t.poster.hue2).toBeGreaterThanOrEqual(0);
      expect(t.poster.hue2).toBeLessThan(360);
      expect(t.seoSubject).toContain(`«${t.title}» (${t.year})`);
      expect(t.locales.length).toBeGreaterThan(0);
      expect(t.hashtags.length).toBeLessThanOrEqual(4);
      for (const h of t.hashtags) expect(h).toMatch(/^[а-яё0-9_]+$/);
      expect(t.extras.some((e) => e.kind === 'trailer' && (e.title === 'Трейлер' || e.title === 'Тизер-трейлер'))).toBe(true);
      if (t.countries[0] === 'ru') expect(t.titleOriginal).toBeNull();
      else expect(t.titleOriginal).toBeTruthy();
      const sentences = countSentences(t.description);
      expect(sentences, t.description).toBeGreaterThanOrEqual(2);
      expect(sentences, t.description).toBeLessThanOrEqual(4);
    }
    // ekran dates mostly within the last three years
    expect(count((t) => t.ekranReleaseDate >= '2023-11-01')).toBeGreaterThan(titles.length * 0.7);
    const ratings = titles.map((t) => t.ratingEkran);
    expect(ratings.filter((r) => r >= 6 && r <= 8.5).length).toBeGreaterThan(titles.length * 0.6);
    const pops = titles.map((t) => t.popularity).sort((a, b) => a - b);
    const median = pops[Math.floor(pops.length / 2)] ?? 0;
    expect(pops[pops.length - 1]).toBeGreaterThan(median * 10); // long tail
  });

  it('gives kids titles kids ratings and kids genres', () => {
    const kids = titles.filter((t) => t.forKids);
    expect(kids.length).toBeGreaterThan(40);
    expect(kids.filter((t) => t.isAnimation).length).toBeGreaterThan(kids.length / 2);
    for (const t of kids) {
      expect(['0+', '6+', '8+']).toContain(t.ratingAge);
      for (const g of t.genres) expect(KIDS_GENRES).toContain(g);
    }
    for (const t of titles.filter((x) => x.genres.some((g) => g === 'talkshow' || g === 'reality'))) expect(t.kind).toBe('series');
  });

  it('shapes movies and series correctly', () => {
    for (const t of titles) {
      if (t.kind === 'movie') {
        expect(t.seasons).toEqual([]);
        expect(t.durationMinutes).not.toBeNull();
        const d = t.durationMinutes ?? 0;
        if (t.forKids && t.isAnimation) {
          expect(d).toBeGreaterThanOrEqual(20);
          expect(d).toBeLessThanOrEqual(100);
        } else {
          expect(d).toBeGreaterThanOrEqual(t.genres[0] === 'documentary' ? 50 : 75);
          expect(d).toBeLessThanOrEqual(170);
        }
      } else {
        expect(t.durationMinutes).toBeNull();
        expect(t.seasons.length).toBeGreaterThanOrEqual(1);
        expect(t.seasons.length).toBeLessThanOrEqual(5);
        t.seasons.forEach((s, i) => {
          expect(s.number).toBe(i + 1);
          expect(s.episodes.length).toBeGreaterThanOrEqual(6);
          expect(s.episodes.length).toBeLessThanOrEqual(12);
          s.episodes.forEach((e, j) => {
            expect(e.number).toBe(j + 1);
            expect(e.title.length).toBeGreaterThan(0);
            expect(e.description.length).toBeGreaterThan(0);
            if (t.forKids) expect(e.durationMinutes).toBeLessThanOrEqual(25);
            else expect(e.durationMinutes).toBeGreaterThanOrEqual(40);
            if (e.isPreview) expect(i === 0 && j === 0).toBe(true);
          });
        });
      }
    }
    const series = titles.filter((t) => t.kind === 'series');
    const withPreview = series.filter((t) => t.seasons[0]?.episodes[0]?.isPreview).length;
    expect(withPreview / series.length).toBeGreaterThan(0.3);
    expect(withPreview / series.length).toBeLessThan(0.7);
  });

  it('credits every title with a full cast and crew', () => {
    for (const t of titles) {
      const by = (r: string) => t.credits.filter((c) => c.role === r);
      expect(by('actor').length).toBeGreaterThanOrEqual(4);
      expect(by('actor').length).toBeLessThanOrEqual(10);
      for (const a of by('actor')) expect(a.characterName).toBeTruthy();
      expect(by('director').length).toBeGreaterThanOrEqual(1);
      expect(by('director').length).toBeLessThanOrEqual(2);
      expect(by('writer').length).toBeGreaterThanOrEqual(1);
      expect(by('writer').length).toBeLessThanOrEqual(2);
      expect(by('producer').length).toBeGreaterThanOrEqual(1);
      expect(by('producer').length).toBeLessThanOrEqual(3);
      expect(by('composer')).toHaveLength(1);
      expect(by('operator')).toHaveLength(1);
    }
    // filmographies are non-trivial: directors and actors are reused across titles
    const creditsPer = new Map<string, number>();
    for (const t of titles) for (const c of t.credits) creditsPer.set(c.personAlias, (creditsPer.get(c.personAlias) ?? 0) + 1);
    expect([...creditsPer.values()].filter((n) => n >= 5).length).toBeGreaterThan(50);
  });

  it('gives every person a name, alias and biography', () => {
    for (const p of people) {
      expect(p.name.trim().length).toBeGreaterThan(3);
      expect(p.alias).toMatch(ALIAS_RE);
      expect(p.biography.length).toBeGreaterThan(20);
      if (p.birthDate !== null) expect(p.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (p.nameOriginal !== null) expect(p.nameOriginal).not.toBe(p.name);
    }
    expect(people.filter((p) => p.nameOriginal === null).length).toBeGreaterThan(people.length / 2);
  });

  it('has at least 12 free titles including 4 movies and 2 kids titles', () => {
    const free = titles.filter((t) => t.isFree);
    expect(free.length).toBeGreaterThanOrEqual(12);
    expect(free.filter((t) => t.kind === 'movie').length).toBeGreaterThanOrEqual(4);
    expect(free.filter((t) => t.forKids).length).toBeGreaterThanOrEqual(2);
  });

  it('never repeats a description', () => {
    const all = titles.map((t) => t.description);
    expect(new Set(all).size).toBe(all.length);
  });

  it('builds collections that match their rules', () => {
    const byAlias = new Map(titles.map((t) => [t.alias, t]));
    const get = (alias: string) => {
      const c = collections.find((x) => x.alias === alias);
      expect(c, alias).toBeDefined();
      return (c?.titleAliases ?? []).map((a) => byAlias.get(a)).filter((t) => t !== undefined);
    };
    for (const c of collections) {
      expect(c.titleAliases.length).toBeGreaterThanOrEqual(10);
      expect(c.titleAliases.length).toBeLessThanOrEqual(24);
      expect(new Set(c.titleAliases).size).toBe(c.titleAliases.length);
      if (c.forKids) for (const a of c.titleAliases) expect(byAlias.get(a)?.forKids).toBe(true);
    }
    for (const t of get('besplatno')) expect(t.isFree).toBe(true);
    for (const t of get('luchshie-komedii')) expect(t.genres).toContain('comedy');
    for (const t of get('dlya-samykh-malenkikh')) expect(t.ratingAge).toBe('0+');
    for (const t of get('rossiyskie-serialy')) expect(t.kind === 'series' && t.countries[0] === 'ru').toBe(true);
    for (const t of get('detektivy-s-neozhidannym-finalom')) expect(t.genres).toContain('detective');
    for (const t of get('fantastika-i-fentezi')) expect(t.genres.some((g) => g === 'scifi' || g === 'fantasy')).toBe(true);
    expect(get('novinki-mesyatsa').length).toBeGreaterThanOrEqual(10);
    expect(get('vybor-redaktsii').length).toBeGreaterThanOrEqual(10);
  });

  it('scales down and honours the reference date', () => {
    const small = generateCatalogue({ seed: 1, titles: 40, referenceDate: '2024-06-30' });
    expect(small.titles).toHaveLength(40);
    for (const t of small.titles) expect(t.ekranReleaseDate <= '2024-06-30').toBe(true);
    const personSet = new Set(small.people.map((p) => p.alias));
    for (const t of small.titles) for (const c of t.credits) expect(personSet).toContain(c.personAlias);
  });
});
