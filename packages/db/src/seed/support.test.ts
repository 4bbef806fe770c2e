// The help centre's seed: articles carry dates of their own, counted back from the catalogue's reference day.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../client.ts';
import { supportArticles } from '../schema.ts';
import { DEFAULT_REFERENCE_DATE } from './content/index.ts';
import { seededArticleUpdatedAt, seedSupport, SUPPORT_SECTIONS } from './support.ts';

const DAY_MS = 86_400_000;
const reference = Date.parse(`${DEFAULT_REFERENCE_DATE}T00:00:00+03:00`);
const aliases = SUPPORT_SECTIONS.flatMap((s) => s.categories.flatMap((c) => c.articles.map((a) => a.alias)));

describe('the dates of seeded help articles', () => {
  it('are the same on every seed, 10 to 190 days before the reference day, and spread over months', () => {
    const dates = aliases.map(seededArticleUpdatedAt);
    expect(aliases.map(seededArticleUpdatedAt)).toEqual(dates);
    for (const d of dates) {
      expect(d.getTime()).toBeLessThanOrEqual(reference - 9 * DAY_MS);
      expect(d.getTime()).toBeGreaterThanOrEqual(reference - 191 * DAY_MS);
    }
    expect(new Set(dates.map((d) => d.toISOString().slice(0, 7))).size).toBeGreaterThanOrEqual(4);
  });

  describe('in the database', () => {
    let handle: DbHandle;
    beforeAll(async () => {
      handle = await createDb();
      await handle.migrate();
    }, 60_000);
    afterAll(() => handle.close());

    const updatedAt = async (alias: string) =>
      (await handle.db.select({ at: supportArticles.updatedAt }).from(supportArticles).where(eq(supportArticles.alias, alias)))[0]!.at;

    it('a fresh seed writes them, a second keeps them, a changed text moves to now', async () => {
      await seedSupport(handle.db);
      for (const alias of aliases) expect((await updatedAt(alias)).toISOString()).toBe(seededArticleUpdatedAt(alias).toISOString());
      await seedSupport(handle.db);
      expect((await updatedAt('promokod')).toISOString()).toBe(seededArticleUpdatedAt('promokod').toISOString());
      // A database seeded before the dates existed (today's date on an unchanged text) gets the seed's date.
      await handle.db.update(supportArticles).set({ updatedAt: new Date() }).where(eq(supportArticles.alias, 'pin-kod'));
      await handle.db.update(supportArticles).set({ body: 'старый текст', updatedAt: new Date('2026-01-01T00:00:00Z') }).where(eq(supportArticles.alias, 'promokod'));
      const before = Date.now();
      await seedSupport(handle.db);
      expect((await updatedAt('pin-kod')).toISOString()).toBe(seededArticleUpdatedAt('pin-kod').toISOString());
      expect((await updatedAt('promokod')).getTime()).toBeGreaterThanOrEqual(before - 1000);
    });
  });
});
