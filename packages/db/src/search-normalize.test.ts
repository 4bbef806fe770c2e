import { normalizeSearchText } from '@ekran/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, queryRows, type DbHandle } from './client.ts';
import { generateCatalogue } from './seed/index.ts';

// ekran_search_normalize() (the search migration) and normalizeSearchText() (@ekran/core) must agree: the
// API normalises a query in TypeScript and compares it with what the indexes hold.

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
  await handle.migrate();
});
afterAll(() => handle.close());

async function inSql(values: string[]): Promise<string[]> {
  const rows = await queryRows<{ n: string }>(
    handle.db,
    sql`select ekran_search_normalize(v) as n from unnest(${sql.param(values)}::text[]) with ordinality as u(v, i) order by i`,
  );
  return rows.map((r) => r.n);
}

async function expectSame(values: string[]) {
  const got = await inSql(values);
  const mismatches = values
    .map((v, i) => ({ input: v, codes: [...v].map((c) => c.codePointAt(0)!.toString(16)), sql: got[i], ts: normalizeSearchText(v) }))
    .filter((m) => m.sql !== m.ts);
  expect(mismatches).toEqual([]);
}

describe('ekran_search_normalize() is normalizeSearchText()', () => {
  it('on titles and names with ё, case, hyphens, punctuation and accents', async () => {
    await expectSame([
      'Ёлки', 'ЧЁРНЫЙ ВОЛК', 'Кот-детектив', 'Мур. Жизнь на скорости', '«Мёд и лёд»!', '  Танцуй,   пока   можешь… ',
      'Амели́', 'Е\u0308лки и\u0306од', 'Amélie Poulain', 'Straße', 'Łódź', 'Æon Flux', 'WALL·E', 'Офис 2.0', 'Їжак',
      '千と千尋の神隠し', '기생충', '', '   ', '?!—…', 'Кино №1', 'Fast & Furious 7', 'Пётр Иванович Фёдоров-Щедрин',
    ]);
  });

  it('character by character over ASCII, Latin-1, Latin Extended, Cyrillic and general punctuation', async () => {
    const ranges: [number, number][] = [[0x20, 0x7e], [0xa0, 0x24f], [0x400, 0x4ff], [0x2000, 0x206f], [0x3040, 0x30ff]];
    const values: string[] = [];
    for (const [from, to] of ranges) for (let c = from; c <= to; c++) values.push(`a${String.fromCodePoint(c)}б`);
    await expectSame(values);
  });

  it('on every name of the demo catalogue', async () => {
    const catalogue = generateCatalogue();
    await expectSame([
      ...catalogue.titles.flatMap((t) => [t.title, t.titleOriginal ?? '']),
      ...catalogue.people.flatMap((p) => [p.name, p.nameOriginal ?? '']),
    ]);
  });
});
