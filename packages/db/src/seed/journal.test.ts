// The demo journal's articles are about the demo catalogue's own titles (decision 052).
import { articleMarkdown, countWords, embeddedTitleAliases, parseArticleBody } from '@ekran/core';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../client.ts';
import { journalArticles, journalArticleTitles, titles } from '../schema.ts';
import { generateCatalogue } from './content/index.ts';
import { JOURNAL_ARTICLES } from './journal-articles.ts';
import { ensureJournal, JOURNAL_RUBRICS, mentionedAliases, seedJournal } from './journal.ts';

const catalogue = generateCatalogue();
const aliases = new Set(catalogue.titles.map((t) => t.alias));
const words = (body: string) => countWords(articleMarkdown(body).replace(/[#*_>`-]/g, ' '));

describe('the demo journal', () => {
  it('has about thirty articles in every rubric, each alias once and none a rubric’s', () => {
    expect(JOURNAL_ARTICLES.length).toBeGreaterThanOrEqual(25);
    const all = JOURNAL_ARTICLES.map((a) => a.alias);
    expect(new Set(all).size).toBe(all.length);
    const rubrics = JOURNAL_RUBRICS.map((r) => r.alias);
    for (const alias of all) expect(rubrics).not.toContain(alias);
    for (const rubric of rubrics) expect(JOURNAL_ARTICLES.some((a) => a.rubric === rubric), rubric).toBe(true);
  });

  it.each(JOURNAL_ARTICLES.map((a) => [a.alias, a] as const))('%s mentions only titles of the catalogue, embeds at least one and runs 250–700 words', (_alias, a) => {
    for (const alias of mentionedAliases(a)) expect(aliases, alias).toContain(alias);
    const cover = a.cover.replace(/#\d$/, '');
    expect(aliases.has(cover) || /^(rays|circles|stripes|grid|waves|peaks)-/.test(cover), a.cover).toBe(true);
    expect(embeddedTitleAliases(a.body).length).toBeGreaterThan(0);
    const n = words(a.body);
    expect(n, `${n} words`).toBeGreaterThanOrEqual(250);
    expect(n, `${n} words`).toBeLessThanOrEqual(700);
    expect(a.daysBefore).toBeGreaterThanOrEqual(0);
  });

  it('gives every picture of a gallery its alt text', () => {
    for (const a of JOURNAL_ARTICLES) {
      for (const part of parseArticleBody(a.body)) if (part.kind === 'gallery') for (const image of part.images) expect(image.alt, a.alias).not.toBe('');
    }
  });

  it('writes about titles as they are: a news item comes after the title arrived', () => {
    const reference = Date.parse('2026-11-01T00:00:00+03:00');
    for (const a of JOURNAL_ARTICLES.filter((x) => x.rubric === 'novosti')) {
      const published = reference - a.daysBefore * 86_400_000 + (a.hour ?? 10) * 3_600_000;
      for (const alias of embeddedTitleAliases(a.body)) {
        const title = catalogue.titles.find((t) => t.alias === alias)!;
        expect(Date.parse(`${title.ekranReleaseDate}T00:00:00+03:00`), `${a.alias}: ${alias}`).toBeLessThanOrEqual(published);
      }
    }
  });
});

describe('seeding the journal', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createDb();
    await handle.migrate();
  }, 60_000);
  afterAll(() => handle.close());
  const n = async (table: typeof journalArticles | typeof journalArticleTitles) => Number((await handle.db.select({ n: count() }).from(table))[0]!.n);

  it('waits for a catalogue, then links each article to the titles the catalogue has, once, and a re-run changes nothing', async () => {
    expect(await ensureJournal(handle.db)).toBe(0);
    const otrazhenie = catalogue.titles.find((t) => t.alias === 'otrazhenie')!;
    await handle.db.insert(titles).values({
      alias: otrazhenie.alias, kind: otrazhenie.kind, title: otrazhenie.title, description: otrazhenie.description, releaseDate: otrazhenie.releaseDate,
      ekranReleaseDate: otrazhenie.ekranReleaseDate, year: otrazhenie.year, ratingAge: otrazhenie.ratingAge, ratingEkran: otrazhenie.ratingEkran,
      seoSubject: otrazhenie.seoSubject, poster: otrazhenie.poster,
    });
    expect(await ensureJournal(handle.db)).toBe(JOURNAL_ARTICLES.length);
    const mentioning = JOURNAL_ARTICLES.filter((a) => mentionedAliases(a).includes('otrazhenie')).length;
    expect(await n(journalArticleTitles)).toBe(mentioning);
    expect(await ensureJournal(handle.db)).toBe(0);
    expect(await seedJournal(handle.db)).toBe(JOURNAL_ARTICLES.length);
    expect([await n(journalArticles), await n(journalArticleTitles)]).toEqual([JOURNAL_ARTICLES.length, mentioning]);
  });
});
