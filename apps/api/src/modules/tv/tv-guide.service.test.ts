// The guide's supply: the demo guide generated from the catalogue and imported through the XMLTV
// importer (two weeks back, a week ahead), extended before it runs out, a configured TV_XMLTV_SOURCE instead,
// the demo channels for a database seeded before TV, and the TV_IMPORT_CRON schedule.
import { BannerListSchema, CatchupListSchema, TvCatalogSchema } from '@ekran/contracts';
import { tvChannels, tvImports, tvProgrammes } from '@ekran/db';
import { ensureTvChannels, seedDatabase } from '@ekran/db/seed';
import { count, eq, min } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Jobs } from '../../jobs/jobs.ts';
import { fromRoot, readMediaManifest } from '../../lib/paths.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { GUIDE_KEEP_DAYS, guideCoveredUntil, supplyGuide } from './tv-guide.service.ts';
import { registerTvJobs, TV_JOBS } from './tv.jobs.ts';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(t.db, { media: readMediaManifest(fromRoot('media/demo')), apiClients: [{ key: 'tv-guide-test-key-01', name: 'web', platform: 'web' }] });
}, 60_000);
afterAll(() => t.close());


describe('supplyGuide without a source: the demo guide', () => {
  it('imports two weeks back and a week ahead for every channel, cleanly, with recordings in the archive', async () => {
    const now = t.clock.now;
    expect(await guideCoveredUntil(t.db)).toBeNull();
    const result = await supplyGuide({ db: t.db, now });
    expect(result).not.toBeNull();
    expect(result!.problems).toEqual([]);
    expect(result!.channels).toBe(10);
    expect(result!.linked).toBeGreaterThan(result!.programmes / 2);
    const [first] = await t.db.select({ at: min(tvProgrammes.startsAt) }).from(tvProgrammes);
    expect(new Date(first!.at!).getTime()).toBeLessThanOrEqual(now.getTime() - 14 * DAY);
    expect((await guideCoveredUntil(t.db))!.getTime()).toBeGreaterThanOrEqual(now.getTime() + 7 * DAY);
    const [run] = await t.db.select().from(tvImports).where(eq(tvImports.id, result!.importId));
    expect(run).toMatchObject({ source: 'demo', status: 'succeeded' });

    const archive = await t.app.inject({ url: '/api/v2/multiplex/catchups?limit=5', headers: t.headers });
    expect(archive.statusCode).toBe(200);
    expect(CatchupListSchema.parse(archive.json()).items_total).toBeGreaterThan(100);
    const tv = TvCatalogSchema.parse((await t.app.inject({ url: '/api/v1/tv', headers: t.headers })).json());
    expect(tv.items.every((c) => c.now !== null && c.next !== null)).toBe(true);
  });

  it('does nothing while a week is ahead, and adds the days from where the guide ends once it runs low', async () => {
    const now = t.clock.now;
    expect(await supplyGuide({ db: t.db, now })).toBeNull();
    const before = await t.db.select({ id: tvProgrammes.id, startsAt: tvProgrammes.startsAt }).from(tvProgrammes);
    const covered = (await guideCoveredUntil(t.db))!;
    const later = new Date(now.getTime() + 2 * DAY);
    const result = await supplyGuide({ db: t.db, now: later });
    expect(result).not.toBeNull();
    expect(result!.problems).toEqual([]);
    // Only the new days: about two days of ten channels, not three weeks again.
    expect(result!.programmes).toBeLessThan(before.length / 5);
    expect((await guideCoveredUntil(t.db))!.getTime()).toBeGreaterThanOrEqual(later.getTime() + 7 * DAY);
    const untouched = before.filter((p) => p.startsAt < covered);
    const after = new Set((await t.db.select({ id: tvProgrammes.id }).from(tvProgrammes)).map((p) => p.id));
    expect(untouched.every((p) => after.has(p.id))).toBe(true);
  });
});

describe('the archive’s banners (catalogue §7 /posters/location/catchups)', () => {
  it('are seeded: the film channels, the subscription and the series on TV', async () => {
    const res = await t.app.inject({ url: '/api/v1/posters/location/catchups?for_kids=false&device_type=web', headers: t.headers });
    expect(res.statusCode).toBe(200);
    expect(BannerListSchema.parse(res.json()).items.map((b) => [b.alias, b.type])).toEqual([
      ['catchups-kino-v-efire', 'tv_selection'],
      ['catchups-po-podpiske', 'link'],
      ['catchups-serialy', 'link'],
    ]);
  });
});

describe('supplyGuide with TV_XMLTV_SOURCE', () => {
  it('imports the configured file as it is', async () => {
    const file = fileURLToPath(new URL('./fixtures/guide.xml', import.meta.url));
    const result = await supplyGuide({ db: t.db, now: t.clock.now, source: file });
    expect(result).toMatchObject({ channels: 3, programmes: 8 });
    expect(result!.problems).toContain('unknown channel "pervyy.example.ru": 2 programmes skipped');
  });

  it('fails loudly on a source it cannot read (the job logs it; the start goes on)', async () => {
    await expect(supplyGuide({ db: t.db, now: t.clock.now, source: 'no/such/guide.xml' })).rejects.toThrow(/ENOENT/);
  });
});

describe('ensureTvChannels (a database seeded before TV existed)', () => {
  it('adds the demo channels once, and leaves channels that exist alone', async () => {
    const other = await createTestApp();
    try {
      await seedDatabase(other.db, { media: readMediaManifest(fromRoot('media/demo')), apiClients: [{ key: 'tv-guide-test-key-01', name: 'web', platform: 'web' }] });
      await other.db.delete(tvChannels);
      expect(await ensureTvChannels(other.db)).toBe(10);
      expect(await ensureTvChannels(other.db)).toBe(0);
      expect((await other.db.select({ n: count() }).from(tvChannels))[0]!.n).toBe(10);
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('registerTvJobs (TV_IMPORT_CRON)', () => {
  it('schedules the guide’s supply, which reads the clock when it runs', async () => {
    const scheduled: { name: string; cron: string; handler: () => Promise<void> }[] = [];
    const jobs = { enabled: true, schedule: async (name: string, cron: string, handler: () => Promise<void>) => void scheduled.push({ name, cron, handler }) } as unknown as Jobs;
    const logged: object[] = [];
    const logger = { info: (o: object) => void logged.push(o), warn: () => undefined, error: () => undefined };
    // Far enough ahead that the first days of the guide ended more than GUIDE_KEEP_DAYS ago.
    const at = new Date(t.clock.now.getTime() + 20 * DAY);
    await registerTvJobs(jobs, { db: t.db, now: () => at, env: { TV_IMPORT_CRON: '23 * * * *', TV_XMLTV_SOURCE: undefined }, logger });
    expect(scheduled.map((s) => [s.name, s.cron])).toEqual([[TV_JOBS.importGuide, '23 * * * *']]);
    await scheduled[0]!.handler();
    const [first] = await t.db.select({ at: min(tvProgrammes.endsAt) }).from(tvProgrammes);
    expect(new Date(first!.at!).getTime()).toBeGreaterThanOrEqual(at.getTime() - GUIDE_KEEP_DAYS * DAY);
    expect((await guideCoveredUntil(t.db))!.getTime()).toBeGreaterThanOrEqual(at.getTime() + 7 * DAY);
    expect(logged).toEqual([expect.objectContaining({ pruned: expect.any(Number) }), expect.objectContaining({ channels: 10, problems: 0 })]);
  });
});
