import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../client.ts';
import { mediaAssets, playerSlots, tariffs, titles } from '../schema.ts';
import { generateCatalogue, seedDatabase, type MediaManifestEntry } from './index.ts';
import { buildPlayerSlots } from './player-slots.ts';

const media = JSON.parse(readFileSync(new URL('../../../../media/demo/manifest.json', import.meta.url), 'utf8')) as MediaManifestEntry[];
const catalogue = generateCatalogue();

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
  await handle.migrate();
  await seedDatabase(handle.db, { media, apiClients: [{ key: 'slots-test-key-0001', name: 'web', platform: 'web' }], catalogue });
});
afterAll(() => handle.close());

describe('issue 5 seed: player slots and stream limits', () => {
  it('promotes paid adult titles: a skippable preroll for non-subscribers and a postroll for everyone, on the teaser', () => {
    const slots = buildPlayerSlots(catalogue);
    expect(slots.map((s) => [s.position, s.audience, s.skipAfterSeconds, s.media])).toEqual([
      ['preroll', 'non_subscribers', 5, 'teaser'],
      ['postroll', 'all', 0, 'teaser'],
    ]);
    for (const s of slots) {
      const title = catalogue.titles.find((t) => t.alias === s.titleAlias)!;
      expect(title).toMatchObject({ forKids: false, isFree: false });
    }
  });

  it('writes them linked to their titles and the teaser, once however often it runs', async () => {
    await seedDatabase(handle.db, { media, apiClients: [{ key: 'slots-test-key-0001', name: 'web', platform: 'web' }], catalogue });
    const rows = await handle.db
      .select({ position: playerSlots.position, alias: titles.alias, slug: mediaAssets.slug, isActive: playerSlots.isActive })
      .from(playerSlots)
      .innerJoin(titles, eq(titles.id, playerSlots.titleId))
      .innerJoin(mediaAssets, eq(mediaAssets.id, playerSlots.mediaAssetId))
      .orderBy(playerSlots.position);
    expect(rows).toEqual(
      buildPlayerSlots(catalogue)
        .map((s) => ({ position: s.position, alias: s.titleAlias, slug: 'teaser', isActive: true }))
        .sort((a, b) => a.position.localeCompare(b.position)),
    );
  });

  it('the month tariff allows two simultaneous streams', async () => {
    const [month] = await handle.db.select().from(tariffs).where(eq(tariffs.alias, 'month'));
    expect(month).toMatchObject({ maxStreams: 2, channel: null, weight: 0, allowTrial: true });
  });
});
