// The demo seed's selections and playlists, through the API: every seeded rule passes SelectionRuleSchema (a
// rule that does not is left out, and the counts here would drop), every row and playlist has titles, and a
// second seed run changes nothing.
import { HomeSchema, PlaylistListSchema, PlaylistResponseSchema, SelectionListSchema, SelectionPageSchema } from '@ekran/contracts';
import { playlistItems, selectionItems, selections } from '@ekran/db';
import { seedDatabase } from '@ekran/db/seed';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMediaManifest } from '../../lib/paths.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let seeded: Awaited<ReturnType<typeof seedDatabase>>;
const seed = () => seedDatabase(t.db, { media: readMediaManifest(t.env.MEDIA_DIR), apiClients: [{ key: 'seeded-test-key-0001', name: 'web', platform: 'web' }] });

beforeAll(async () => {
  t = await createTestApp();
  seeded = await seed();
}, 120_000);
afterAll(() => t.close());

const json = async (url: string) => {
  const res = await t.app.inject({ url, headers: t.headers });
  expect(res.statusCode, url).toBe(200);
  return res.json<unknown>();
};

describe('the seeded selections and playlists', () => {
  it('give the adult home at least ten rows and the kids home at least five, all valid and filled', async () => {
    const adult = SelectionListSchema.parse(await json('/api/v1/selections'));
    const kids = SelectionListSchema.parse(await json('/api/v1/selections?for_kids=true'));
    expect(adult.items.length + kids.items.filter((s) => s.location === 'kids').length).toBe(seeded.selections);
    expect(adult.items.length).toBeGreaterThanOrEqual(10);
    expect(kids.items.length).toBeGreaterThanOrEqual(5);
    for (const s of [...adult.items, ...kids.items]) expect(s.items_total, s.alias).toBeGreaterThan(0);
    const home = HomeSchema.parse(await json('/api/v1/home'));
    expect(home.rows.map((r) => r.alias)).toEqual(adult.items.map((s) => s.alias));
    const kidsHome = HomeSchema.parse(await json('/api/v1/home?for_kids=true'));
    expect(kidsHome.rows.flatMap((r) => r.items).every((i) => i.for_kids)).toBe(true);
  });

  it('answer /main/top-rated with titles rated 7.5 and higher, best first', async () => {
    const page = SelectionPageSchema.parse(await json('/api/v1/selections/top-rated'));
    const ratings = page.items.map((i) => i.rating_ekran);
    expect(ratings.every((r) => r >= 7.5)).toBe(true);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('answer every playlist with its items', async () => {
    const { items } = PlaylistListSchema.parse(await json('/api/v1/playlists'));
    expect(items).toHaveLength(seeded.playlists);
    for (const p of items) {
      const playlist = PlaylistResponseSchema.parse(await json(`/api/v1/playlists/${p.alias}`));
      expect(playlist.items_total).toBe(p.items_total);
      expect(playlist.items.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('do not change on a second seed run', async () => {
    const counts = async () => ({
      selections: Number((await t.db.select({ n: count() }).from(selections))[0]!.n),
      picked: Number((await t.db.select({ n: count() }).from(selectionItems))[0]!.n),
      items: Number((await t.db.select({ n: count() }).from(playlistItems))[0]!.n),
    });
    const before = await counts();
    await seed();
    expect(await counts()).toEqual(before);
  }, 120_000);
});
