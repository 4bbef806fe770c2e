import { count, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../client.ts';
import { apiClients, collectionItems, credits, episodes, extras, genres, mediaAssets, people, tariffs, titleGenres, titles } from '../schema.ts';
import { generateCatalogue, seedDatabase, type MediaManifestEntry } from './index.ts';

const media = JSON.parse(readFileSync(new URL('../../../../media/demo/manifest.json', import.meta.url), 'utf8')) as MediaManifestEntry[];
const clients = [{ key: 'seed-test-key-0001', name: 'web', platform: 'web' }];

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
  await handle.migrate();
});
afterAll(() => handle.close());

async function counts() {
  const db = handle.db;
  const n = async (table: Parameters<ReturnType<typeof db.select>["from"]>[0]) => Number((await db.select({ n: count() }).from(table))[0]!.n);
  return {
    titles: await n(titles),
    people: await n(people),
    genres: await n(genres),
    titleGenres: await n(titleGenres),
    credits: await n(credits),
    episodes: await n(episodes),
    extras: await n(extras),
    collectionItems: await n(collectionItems),
    apiClients: await n(apiClients),
  };
}

describe('seedDatabase', () => {
  it('seeds a few hundred titles with every reference resolved', async () => {
    const result = await seedDatabase(handle.db, { media, apiClients: clients });
    expect(result.titles).toBeGreaterThanOrEqual(300);
    const c = await counts();
    expect(c.titles).toBe(result.titles);
    expect(c.episodes).toBe(result.episodes);
    expect(c.credits).toBeGreaterThan(c.titles * 5);
    expect(c.extras).toBeGreaterThanOrEqual(c.titles);
    const free = await handle.db.select({ n: count() }).from(titles).where(eq(titles.isFree, true));
    expect(Number(free[0]!.n)).toBeGreaterThanOrEqual(12);
  });

  it('is idempotent: a second run changes no counts', async () => {
    const before = await counts();
    await seedDatabase(handle.db, { media, apiClients: clients });
    expect(await counts()).toEqual(before);
  });

  it('carries the tracks, thumbnails and skip marks of the packaged demo media into media_assets', async () => {
    const [aurora] = await handle.db.select().from(mediaAssets).where(eq(mediaAssets.slug, 'aurora'));
    const entry = media.find((m) => m.slug === 'aurora')!;
    expect(aurora).toMatchObject({
      kind: 'feature', durationSeconds: entry.durationSeconds, thumbnailsVtt: 'thumbs/thumbs.vtt',
      audioTracks: [{ lang: 'ru', name: 'Русский', isDefault: true }, { lang: 'en', name: 'English', isDefault: false }],
      subtitles: [{ lang: 'ru', name: 'Русские' }],
      introStartSeconds: entry.introStartSeconds, introEndSeconds: entry.introEndSeconds, creditsStartSeconds: entry.creditsStartSeconds,
    });
    expect(aurora!.renditions.map((r) => Object.keys(r).sort())).toEqual(entry.renditions.map(() => ['bandwidth', 'codecs', 'height', 'name', 'width']));
    const [teaser] = await handle.db.select().from(mediaAssets).where(eq(mediaAssets.slug, 'teaser'));
    expect(teaser).toMatchObject({ kind: 'trailer', introStartSeconds: null, creditsStartSeconds: null, subtitles: [] });
  });

  // Spec platform §9 tariffs
  it('seeds the tariffs of platform §9 with their discount chains (a rerun keeps their ids)', async () => {
    const rows = await handle.db.select().from(tariffs);
    const by = Object.fromEntries(rows.map((r) => [r.alias, r]));
    const month = by.month!;
    expect(month).toMatchObject({ price: 499, durationDays: 30, weight: 0, allowTrial: true, trialDays: 7, isListed: true, nextTariffId: null });
    expect(by['month-499']).toMatchObject({ price: 499, durationDays: 30, allowTrial: false, isListed: false });
    expect(by['three-months']).toMatchObject({ price: 1190, durationDays: 90, recurrentPrice: 499, nextTariffId: month.id, originalId: null, isListed: true });
    expect(by['first-month-149']).toMatchObject({ price: 149, durationDays: 30, originalId: month.id, nextTariffId: month.id, isListed: false });
    expect(by['month-399']).toMatchObject({ price: 399, originalId: month.id, isListed: false });
    await seedDatabase(handle.db, { media, apiClients: clients });
    expect((await handle.db.select().from(tariffs).where(eq(tariffs.alias, 'month')))[0]!.id).toBe(month.id);
  });

  it('is deterministic: the generator gives the same catalogue for the same seed', () => {
    const a = generateCatalogue({ titles: 40 });
    const b = generateCatalogue({ titles: 40 });
    expect(a).toEqual(b);
    expect(generateCatalogue({ titles: 40, seed: 7 }).titles.map((t) => t.alias)).not.toEqual(a.titles.map((t) => t.alias));
  });

  it('uses the genre aliases of the spec', async () => {
    const aliases = (await handle.db.select({ alias: genres.alias }).from(genres)).map((g) => g.alias);
    for (const a of ['adventure', 'education', 'entertainment', 'family', 'sport', 'thriller', 'horror', 'scifi', 'fantasy', 'talkshow', 'reality', 'drama', 'comedy', 'detective']) {
      expect(aliases).toContain(a);
    }
  });

  it('refuses a catalogue that names a media asset missing from the manifest, writing nothing', async () => {
    const fresh = await createDb();
    await fresh.migrate();
    try {
      await expect(seedDatabase(fresh.db, { media: media.filter((m) => m.slug !== 'teaser'), apiClients: clients })).rejects.toThrow(/teaser/);
      expect(Number((await fresh.db.select({ n: count() }).from(titles))[0]!.n)).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
