import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../client.ts';
import { genres, genreTexts } from '../schema.ts';
import { ensureGenreTexts, GENRE_TEXTS, seedGenreTexts } from './index.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
  await handle.migrate();
  // Only two genres exist: the texts of the others have nowhere to go.
  await handle.db.insert(genres).values([
    { alias: 'drama', title: 'Драма', titleEn: 'Drama' },
    { alias: 'talkshow', title: 'Ток-шоу', titleEn: 'Talk show' },
  ]);
});
afterAll(() => handle.close());

const stored = () =>
  handle.db
    .select({ genre: genres.alias, kind: genreTexts.kind, heading: genreTexts.heading, description: genreTexts.description, body: genreTexts.body })
    .from(genreTexts)
    .innerJoin(genres, eq(genres.id, genreTexts.genreId))
    .orderBy(asc(genres.alias), asc(genreTexts.kind));

const expected = GENRE_TEXTS.filter((t) => t.genre === 'drama' || t.genre === 'talkshow')
  .map((t) => ({ genre: t.genre, kind: t.kind, heading: t.heading, description: t.description, body: [...t.body] }))
  .sort((a, b) => a.genre.localeCompare(b.genre) || a.kind.localeCompare(b.kind));

describe('seedGenreTexts', () => {
  it('writes the texts of the genres the database has, body paragraphs in order', async () => {
    expect(await seedGenreTexts(handle.db)).toBe(expected.length);
    expect(await stored()).toEqual(expected);
  });

  it('is idempotent and brings an edited text back to the seed’s wording', async () => {
    await handle.db.update(genreTexts).set({ heading: 'Черновик' });
    await seedGenreTexts(handle.db);
    expect(await stored()).toEqual(expected);
  });

  it('ensureGenreTexts fills an empty table and leaves a filled one as its editors keep it', async () => {
    await handle.db.update(genreTexts).set({ heading: 'Правка редактора' });
    expect(await ensureGenreTexts(handle.db)).toBe(0);
    expect((await stored()).every((t) => t.heading === 'Правка редактора')).toBe(true);
    await handle.db.delete(genreTexts);
    expect(await ensureGenreTexts(handle.db)).toBe(expected.length);
    expect(await stored()).toEqual(expected);
  });
});
