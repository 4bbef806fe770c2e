// The XMLTV import of a real-world-shaped guide (+0300 and +0000 offsets, unknown channels, overlaps,
// a missing stop, a bad time): channels matched by XMLTV id, catalogue titles linked (by the ekran marker, else
// by name and year), recordings expiring 14 days after airing, programmes replaced per channel over the file's
// range in one transaction, and a re-run that changes nothing.
import { tvImports, tvProgrammes } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { importXmltv, readXmltvSource, settleChannel } from './tv-import.ts';
import { programmesOf, seedChannels, xmltv } from './tv.test-helpers.ts';

const fixture = readFileSync(new URL('./fixtures/guide.xml', import.meta.url), 'utf8');
let t: TestApp;
let channel: Map<string, string>;
let mayakId: string;
let seansId: string;
let grafaId: string;

beforeAll(async () => {
  t = await createTestApp();
  channel = await seedChannels(t);
  mayakId = (await t.make.title({ alias: 'tayna-starogo-mayaka', title: 'Тайна старого маяка', year: 2021 })).id;
  seansId = (await t.make.title({ alias: 'vecherniy-seans', title: 'Совсем другое название', year: 2010 })).id;
  await t.make.title({ alias: 'polnoch', title: 'Полночь', year: 2020 }); // the guide's «Полночь» is of 2019: not this one
  grafaId = (await t.make.series({ alias: 'ten-grafa', title: 'Тень графа', year: 2024, seasons: 2, episodes: 6 })).title.id;
  // A film of the same name and year as the series: numbered episodes go to the series.
  await t.make.title({ alias: 'ten-grafa-film', title: 'Тень графа', year: 2024 });
});
afterAll(() => t.close());

describe('importXmltv (a real-world-shaped guide)', () => {
  let firstIds: string[];

  it('imports the programmes of the channels it knows and reports the rest', async () => {
    const result = await importXmltv(t.db, fixture, { source: 'fixtures/guide.xml' });
    expect(result).toMatchObject({ channels: 3, programmes: 8, linked: 4 });
    expect(result.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/«Сломанное время»: bad time/),
        'unknown channel "pervyy.example.ru": 2 programmes skipped',
        expect.stringMatching(/«Тайны океана» has no stop and nothing follows it, skipped/),
        expect.stringMatching(/«Ночной фильм» overlaps «Полночь», cut at its start/),
      ]),
    );
    const [run] = await t.db.select().from(tvImports).where(eq(tvImports.id, result.importId));
    expect(run).toMatchObject({ status: 'succeeded', source: 'fixtures/guide.xml', channels: 3, programmes: 8 });
    expect(run!.problems).toEqual(result.problems);
    expect(run!.finishedAt).toBeInstanceOf(Date);
    firstIds = (await t.db.select({ id: tvProgrammes.id }).from(tvProgrammes).orderBy(tvProgrammes.id)).map((r) => r.id);
  });

  it('reads Moscow and UTC times, fills a missing stop from the next start and cuts an overlap', async () => {
    const kino = await programmesOf(t, channel.get('ekran-kino')!);
    expect(kino.map((p) => [p.title, p.startsAt.toISOString(), p.endsAt.toISOString()])).toEqual([
      ['Тайна старого маяка', '2026-11-21T15:00:00.000Z', '2026-11-21T17:05:00.000Z'],
      ['Новости кино', '2026-11-21T17:05:00.000Z', '2026-11-21T17:30:00.000Z'],
      ['Вечерний сеанс', '2026-11-21T17:30:00.000Z', '2026-11-21T19:20:00.000Z'],
      ['Ночной фильм', '2026-11-21T19:20:00.000Z', '2026-11-21T20:50:00.000Z'],
      ['Полночь', '2026-11-21T20:50:00.000Z', '2026-11-21T22:30:00.000Z'],
    ]);
    const serialy = await programmesOf(t, channel.get('ekran-serialy')!);
    expect(serialy.map((p) => [p.startsAt.toISOString(), p.endsAt.toISOString()])).toEqual([
      ['2026-11-21T15:00:00.000Z', '2026-11-21T15:50:00.000Z'],
      ['2026-11-21T15:50:00.000Z', '2026-11-21T16:40:00.000Z'],
    ]);
    expect(await programmesOf(t, channel.get('priroda')!)).toHaveLength(1);
  });

  it('links catalogue titles by the ekran marker or by name and year, and keeps their recordings 14 days', async () => {
    const kino = await programmesOf(t, channel.get('ekran-kino')!);
    const by = (title: string) => kino.find((p) => p.title === title)!;
    expect(by('Тайна старого маяка')).toMatchObject({ titleId: mayakId, year: 2021, ratingAge: '16+', categories: ['Фильм', 'Детектив'] });
    expect(by('Тайна старого маяка').expiredAt?.toISOString()).toBe('2026-12-05T17:05:00.000Z');
    expect(by('Вечерний сеанс')).toMatchObject({ titleId: seansId, poster: 'https://epg.example.ru/img/vecherniy-seans.jpg?w=640&h=360' });
    expect(by('Вечерний сеанс').expiredAt?.toISOString()).toBe('2026-12-05T19:20:00.000Z');
    for (const title of ['Новости кино', 'Ночной фильм', 'Полночь']) expect(by(title)).toMatchObject({ titleId: null, expiredAt: null });
    const serialy = await programmesOf(t, channel.get('ekran-serialy')!);
    expect(serialy.map((p) => [p.titleId, p.seasonNumber, p.episodeNumber, p.subTitle])).toEqual([
      [grafaId, 2, 4, 'Чёрный список'],
      [grafaId, 2, 5, null],
    ]);
  });

  it('changes nothing when the same guide comes again (the same rows, so the same catch-up ids)', async () => {
    const before = await t.db.select().from(tvProgrammes).orderBy(tvProgrammes.id);
    const result = await importXmltv(t.db, fixture, { source: 'again' });
    expect(result.programmes).toBe(8);
    const after = await t.db.select().from(tvProgrammes).orderBy(tvProgrammes.id);
    expect(after.map((p) => p.id)).toEqual(firstIds);
    expect(after.map(({ importId: _i, ...p }) => p)).toEqual(before.map(({ importId: _i, ...p }) => p));
  });

  it('replaces a channel’s guide over the new file’s range only, cutting a programme that runs into it', async () => {
    const kinoId = channel.get('ekran-kino')!;
    const before = await programmesOf(t, kinoId);
    const result = await importXmltv(
      t.db,
      xmltv([
        { channel: 'ekran-kino.ekran.tv', start: '20261121201500 +0300', stop: '20261121220000 +0300', title: 'Замена' },
        { channel: 'ekran-kino.ekran.tv', start: '20261121220000 +0300', stop: '20261121235000 +0300', title: 'Ещё замена' },
      ]),
      { source: 'update' },
    );
    expect(result).toMatchObject({ channels: 1, programmes: 2, problems: [] });
    const after = await programmesOf(t, kinoId);
    expect(after.map((p) => [p.title, p.startsAt.toISOString(), p.endsAt.toISOString()])).toEqual([
      ['Тайна старого маяка', '2026-11-21T15:00:00.000Z', '2026-11-21T17:05:00.000Z'],
      ['Новости кино', '2026-11-21T17:05:00.000Z', '2026-11-21T17:15:00.000Z'],
      ['Замена', '2026-11-21T17:15:00.000Z', '2026-11-21T19:00:00.000Z'],
      ['Ещё замена', '2026-11-21T19:00:00.000Z', '2026-11-21T20:50:00.000Z'],
      ['Полночь', '2026-11-21T20:50:00.000Z', '2026-11-21T22:30:00.000Z'],
    ]);
    // Untouched rows keep their ids; other channels are not touched at all.
    expect(after[0]!.id).toBe(before[0]!.id);
    expect(after.at(-1)!.id).toBe(before.at(-1)!.id);
    expect(await programmesOf(t, channel.get('ekran-serialy')!)).toHaveLength(2);
  });

  it('records a failed import and writes nothing', async () => {
    const count = (await t.db.select().from(tvProgrammes)).length;
    await expect(importXmltv(t.db, '<rss/>', { source: 'broken' })).rejects.toThrow(/no <tv> element/);
    const [run] = await t.db.select().from(tvImports).where(eq(tvImports.source, 'broken'));
    expect(run).toMatchObject({ status: 'failed', problems: ['import failed: not an XMLTV document: no <tv> element'] });
    expect((await t.db.select().from(tvProgrammes)).length).toBe(count);
  });
});

describe('settleChannel', () => {
  const p = (start: string, stop: string | null, title: string) => ({
    channel: 'c', start: new Date(start), stop: stop ? new Date(stop) : null, title, subTitle: null, description: '', categories: [], ratingAge: null, year: null,
    poster: null, titleAlias: null, season: null, episode: null,
  });

  it('sorts, drops a second programme at the same start and one that stops before it starts', () => {
    const problems: string[] = [];
    const out = settleChannel(
      [p('2026-11-21T12:00:00Z', '2026-11-21T13:00:00Z', 'B'), p('2026-11-21T11:00:00Z', '2026-11-21T12:00:00Z', 'A'), p('2026-11-21T12:00:00Z', '2026-11-21T12:30:00Z', 'B2'), p('2026-11-21T14:00:00Z', '2026-11-21T13:00:00Z', 'C')],
      problems,
    );
    expect(out.map((x) => x.title)).toEqual(['A', 'B']);
    expect(problems).toEqual([expect.stringMatching(/«B2» starts with «B», skipped/), expect.stringMatching(/«C» stops before it starts, skipped/)]);
  });
});

describe('readXmltvSource', () => {
  it('unpacks a gzipped guide from a URL', async () => {
    const gz = gzipSync(Buffer.from(fixture));
    const fakeFetch = (async (url: string | URL | Request) => {
      expect(String(url)).toBe('https://epg.example.ru/guide.xml.gz');
      return new Response(gz, { status: 200, headers: { 'content-type': 'application/gzip' } });
    }) as typeof fetch;
    expect(await readXmltvSource('https://epg.example.ru/guide.xml.gz', fakeFetch)).toBe(fixture);
  });

  it('fails on an HTTP error and on a missing file', async () => {
    const notFound = (async () => new Response('no', { status: 404 })) as typeof fetch;
    await expect(readXmltvSource('https://epg.example.ru/none.xml', notFound)).rejects.toThrow(/HTTP 404/);
    await expect(readXmltvSource('/nonexistent/guide.xml')).rejects.toThrow(/ENOENT/);
  });

  it('reads a file', async () => {
    expect(await readXmltvSource(new URL('./fixtures/guide.xml', import.meta.url).pathname)).toBe(fixture);
  });
});
