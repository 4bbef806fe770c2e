import type { Person } from '@ekran/contracts';
import { PERSON_ROLES, hasNameAndAlias } from '@ekran/core';
import type { Db } from '@ekran/db';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import type { TitleRow } from '../catalog/catalog.types.ts';
import { createPeopleRepo } from './people.repo.ts';
import type { CatalogTitlesService } from '../catalog/catalog-titles.service.ts';
import { scopeCacheKey, type TitleScope } from './title-scope.ts';

const TOP_GENRES = 5;

/**
 * People (spec platform §3: name, alias, biography, filmography): a person's page with the filmography grouped
 * by role, newest first. Only an entry with both a name and an alias is a person of the lists (platform §3,
 * catalogue §5), so nothing else has a page. A person with no title in the caller's scope is not found: a child
 * session sees only people of kids titles, and disabled titles never show.
 */
export function createPeopleService(db: Db, options: { cacheTtlMs: number; revision?: CacheRevision | undefined }, { catalog }: { catalog: Pick<CatalogTitlesService, 'toCards'> }) {
  const repo = createPeopleRepo(db);
  const cache = createTtlCache<Person>({ name: 'people', ttlMs: options.cacheTtlMs, revision: options.revision, maxEntries: 500 });

  async function load(alias: string, scope: TitleScope): Promise<Person> {
    const person = await repo.byAlias(alias);
    if (!person || !hasNameAndAlias(person)) throw notFound(`Person ${alias}`);
    const rows = await repo.creditsOf(person.id, scope);
    if (rows.length === 0) throw notFound(`Person ${alias}`);

    const unique = [...new Map<string, TitleRow>(rows.map((r) => [r.title.id, r.title])).values()];
    const cards = new Map((await catalog.toCards(unique)).map((c) => [c._id, c]));
    const filmography = PERSON_ROLES.flatMap((role) => {
      const items = rows
        .filter((r) => r.role === role)
        .flatMap((r) => {
          const card = cards.get(r.title.id);
          return card ? [{ ...card, character_name: role === 'actor' ? r.characterName : null }] : [];
        });
      return items.length > 0 ? [{ role, items }] : [];
    });

    const genreCount = new Map<string, { alias: string; title: string; count: number }>();
    for (const card of cards.values()) {
      for (const g of card.genres) {
        const entry = genreCount.get(g.alias) ?? { ...g, count: 0 };
        entry.count += 1;
        genreCount.set(g.alias, entry);
      }
    }
    const years = unique.map((t) => t.year);
    return {
      alias: person.alias,
      name: person.name,
      name_original: person.nameOriginal,
      biography: person.biography,
      birth_date: person.birthDate,
      photo: null,
      roles: filmography.map((f) => f.role),
      titles_total: unique.length,
      years: { from: Math.min(...years), to: Math.max(...years) },
      genres: [...genreCount.values()].sort((a, b) => b.count - a.count || a.alias.localeCompare(b.alias)).slice(0, TOP_GENRES),
      filmography,
    };
  }

  return {
    get(alias: string, scope: TitleScope): Promise<Person> {
      return options.cacheTtlMs > 0 ? cache.get(`person:${alias}:${scopeCacheKey(scope)}`, () => load(alias, scope)) : load(alias, scope);
    },
  };
}
export type PeopleService = ReturnType<typeof createPeopleService>;
