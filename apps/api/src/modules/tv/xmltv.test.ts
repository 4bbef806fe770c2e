// Reading real-world XMLTV (xmltv.dtd): times with offsets, numbering systems, entities and CDATA.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeEntities, decodeXmltvBytes, parseOnscreen, parseXmltvNs, parseXmltvTime, readXmltv } from './xmltv.ts';

const fixture = readFileSync(new URL('./fixtures/guide.xml', import.meta.url), 'utf8');

describe('parseXmltvTime (xmltv.dtd: YYYYMMDDhhmmss ±HHMM, no zone is UTC)', () => {
  it.each([
    ['20261121183000 +0300', '2026-11-21T15:30:00.000Z'],
    ['20261121183000 +0000', '2026-11-21T18:30:00.000Z'],
    ['20261121183000 -0500', '2026-11-21T23:30:00.000Z'],
    ['20261121183000+0300', '2026-11-21T15:30:00.000Z'],
    ['20261121183000 +03:00', '2026-11-21T15:30:00.000Z'],
    ['20261121183000 +0530', '2026-11-21T13:00:00.000Z'],
    ['20261121183000 Z', '2026-11-21T18:30:00.000Z'],
    ['20261121183000 UTC', '2026-11-21T18:30:00.000Z'],
    ['20261121183000', '2026-11-21T18:30:00.000Z'],
    ['202611211830 +0300', '2026-11-21T15:30:00.000Z'],
    ['20261121', '2026-11-21T00:00:00.000Z'],
    ['20261122013000 +0300', '2026-11-21T22:30:00.000Z'],
  ])('%s is %s', (value, iso) => {
    expect(parseXmltvTime(value)?.toISOString()).toBe(iso);
  });

  it.each(['', 'tomorrow', '2026112116400', '20261321183000 +0300', '20260230120000 +0300', '20261121183000 MSK', '20261121253000 +0300', '20261121183000 +1500'])(
    'refuses %j',
    (value) => {
      expect(parseXmltvTime(value)).toBeNull();
    },
  );
});

describe('episode numbers', () => {
  it.each([
    ['1.3.0/1', { season: 2, episode: 4 }],
    ['0.0.', { season: 1, episode: 1 }],
    ['.4.', { season: null, episode: 5 }],
    ['2.', { season: 3, episode: null }],
    ['1/3.9/12.', { season: 2, episode: 10 }],
    [' 1 . 3 . ', { season: 2, episode: 4 }],
    ['..', { season: null, episode: null }],
  ])('xmltv_ns %j is %j (zero-based in the file)', (value, expected) => {
    expect(parseXmltvNs(value)).toEqual(expected);
  });

  it.each([
    ['S02E05', { season: 2, episode: 5 }],
    ['s2 e5', { season: 2, episode: 5 }],
    ['2x05', { season: 2, episode: 5 }],
    ['E7', { season: null, episode: 7 }],
    ['Серия 5', { season: null, episode: null }],
  ])('onscreen %j is %j', (value, expected) => {
    expect(parseOnscreen(value)).toEqual(expected);
  });
});

describe('texts', () => {
  it('decodes entities and character references, leaving unknown ones', () => {
    expect(decodeEntities('a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#1058;&#x435; &unknown; &#0;')).toBe('a & b <c> "d" \'e\' Те &unknown; &#0;');
  });

  it('reads the encoding the declaration names', () => {
    const cp1251 = Uint8Array.from([...Buffer.from('<?xml version="1.0" encoding="windows-1251"?><tv>'), 0xca, 0xe8, 0xed, 0xee, ...Buffer.from('</tv>')]);
    expect(decodeXmltvBytes(cp1251)).toContain('<tv>Кино</tv>');
    expect(decodeXmltvBytes(Buffer.from('<?xml version="1.0"?><tv>Кино</tv>'))).toContain('Кино');
  });
});

describe('readXmltv (a real-world-shaped guide)', () => {
  const doc = readXmltv(fixture);

  it('reads the channels and every programme with good times', () => {
    expect(doc.channels.map((c) => c.id)).toEqual(['ekran-kino.ekran.tv', 'ekran-serialy.ekran.tv', 'pervyy.example.ru', 'priroda.ekran.tv']);
    expect(doc.channels[0]!.name).toBe('Экран Кино');
    expect(doc.programmes).toHaveLength(11);
    expect(doc.problems).toEqual([expect.stringMatching(/ekran-serialy\.ekran\.tv 2026112116400 «Сломанное время»: bad time/)]);
  });

  it('reads Moscow (+0300) and UTC (+0000) times to the same clock', () => {
    const mayak = doc.programmes.find((p) => p.title === 'Тайна старого маяка')!;
    const grafa = doc.programmes.find((p) => p.title === 'Тень графа')!;
    expect(mayak.start.toISOString()).toBe('2026-11-21T15:00:00.000Z');
    expect(mayak.stop?.toISOString()).toBe('2026-11-21T17:05:00.000Z');
    expect(grafa.start.toISOString()).toBe('2026-11-21T15:00:00.000Z');
  });

  it('prefers Russian texts, decodes entities and CDATA, and reads year, rating, categories and icon', () => {
    const mayak = doc.programmes.find((p) => p.title === 'Тайна старого маяка')!;
    expect(mayak).toMatchObject({
      description: 'Смотритель маяка находит дневник "пропавшего" капитана & начинает поиски.',
      year: 2021,
      ratingAge: '16+',
      categories: ['Фильм', 'Детектив'],
      titleAlias: null,
      season: null,
      episode: null,
    });
    expect(doc.programmes.find((p) => p.title === 'Новости кино')!.description).toBe('Премьеры недели & <главное>');
    const seans = doc.programmes.find((p) => p.title === 'Вечерний сеанс')!;
    expect(seans).toMatchObject({ titleAlias: 'vecherniy-seans', stop: null, poster: 'https://epg.example.ru/img/vecherniy-seans.jpg?w=640&h=360' });
  });

  it('takes xmltv_ns before onscreen, and onscreen when it is the only one', () => {
    const [first, second] = doc.programmes.filter((p) => p.title === 'Тень графа');
    expect(first).toMatchObject({ season: 2, episode: 4, subTitle: 'Чёрный список' });
    expect(second).toMatchObject({ season: 2, episode: 5 });
  });

  it('refuses a document that is not XMLTV', () => {
    expect(() => readXmltv('<rss><channel/></rss>')).toThrow(/no <tv> element/);
  });
});
