import { CatalogRevisionSchema } from '@ekran/contracts';
import { catalogRevision, selectionItems, selections, titles } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTvFactories } from '../../test/tv-factories.ts';
import { createCatalogRevisionService } from './catalog-revision.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The counter as the database holds it now (the route keeps it for a second). */
const revision = async () => (await t.db.select({ revision: catalogRevision.revision }).from(catalogRevision))[0]!.revision;

describe('GET /api/v1/catalog/revision', () => {
  it('answers anyone, without the API key or a session, and is not kept by caches', async () => {
    const res = await t.app.inject('/api/v1/catalog/revision');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(CatalogRevisionSchema.parse(res.json())).toEqual({ revision: await revision() });
  });
});

describe('the catalogue revision triggers', () => {
  it('bump the revision when a title is inserted, updated and deleted', async () => {
    const before = await revision();
    const title = await t.make.title();
    const inserted = await revision();
    expect(inserted).toBeGreaterThan(before);
    await t.db.update(titles).set({ title: 'Новое название' }).where(eq(titles.id, title.id));
    const updated = await revision();
    expect(updated).toBeGreaterThan(inserted);
    await t.db.delete(titles).where(eq(titles.id, title.id));
    expect(await revision()).toBeGreaterThan(updated);
  });

  it('bump it for a selection and its items, and once per statement however many rows it writes', async () => {
    const [a, b] = [await t.make.title(), await t.make.title()];
    const [selection] = await t.db.insert(selections).values({ alias: 'novinki', title: 'Новинки', description: '…', location: 'home' }).returning();
    const before = await revision();
    await t.db.insert(selectionItems).values([a, b].map((title, position) => ({ selectionId: selection!.id, titleId: title.id, position })));
    expect(await revision()).toBe(before + 1);
  });

  it('leave it alone when only the TV guide changes: programmes are time-bound and rewritten by every import', async () => {
    const tv = createTvFactories(t.db);
    const channel = await tv.channel();
    const before = await revision();
    await tv.programme({ channelId: channel.id, startsAt: new Date('2026-11-21T12:00:00Z'), endsAt: new Date('2026-11-21T13:00:00Z') });
    expect(await revision()).toBe(before);
  });
});

describe('createCatalogRevisionService', () => {
  it('reads the revision once per second however many ask, then again', async () => {
    const clock = { now: 0 };
    const service = createCatalogRevisionService(t.db, { ttlMs: 1000, now: () => clock.now });
    const first = await service.current();
    await t.make.title();
    clock.now = 999;
    expect(await service.current()).toBe(first);
    clock.now = 1000;
    expect(await service.current()).toBeGreaterThan(first);
  });
});
