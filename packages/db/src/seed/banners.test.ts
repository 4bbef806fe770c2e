import { BANNER_ACTION_TYPES, BANNER_TYPES, isInternalUrl } from '@ekran/core';
import { count, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../client.ts';
import { banners, collections, extras, titles } from '../schema.ts';
import { buildBanners } from './banners.ts';
import { generateCatalogue, seedDatabase, type MediaManifestEntry } from './index.ts';

const media = JSON.parse(readFileSync(new URL('../../../../media/demo/manifest.json', import.meta.url), 'utf8')) as MediaManifestEntry[];
const clients = [{ key: 'seed-banners-key-0001', name: 'web', platform: 'web' }];

let handle: DbHandle;
let rows: (typeof banners.$inferSelect)[];
beforeAll(async () => {
  handle = await createDb();
  await handle.migrate();
  await seedDatabase(handle.db, { media, apiClients: clients });
  rows = await handle.db.select().from(banners).orderBy(banners.location, banners.position);
}, 120_000);
afterAll(() => handle.close());

describe('seeded banners (issue 4 home)', () => {
  it('has about 8 home, 5 kids and 4 promo banners in order', () => {
    const at = (location: string) => rows.filter((r) => r.location === location).map((r) => r.position);
    expect(at('home')).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(at('kids')).toEqual([0, 1, 2, 3, 4]);
    expect(at('promos')).toEqual([0, 1, 2, 3]);
    expect(at('catchups')).toEqual([0, 1, 2]); // /posters/location/catchups
  });

  it('covers every banner type and every action type of spec platform §3', () => {
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(BANNER_TYPES));
    expect(new Set(rows.flatMap((r) => r.actions.map((a) => a.type)))).toEqual(new Set(BANNER_ACTION_TYPES));
  });

  it('has a link banner to /child_profile and a profile banner with a child action', () => {
    expect(rows.some((r) => r.type === 'link' && r.actions.some((a) => a.type === 'open' && a.url === '/child_profile'))).toBe(true);
    expect(rows.some((r) => r.type === 'profile' && r.actions.some((a) => a.child === true))).toBe(true);
  });

  it('points product banners at existing titles, kids banners at kids titles, and trailers at their own title', async () => {
    for (const row of rows.filter((r) => r.type === 'product')) {
      const [title] = await handle.db.select().from(titles).where(eq(titles.alias, row.targetAlias!));
      expect(title, row.alias).toBeDefined();
      if (row.forKids) expect(title!.forKids, row.alias).toBe(true);
      for (const action of row.actions.filter((a) => a.type === 'play_trailer')) {
        const [extra] = await handle.db.select().from(extras).where(eq(extras.id, action.trailer_id!));
        expect(extra?.titleId, row.alias).toBe(title!.id);
        expect(extra?.kind).toBe('trailer');
      }
    }
    for (const row of rows.filter((r) => r.type === 'collection')) {
      const [collection] = await handle.db.select().from(collections).where(eq(collections.alias, row.targetAlias!));
      expect(collection, row.alias).toBeDefined();
      if (row.forKids) expect(collection!.forKids, row.alias).toBe(true);
    }
  });

  it('gives every banner Russian copy, art and internal links only', () => {
    for (const row of rows) {
      expect(row.title, row.alias).toMatch(/[а-яё]/i);
      expect(row.description.length, row.alias).toBeGreaterThan(20);
      for (const a of row.actions) if (a.url) expect(isInternalUrl(a.url), `${row.alias} ${a.url}`).toBe(true);
      if (row.location === 'kids') expect(row.forKids).toBe(true);
    }
  });

  it('is idempotent and deterministic', async () => {
    await seedDatabase(handle.db, { media, apiClients: clients });
    const [again] = await handle.db.select({ n: count() }).from(banners);
    expect(Number(again!.n)).toBe(rows.length);
    expect(buildBanners(generateCatalogue())).toEqual(buildBanners(generateCatalogue()));
  }, 120_000);
});
