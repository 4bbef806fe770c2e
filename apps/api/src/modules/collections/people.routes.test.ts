import { PersonSchema } from '@ekran/contracts';
import { describe, expect, it } from 'vitest';
import { collectionsSuite } from './collections.test-helpers.ts';

const suite = collectionsSuite();
const { get } = suite;

describe('GET /api/v1/person/:alias', () => {
  it('answers the person with facts and the filmography grouped by role, newest first, without disabled titles', async () => {
    const res = await get('/api/v1/person/ivan-petrov');
    expect(res.statusCode).toBe(200);
    const person = PersonSchema.parse(res.json());
    expect(person).toMatchObject({
      alias: 'ivan-petrov', name: 'Иван Петров', name_original: 'Ivan Petrov', biography: 'Актёр театра и кино.', birth_date: '1980-04-12',
      roles: ['actor', 'director'], titles_total: 3, years: { from: 2019, to: 2023 },
    });
    expect(person.filmography.map((f) => [f.role, f.items.map((i) => [i.alias, i.character_name])])).toEqual([
      ['actor', [['tayna-mayaka', 'Смотритель'], ['zimniy-sad', 'Садовник']]],
      ['director', [['dom-na-krayu', null]]],
    ]);
    expect(person.genres).toEqual([
      { alias: 'drama', title: 'Драма', count: 2 },
      { alias: 'comedy', title: 'Комедия', count: 1 },
    ]);
  });

  it('lists roles in the page’s order (actor before writer)', async () => {
    const person = PersonSchema.parse((await get('/api/v1/person/anna-smirnova')).json());
    expect(person.roles).toEqual(['actor', 'writer']);
  });

  it('has no page for an entry without a name (platform §3: person lists count only entries with both name and alias)', async () => {
    expect((await get('/api/v1/person/bez-imeni')).statusCode).toBe(404);
  });

  it('answers 404 for an unknown person and 400 for a malformed alias', async () => {
    expect((await get('/api/v1/person/net-takogo')).statusCode).toBe(404);
    expect((await get('/api/v1/person/Ivan_Petrov')).statusCode).toBe(400);
  });

  it('shows a child session only kids titles, and no person without one', async () => {
    const anna = PersonSchema.parse((await get('/api/v1/person/anna-smirnova', suite.w.kid.auth)).json());
    expect(anna.filmography).toEqual([{ role: 'actor', items: [expect.objectContaining({ alias: 'yozhik', character_name: 'Ёжик' })] }]);
    expect(anna).toMatchObject({ roles: ['actor'], titles_total: 1 });
    expect((await get('/api/v1/person/ivan-petrov', suite.w.kid.auth)).statusCode).toBe(404);
    expect((await get('/api/v1/person/tolko-vzroslye', suite.w.kid.auth)).statusCode).toBe(404);
    expect((await get('/api/v1/person/tolko-vzroslye', suite.w.parent.auth)).statusCode).toBe(200);
  });
});
