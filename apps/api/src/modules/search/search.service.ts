import type { SearchPersonRole, SearchQuery, SearchResponse, SearchSuggestQuery, SearchSuggestResponse, SearchSuggestion } from '@ekran/contracts';
import { SearchPersonRoleSchema } from '@ekran/contracts';
import { normalizeSearchText, type KidsScope } from '@ekran/core';
import type { Db } from '@ekran/db';
import type { CatalogTitlesService } from '../catalog/catalog-titles.service.ts';
import { posterImage } from '../images/poster-url.ts';
import { createSearchRepo, type RankedHit, type RankedPerson } from './search.repo.ts';

const ROLE_ORDER = SearchPersonRoleSchema.options;

/** Roles in the order the title page lists credits (actors first), unknown ones left out. */
function orderedRoles(roles: string[]): SearchPersonRole[] {
  return ROLE_ORDER.filter((role) => roles.includes(role));
}

/** Search: titles and people (TV recordings join with the archive), ranked by the database. */
export function createSearchService(db: Db, { catalog }: { catalog: Pick<CatalogTitlesService, 'toCards'> }) {
  const repo = createSearchRepo(db);

  /** Title rows of the hits, in the hits' order. */
  async function rowsOf(hits: RankedHit[]) {
    const rows = await repo.titlesByIds(hits.map((h) => h.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return hits.map((h) => byId.get(h.id)).filter((r) => r !== undefined);
  }

  const toPerson = (p: RankedPerson) => ({
    alias: p.alias,
    name: p.name,
    name_original: p.nameOriginal,
    roles: orderedRoles(p.roles),
    titles_count: p.titlesCount,
  });

  return {
    /** spec catalogue §5: an empty (or punctuation-only) query returns empty items. */
    async search(input: SearchQuery, kids: KidsScope | null): Promise<SearchResponse> {
      const q = normalizeSearchText(input.q);
      if (!q) return { query: input.q, titles: { items: [], items_total: 0 }, people: { items: [], items_total: 0 } };
      const hits = await repo.search({ q, words: q.split(' '), limit: input.limit, kids, names: 'and-descriptions' });
      return {
        query: input.q,
        titles: { items: await catalog.toCards(await rowsOf(hits.titles)), items_total: hits.titles[0]?.total ?? 0 },
        people: { items: hits.people.map(toPerson), items_total: hits.people[0]?.total ?? 0 },
      };
    },

    /** Suggestions while typing: names only (not descriptions), every word a prefix, titles and people mixed. */
    async suggest(input: SearchSuggestQuery, kids: KidsScope | null): Promise<SearchSuggestResponse> {
      const q = normalizeSearchText(input.q);
      if (!q) return { query: input.q, items: [] };
      const hits = await repo.search({ q, words: q.split(' '), limit: input.limit, kids, names: 'only' });
      const titleRows = new Map((await rowsOf(hits.titles)).map((r) => [r.id, r]));
      const titleItems: Ranked[] = hits.titles.flatMap((hit) => {
        const row = titleRows.get(hit.id);
        if (!row) return [];
        const suggestion: SearchSuggestion = {
          type: 'title',
          alias: row.alias,
          title: row.title,
          _cls: row.kind === 'series' ? 'Product.Series' : 'Product.Movie',
          year: row.year,
          vertical_poster: posterImage(row.poster, 'vertical'),
          url: `/watch/${row.alias}`,
        };
        return [{ hit, suggestion }];
      });
      const personItems: Ranked[] = hits.people.map((hit) => ({
        hit,
        suggestion: { type: 'person', alias: hit.alias, name: hit.name, roles: orderedRoles(hit.roles), url: `/person/${hit.alias}` },
      }));
      const ranked = mergeRanked(titleItems, personItems, input.limit);
      return { query: input.q, items: ranked.map((r) => r.suggestion) };
    },
  };
}

interface Ranked {
  hit: RankedHit;
  suggestion: SearchSuggestion;
}

// When both kinds match, neither fills the list alone: people get 3 places of 8 while titles remain, titles
// the rest; a kind that runs short leaves its places to the other.
const SUGGEST_PEOPLE_SHARE = 3 / 8;

/**
 * Titles and people mixed, at most limit, both kinds present when both match: by tier (exact, prefix, word
 * prefix, full text, typo; suggestions match names only, so the tiers of both kinds compare alike), titles
 * first within a tier, each kind in its own ranked order.
 */
function mergeRanked(titles: Ranked[], people: Ranked[], limit: number): Ranked[] {
  const merged = [...titles.map((r, i) => ({ r, i, kind: 0 })), ...people.map((r, i) => ({ r, i, kind: 1 }))].sort(
    (a, b) => a.r.hit.tier - b.r.hit.tier || a.kind - b.kind || a.i - b.i,
  );
  const share = Math.round(limit * SUGGEST_PEOPLE_SHARE);
  const peopleMax = Math.max(share, limit - titles.length);
  const titlesMax = Math.max(limit - share, limit - people.length);
  const chosen = new Set<(typeof merged)[number]>();
  const counts = [0, 0];
  for (const entry of merged) {
    if (chosen.size >= limit) break;
    if (counts[entry.kind]! < (entry.kind === 0 ? titlesMax : peopleMax)) {
      chosen.add(entry);
      counts[entry.kind]!++;
    }
  }
  return merged.filter((entry) => chosen.has(entry)).map((entry) => entry.r);
}
