// The landings of spec platform §2 and the offers of the shell's popups, seeded over the catalogue.
import { LANDING_SLUGS } from '@ekran/core';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../client.ts';
import { landings, offers, promoCampaigns, promoCodes, tariffs, titles } from '../schema.ts';
import { ensureMarketing, LANDINGS, OFFERS, seedDatabase, seedMarketing, type MediaManifestEntry } from './index.ts';

const media = JSON.parse(readFileSync(new URL('../../../../media/demo/manifest.json', import.meta.url), 'utf8')) as MediaManifestEntry[];

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
  await handle.migrate();
  await seedDatabase(handle.db, { media, apiClients: [{ key: 'seed-test-key-0002', name: 'web', platform: 'web' }] });
}, 120_000);
afterAll(() => handle.close());

describe('issue 6 seed: landings and offers', () => {
  it('seeds every landing of the route table with its copy, hero art and an existing featured title', async () => {
    const rows = await handle.db.select().from(landings);
    expect(rows.map((r) => r.slug).sort()).toEqual([...LANDING_SLUGS].sort());
    for (const row of rows) {
      expect(row.title).not.toContain('{title}');
      expect(row.sections.length).toBeGreaterThanOrEqual(2);
      for (const s of row.sections) expect(s.text).not.toContain('{title}');
      expect(row.tariffId ?? row.promoCode ?? (row.codeEntry ? 'code' : null), `${row.slug} sells something`).not.toBeNull();
      // no other brand's name in the copy: the partners are described, not named
      expect(`${row.title} ${row.lead} ${JSON.stringify(row.sections)}`).not.toMatch(/халва|совкомбанк|storytel|start|premier|okko|кинопоиск/i);
      if (row.titleId) expect((await handle.db.select().from(titles).where(eq(titles.id, row.titleId))).length).toBe(1);
    }
    expect(rows.filter((r) => r.titleId).length).toBe(LANDINGS.filter((l) => l.featured).length);
  });

  it('the promo landings name codes that exist; long-subscription sells the pb_special tariff', async () => {
    for (const l of LANDINGS.filter((x) => x.promoCode)) {
      expect((await handle.db.select().from(promoCodes).where(eq(promoCodes.code, l.promoCode!))).length, l.promoCode).toBe(1);
    }
    const [students] = await handle.db.select().from(promoCampaigns).where(eq(promoCampaigns.alias, 'students'));
    expect(students!.discountTariffId).not.toBeNull();
    const [long] = await handle.db.select({ channel: tariffs.channel, price: tariffs.price }).from(landings).innerJoin(tariffs, eq(tariffs.id, landings.tariffId)).where(eq(landings.slug, 'long-subscription'));
    expect(long).toEqual({ channel: 'pb_special', price: 3990 });
  });

  it('seeds one offer of each kind at least, each with an image and what it sells', async () => {
    const rows = await handle.db.select().from(offers);
    expect(rows.map((r) => r.alias).sort()).toEqual(OFFERS.map((o) => o.alias).sort());
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['offer', 'play_grand', 'upsell']));
    for (const r of rows) {
      expect(r.image).toMatch(/^\/images\/offers\/[a-z-]+\.svg$/);
      expect(r.tariffId ?? r.promoCode ?? r.landingSlug).not.toBeNull();
      expect(r.countries).toEqual(['RU']);
    }
  });

  it('is idempotent, and ensureMarketing leaves a seeded database alone', async () => {
    const before = (await handle.db.select().from(landings)).length;
    await handle.db.transaction((tx) => seedMarketing(tx));
    expect(await ensureMarketing(handle.db)).toBe(0);
    expect((await handle.db.select().from(landings)).length).toBe(before);
  });

  it('ensureMarketing fills a database seeded before the landings existed', async () => {
    await handle.db.delete(landings);
    await handle.db.delete(offers);
    expect(await ensureMarketing(handle.db)).toBe(LANDINGS.length);
    expect((await handle.db.select().from(offers)).length).toBe(OFFERS.length);
  });
});
