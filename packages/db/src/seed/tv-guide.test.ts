// The demo programme guide is believable Russian TV: our films and series on the film and series
// channels with their real durations, kids titles on the kids channels, news and documentaries elsewhere, no
// gaps, Moscow prime time, and the same day generated again is the same day.
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from './index.ts';
import { broadcastDayStart, buildDemoGuide, DEMO_GUIDE_CHANNELS, demoGuideProgrammes, type GuideProgramme, type GuideTitle } from './tv-guide.ts';
import { TV_CHANNELS } from './tv-channels.ts';

const catalogue = generateCatalogue();
const genreTitle = new Map(catalogue.genres.map((g) => [g.alias, g.title]));
const titles: GuideTitle[] = catalogue.titles.map((t) => ({
  alias: t.alias, kind: t.kind, title: t.title, year: t.year, durationMinutes: t.durationMinutes, ratingAge: t.ratingAge, forKids: t.forKids, isAnimation: t.isAnimation,
  popularity: t.popularity, description: t.description, genres: t.genres.map((a) => ({ alias: a, title: genreTitle.get(a)! })), countries: t.countries,
  seasons: t.seasons.map((s) => ({ number: s.number, episodes: s.episodes.map((e) => ({ number: e.number, title: e.title, durationMinutes: e.durationMinutes })) })),
}));
const byAlias = new Map(titles.map((t) => [t.alias, t]));
const from = new Date('2026-11-07T12:00:00Z');
const to = new Date('2026-11-28T12:00:00Z');
const guide = demoGuideProgrammes({ titles, from, to });
const of = (channel: string) => guide.filter((p) => p.channel === channel);
const mskHour = (p: GuideProgramme) => new Date(p.start.getTime() + 3 * 3_600_000).getUTCHours();
const minutes = (p: GuideProgramme) => (p.stop.getTime() - p.start.getTime()) / 60_000;

describe('the demo guide', () => {
  it('covers every demo channel from the broadcast day of `from` (06:00 Moscow) past `to`, with no gaps or overlaps', () => {
    expect(DEMO_GUIDE_CHANNELS.map((c) => c.alias)).toEqual(TV_CHANNELS.map((c) => c.alias));
    const first = broadcastDayStart(from);
    expect(first.toISOString()).toBe('2026-11-07T03:00:00.000Z');
    for (const { alias } of DEMO_GUIDE_CHANNELS) {
      const list = of(alias);
      expect(list[0]!.start, alias).toEqual(first);
      expect(list.at(-1)!.stop.getTime(), alias).toBeGreaterThanOrEqual(to.getTime());
      for (let i = 1; i < list.length; i++) expect(list[i]!.start, `${alias} #${i}`).toEqual(list[i - 1]!.stop);
      expect(list.every((p) => p.start.getUTCMinutes() % 5 === 0 && minutes(p) > 0)).toBe(true);
    }
  });

  it('puts our films on the film channels, each at least as long as the film', () => {
    for (const alias of ['ekran-kino', 'ekran-premera', 'nashe-kino']) {
      const films = of(alias).filter((p) => p.alias);
      expect(films.length, alias).toBeGreaterThan(8 * 21);
      for (const p of films) {
        const title = byAlias.get(p.alias!)!;
        expect(title.kind).toBe('movie');
        expect(minutes(p)).toBeGreaterThanOrEqual(title.durationMinutes!);
        expect(minutes(p) - title.durationMinutes!).toBeLessThan(5);
      }
    }
    expect(of('nashe-kino').filter((p) => p.alias).every((p) => byAlias.get(p.alias!)!.countries.includes('ru'))).toBe(true);
  });

  it('shows a series’ episodes in order within a block, each as long as the episode', () => {
    const serialy = of('ekran-serialy').filter((p) => p.alias);
    expect(serialy.length).toBeGreaterThan(15 * 21);
    for (const p of serialy) {
      const title = byAlias.get(p.alias!)!;
      const episode = title.seasons.find((s) => s.number === p.season)!.episodes.find((e) => e.number === p.episode)!;
      expect(episode.title).toBe(p.subTitle);
      expect(minutes(p)).toBeGreaterThanOrEqual(episode.durationMinutes);
    }
  });

  it('keeps the kids channels to kids titles, and 18+ films to late night', () => {
    for (const alias of ['detskiy-ekran', 'multlandia']) {
      const list = of(alias);
      expect(list.filter((p) => p.alias).length, alias).toBeGreaterThan(100);
      expect(list.filter((p) => p.alias).every((p) => byAlias.get(p.alias!)!.forKids), alias).toBe(true);
      expect(list.every((p) => ['0+', '6+', '8+'].includes(p.rating)), alias).toBe(true);
    }
    const adult = guide.filter((p) => p.rating === '18+');
    expect(adult.length).toBeGreaterThan(0);
    expect(adult.every((p) => mskHour(p) >= 23 || mskHour(p) < 5)).toBe(true);
  });

  it('airs the most popular films in Moscow prime time', () => {
    const popular = new Set([...titles].filter((t) => t.kind === 'movie' && !t.forKids).sort((a, b) => b.popularity - a.popularity).slice(0, 40).map((t) => t.alias));
    const prime = of('ekran-kino').filter((p) => p.alias && mskHour(p) >= 19 && mskHour(p) < 23);
    expect(prime.length).toBeGreaterThan(21);
    expect(prime.filter((p) => popular.has(p.alias!)).length / prime.length).toBeGreaterThan(0.8);
  });

  it('has news on the hour on the news channel and documentaries on the nature channel, none of them catalogue titles but the documentaries', () => {
    const news = of('ekran-novosti');
    expect(news.every((p) => !p.alias)).toBe(true);
    expect(news.filter((p) => p.start.getUTCMinutes() === 0).every((p) => /новост/i.test(p.title))).toBe(true);
    const nature = of('priroda');
    expect(nature.filter((p) => p.alias).every((p) => byAlias.get(p.alias!)!.genres.some((g) => g.alias === 'documentary'))).toBe(true);
    expect(nature.some((p) => !p.alias)).toBe(true);
  });

  it('generates a broadcast day the same again, whatever window it is part of', () => {
    const day = new Date('2026-11-21T03:00:00Z');
    const again = demoGuideProgrammes({ titles, from: new Date('2026-11-21T10:00:00Z'), to: new Date('2026-11-22T02:00:00Z') });
    const strip = (list: GuideProgramme[]) => list.filter((p) => p.start >= day && p.start < new Date(day.getTime() + 86_400_000));
    expect(strip(again)).toEqual(strip(guide));
  });

  it('writes XMLTV with Moscow times, the catalogue marker and episode numbers', () => {
    const xml = buildDemoGuide({ titles, from: new Date('2026-11-21T10:00:00Z'), to: new Date('2026-11-21T12:00:00Z') });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE tv SYSTEM "xmltv.dtd">')).toBe(true);
    expect(xml).toContain('<channel id="ekran-kino.ekran.tv"><display-name lang="ru">Экран Кино</display-name><icon src="/tv-logos/ekran-kino.svg"/></channel>');
    expect(xml).toMatch(/<programme start="20261121060000 \+0300" stop="\d{14} \+0300" channel="ekran-kino\.ekran\.tv"><title lang="ru">[^<]+<\/title>/);
    expect(xml).toMatch(/<episode-num system="xmltv_ns">\d+\.\d+\.<\/episode-num><episode-num system="ekran">[a-z0-9-]+<\/episode-num>/);
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;)/);
  });
});
