import { describe, expect, it } from 'vitest';
import { generateCatalogue } from './content/index.ts';
import { planPlaylists, planSelections } from './selections-playlists.ts';

const catalogue = generateCatalogue();

describe('planSelections (issue 4: about 10 adult and 5 kids selections)', () => {
  const plan = planSelections(catalogue);

  it('has unique aliases and one source each', () => {
    expect(new Set(plan.map((s) => s.alias)).size).toBe(plan.length);
    for (const s of plan) expect([s.rule, s.collection, s.titleAliases].filter(Boolean)).toHaveLength(1);
  });

  it('fills both homes', () => {
    const adult = plan.filter((s) => s.location !== 'kids');
    const kids = plan.filter((s) => s.location !== 'home');
    expect(adult.length).toBeGreaterThanOrEqual(10);
    expect(kids.length).toBeGreaterThanOrEqual(5);
    expect(plan.map((s) => (s.rule ? 'rule' : s.collection ? 'collection' : 'items'))).toEqual(expect.arrayContaining(['rule', 'collection', 'items']));
  });

  it('refers only to collections and titles of the catalogue', () => {
    const collections = new Set(catalogue.collections.map((c) => c.alias));
    const titles = new Set(catalogue.titles.map((t) => t.alias));
    for (const s of plan) {
      if (s.collection) expect(collections).toContain(s.collection);
      for (const a of s.titleAliases ?? []) expect(titles).toContain(a);
    }
  });

  it('leaves out what a small catalogue cannot fill instead of failing', () => {
    const small = generateCatalogue({ seed: 1, titles: 40, referenceDate: '2024-06-30' });
    const collections = new Set(small.collections.map((c) => c.alias));
    for (const s of planSelections(small)) if (s.collection) expect(collections).toContain(s.collection);
  });
});

describe('planPlaylists', () => {
  const plan = planPlaylists(catalogue);
  const byAlias = new Map(catalogue.titles.map((t) => [t.alias, t]));

  it('has 4 to 6 playlists of at least three items', () => {
    expect(plan.length).toBeGreaterThanOrEqual(4);
    expect(plan.length).toBeLessThanOrEqual(6);
    for (const p of plan) expect(p.items.length).toBeGreaterThanOrEqual(3);
  });

  it('mixes movies, episodes and trailers that exist', () => {
    const kinds = new Set<string>();
    for (const p of plan) {
      for (const i of p.items) {
        if ('movie' in i) {
          kinds.add('movie');
          expect(byAlias.get(i.movie)?.kind).toBe('movie');
        } else if ('series' in i) {
          kinds.add('episode');
          const season = byAlias.get(i.series)?.seasons.find((s) => s.number === i.season);
          expect(season?.episodes.some((e) => e.number === i.episode)).toBe(true);
        } else {
          kinds.add('extra');
          expect(byAlias.get(i.extraOf)?.extras[i.position]).toBeDefined();
        }
      }
    }
    expect([...kinds].sort()).toEqual(['episode', 'extra', 'movie']);
  });

  it('keeps the kids playlist to kids titles and the first-episodes one to free previews', () => {
    const kids = plan.find((p) => p.alias === 'kids-bedtime')!;
    for (const i of kids.items) expect('series' in i && byAlias.get(i.series)?.forKids).toBe(true);
    const previews = plan.find((p) => p.alias === 'first-episodes')!;
    for (const i of previews.items) expect('series' in i && byAlias.get(i.series)?.seasons[0]?.episodes[0]?.isPreview).toBe(true);
  });
});
