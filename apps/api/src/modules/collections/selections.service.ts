import { SelectionRuleSchema, type HomeRow, type SelectionList, type SelectionPage, type TitleCard } from '@ekran/contracts';
import { selectionShownTo, selectionUrl, type SelectionRule, type SelectionSource } from '@ekran/core';
import type { Db } from '@ekran/db';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import { posterImage } from '../images/poster-url.ts';
import type { TitleRow } from '../catalog/catalog.types.ts';
import { createCollectionsRepo, type CollectionRow } from './collections.repo.ts';
import { createSelectionsRepo, type SelectionRow } from './selections.repo.ts';
import type { CatalogTitlesService } from '../catalog/catalog-titles.service.ts';
import { scopeAdmits, scopeCacheKey, type TitleScope } from './title-scope.ts';

const HOME_ROW_SIZE = 20; // spec platform §9: default catalog cards 20
const COVER_POSTERS = 3;

interface Logger {
  warn: (obj: object, msg: string) => void;
}

/** A selection whose source could be read: its rule (validated), its collection, or its hand-picked titles. */
interface Resolved {
  row: SelectionRow;
  source: SelectionSource;
  rule: SelectionRule | null;
  collection: CollectionRow | null;
  url: string;
}

/**
 * Selections (decision 010): the rows of the home pages as data, each with a page of its own. A rule
 * that does not pass SelectionRuleSchema is logged and its selection left out, never guessed at.
 */
export function createSelectionsService(db: Db, options: { cacheTtlMs: number; revision?: CacheRevision | undefined; log?: Logger }, { catalog }: { catalog: Pick<CatalogTitlesService, 'toCards'> }) {
  const repo = createSelectionsRepo(db);
  const collections = createCollectionsRepo(db);
  const cache = createTtlCache<unknown>({ name: 'selections', ttlMs: options.cacheTtlMs, revision: options.revision, maxEntries: 500 });
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    options.cacheTtlMs > 0 ? (cache.get(key, load) as Promise<T>) : load();

  async function resolve(row: SelectionRow): Promise<Resolved | null> {
    if (row.rule !== null) {
      const parsed = SelectionRuleSchema.safeParse(row.rule);
      if (!parsed.success) {
        options.log?.warn({ selection: row.alias, issues: parsed.error.issues }, 'selection rule is invalid; the selection is left out');
        return null;
      }
      return { row, source: 'rule', rule: parsed.data, collection: null, url: selectionUrl({ alias: row.alias, source: 'rule' }) };
    }
    if (row.collectionId !== null) {
      const collection = await collections.byId(row.collectionId);
      if (!collection) return null;
      return { row, source: 'collection', rule: null, collection, url: selectionUrl({ alias: row.alias, source: 'collection', collectionAlias: collection.alias }) };
    }
    return { row, source: 'items', rule: null, collection: null, url: selectionUrl({ alias: row.alias, source: 'items' }) };
  }

  // A kids selection lists only kids titles whoever opens it; a child session keeps its own, narrower scope.
  const scopeFor = (s: Resolved, scope: TitleScope): TitleScope => (s.row.location === 'kids' ? { ...scope, kidsOnly: true } : scope);

  function titlesOf(s: Resolved, scope: TitleScope, skip: number, limit: number): Promise<{ rows: TitleRow[]; total: number }> {
    const within = scopeFor(s, scope);
    if (s.rule) return repo.titlesByRule(s.rule, within, skip, limit);
    if (s.collection) return collections.titles(s.collection.id, within, skip, limit);
    return repo.pickedTitles(s.row.id, within, skip, limit);
  }

  async function shown(scope: TitleScope): Promise<Resolved[]> {
    const rows = await repo.list(scope.kidsOnly ? ['kids', 'both'] : ['home', 'both']);
    return (await Promise.all(rows.map(resolve))).filter((s): s is Resolved => s !== null);
  }

  async function cardsById(rows: TitleRow[]): Promise<Map<string, TitleCard>> {
    const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
    return new Map((await catalog.toCards(unique)).map((c) => [c._id, c]));
  }

  const service = {
    /**
     * The rows of a home page from its selections in order (adult: home and both; kids: kids and both), the
     * first 20 titles each; empty ones are left out. null when no selection is set up for that home.
     */
    homeRows(scope: TitleScope): Promise<HomeRow[] | null> {
      return cached(`home-rows:${scopeCacheKey(scope)}`, async () => {
        const list = await shown(scope);
        if (list.length === 0) return null;
        const pages = await Promise.all(list.map((s) => titlesOf(s, scope, 0, HOME_ROW_SIZE)));
        const cards = await cardsById(pages.flatMap((p) => p.rows));
        const rows: HomeRow[] = [];
        list.forEach((s, i) => {
          const items = (pages[i]?.rows ?? []).map((r) => cards.get(r.id)).filter((c): c is TitleCard => Boolean(c));
          if (items.length === 0) return;
          rows.push({ alias: s.row.alias, title: s.row.title, kind: s.source === 'collection' ? 'collection' : 'selection', url: s.url, items });
        });
        return rows;
      });
    },

    /** Every selection shown to the audience with its count and cover (posters of its first titles). */
    list(scope: TitleScope): Promise<SelectionList> {
      return cached(`selections:${scopeCacheKey(scope)}`, async () => {
        const list = await shown(scope);
        const pages = await Promise.all(list.map((s) => titlesOf(s, scope, 0, COVER_POSTERS)));
        return {
          items: list.flatMap((s, i) => {
            const page = pages[i];
            if (!page || page.total === 0) return [];
            return [{
              alias: s.row.alias, title: s.row.title, description: s.row.description, location: s.row.location, source: s.source, url: s.url,
              items_total: page.total, posters: page.rows.map((r) => posterImage(r.poster, 'vertical')),
            }];
          }),
        };
      });
    },

    /**
     * A page of one selection. The kids audience never sees an adult-home selection (404); a selection with
     * nothing in the caller's scope is not found either.
     */
    page(alias: string, scope: TitleScope, skip: number, limit: number): Promise<SelectionPage> {
      return cached(`selection:${alias}:${scopeCacheKey(scope)}:${skip}:${limit}`, async () => {
        const row = await repo.byAlias(alias);
        const s = row && (!scope.kidsOnly || selectionShownTo(row.location, 'kids')) ? await resolve(row) : null;
        if (!s) throw notFound(`Selection ${alias}`);
        const { rows, total } = await titlesOf(s, scope, skip, limit);
        if (total === 0) throw notFound(`Selection ${alias}`);
        return {
          alias: s.row.alias, title: s.row.title, description: s.row.description, location: s.row.location, source: s.source, url: s.url,
          rule: s.rule, items: await catalog.toCards(rows), items_total: total, skip, limit,
        };
      });
    },

    /**
     * The selections shown to the audience that hold a title within the caller's scope, as the list of selections
     * shows them (counts and covers of what the caller may see), in their order.
     */
    async holding(title: { id: string; isDisabled: boolean; forKids: boolean; ratingAge: string }, scope: TitleScope): Promise<SelectionList['items']> {
      const list = await shown(scope);
      const holds = await Promise.all(
        list.map(async (s) => {
          const within = scopeFor(s, scope);
          if (!scopeAdmits(within, title)) return false;
          if (s.rule) return repo.ruleHolds(s.rule, within, title.id);
          if (s.collection) return collections.holds(s.collection.id, title.id);
          return repo.picks(s.row.id, title.id);
        }),
      );
      const aliases = new Set(list.filter((_, i) => holds[i]).map((s) => s.row.alias));
      if (aliases.size === 0) return [];
      return (await service.list(scope)).items.filter((s) => aliases.has(s.alias));
    },
  };
  return service;
}
export type SelectionsService = ReturnType<typeof createSelectionsService>;
