import type { Person } from '@ekran/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { statusOf, titleCard } from '../../test/collections.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader } from './person.tsx';

const person: Person = {
  alias: 'ivan-petrov', name: 'Иван Петров', name_original: 'Ivan Petrov', biography: 'Актёр театра и кино.', birth_date: '1980-04-12', photo: null,
  roles: ['actor', 'director'], titles_total: 2, years: { from: 2019, to: 2023 }, genres: [{ alias: 'drama', title: 'Драма', count: 2 }],
  filmography: [
    { role: 'actor', items: [{ ...titleCard('mayak'), character_name: 'Смотритель' }] },
    { role: 'director', items: [{ ...titleCard('sad'), character_name: null }] },
  ],
};

describe('/person/{person} loader', () => {
  it('answers the person with the filmography by role as card views', async () => {
    const personByAlias = vi.fn().mockResolvedValue(person);
    const r = await loader({ params: { person: 'ivan-petrov' }, context: contextWith({ personByAlias }) } as never);
    expect(personByAlias).toHaveBeenCalledWith('ivan-petrov');
    expect(r.person).toMatchObject({ name: 'Иван Петров', roles: ['actor', 'director'], genres: ['драма'], years: { from: 2019, to: 2023 } });
    expect(r.filmography.map((f) => [f.role, f.items.map((i) => [i.card.alias, i.character])])).toEqual([
      ['actor', [['mayak', 'Смотритель']]],
      ['director', [['sad', null]]],
    ]);
  });

  it('answers 404 for an unknown person and a malformed alias, without asking the API for the latter', async () => {
    const personByAlias = vi.fn().mockRejectedValue(new ApiCallError(404, null));
    expect(statusOf(await outcome(() => loader({ params: { person: 'net' }, context: contextWith({ personByAlias }) } as never))).status).toBe(404);
    const never = vi.fn();
    expect(statusOf(await outcome(() => loader({ params: { person: 'Ivan Petrov' }, context: contextWith({ personByAlias: never }) } as never))).status).toBe(404);
    expect(never).not.toHaveBeenCalled();
  });
});
