import type { CatalogFilters, CatalogFiltersQuery, CatalogResponse, Credit, FilterGroup, FilterItemData, Home, HomeRow, Title, TitleCard, TitleList, TitleListQuery } from '@ekran/contracts';
import { ApiPath, SortSchema } from '@ekran/contracts';
import { arrangeFilterItems, DEFAULT_CATALOG_SORT, FILTER_ALL_OPTION, sortOptions, scopeAllows, scopeKey, type KidsScope } from '@ekran/core';
import type { Db } from '@ekran/db';
import { notFound } from '../../lib/errors.ts';
import { createTtlCache, type CacheRevision } from '../../lib/ttl-cache.ts';
import { posterImage } from '../images/poster-url.ts';
import { toTitleCard } from './catalog.mapper.ts';
import { createCatalogRepo, sortOf, type TitleRow } from './catalog.repo.ts';
import type { SortAlias } from './catalog-sorting.ts';
import { decodeCursor, encodeCursor, type SortField } from './listing-cursor.ts';
import { createCardMaker } from './title-cards.ts';

const HOME_ROW_SIZE = 20; // spec platform §9: default catalog cards 20
const SIMILAR_COUNT = 12;
const FILMOGRAPHY_COUNT = 6;

// spec catalogue §3: filter groups genre, year and country; the all-option is «Все».
const GROUP_TITLES = {
  ru: { genre: 'Жанры', year: 'Годы', country: 'Страны' },
  en: { genre: 'Genres', year: 'Years', country: 'Countries' },
} as const;
const ALL_TITLE = { ru: FILTER_ALL_OPTION.title, en: 'All' } as const;

/** A row's value of a sort field, as a cursor keeps it. */
function sortValueOf(row: TitleRow, field: SortField): number | string {
  switch (field) {
    case 'popularity':
      return row.popularity;
    case 'ekran_release_date':
      return row.ekranReleaseDate;
    case 'rating_ekran':
      return row.ratingEkran;
    case 'year':
      return row.year;
    case 'title':
      return row.title;
  }
}

/**
 * The selections that make up a home page (decision 010), as the catalogue reads them: their rows for one audience,
 * or null when none is set up for that home. The collections module answers it; the catalogue, below it, only
 * declares what it reads.
 */
export interface HomeRowsSource {
  homeRows(scope: { kidsOnly: boolean; ratings: readonly string[] | null }): Promise<HomeRow[] | null>;
}

/** The catalogue: listings, menu, home rows and title pages. */
export function createCatalogService(db: Db, options: { cacheTtlMs: number; revision?: CacheRevision | undefined }, { selections }: { selections: HomeRowsSource }) {
  const repo = createCatalogRepo(db);
  // The catalogue is public and the same for everyone: answers are kept briefly (CATALOG_CACHE_SECONDS).
  const cache = createTtlCache<unknown>({ name: 'catalog', ttlMs: options.cacheTtlMs, revision: options.revision, maxEntries: 500 });
  const cached = <T>(key: string, load: () => Promise<T>): Promise<T> =>
    options.cacheTtlMs > 0 ? (cache.get(key, load) as Promise<T>) : load();
  const toCards = createCardMaker(repo);
  // The same kept rows give the same answer object, which the API then encodes once (lib/memo-serializer.ts).
  const homes = new WeakMap<HomeRow[], Home>();
  const homeOf = (rows: HomeRow[]): Home => homes.get(rows) ?? (homes.set(rows, { rows }), homes.get(rows)!);

  const service = {
    /**
     * A page of titles; a child session's kids scope forces for_kids and its age cap. Without
     * a sort it is the caller's default (catalogue §4, `defaultSortOf`). The page starts at `skip` or, for the
     * next portion of an infinite list, after the `after` cursor; skip is capped at items_total and
     * next_cursor is null at the end (platform §4 Lists).
     */
    listTitles(input: TitleListQuery, kids: KidsScope | null = null, defaultSort: SortAlias = DEFAULT_CATALOG_SORT): Promise<TitleList> {
      const sort = input.sort ?? defaultSort;
      const { field } = sortOf(sort);
      const after = input.after ? decodeCursor(input.after, sort, field) : undefined;
      const query = { ...input, sort, for_kids: input.for_kids || kids !== null };
      return cached(`titles:${JSON.stringify(query)}:${scopeKey(kids)}`, async () => {
        const { after: _cursor, ...listing } = query;
        const { rows, total } = await repo.listTitles({ ...listing, after }, kids?.ratings);
        const skip = Math.min(after ? after.position : query.skip, total);
        const end = skip + rows.length;
        const last = rows.at(-1);
        const next_cursor = last && end < total ? encodeCursor({ sort, value: sortValueOf(last, field), alias: last.alias, position: end }) : null;
        return { items: await toCards(rows), items_total: total, skip, limit: query.limit, sort, next_cursor };
      });
    },

    /**
     * The filters of a category page (spec catalogue §3 Filter group, §4 Catalogue filter, §7 categories
     * filters): genre, year and country groups, each with the all-option first and items whose totals count
     * the other groups' selected filters (zero-count items last), the sort options and the caller's default sort.
     */
    async filters(query: CatalogFiltersQuery, kids: KidsScope | null = null, defaultSort: SortAlias = DEFAULT_CATALOG_SORT): Promise<CatalogFilters> {
      const forKids = query.for_kids || kids !== null;
      const { category, genre, year, country, locale } = query;
      const groups = await cached(`filters:${JSON.stringify({ category, genre, year, country, locale, forKids })}:${scopeKey(kids)}`, async () => {
        const facets = await repo.facets(category, { genre, year, country }, { forKids, ratings: kids?.ratings });
        const names = locale === 'en' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
        const countryItems = facets.countries
          .map((c) => ({ alias: c.code, title: names?.of(c.code.toUpperCase()) ?? c.title, total: c.total }))
          .sort((a, b) => a.title.localeCompare(b.title, locale));
        const group = (alias: FilterGroup['alias'], selected: string | number | undefined, allTotal: number, items: FilterItemData[]): FilterGroup => ({
          alias,
          title: GROUP_TITLES[locale][alias],
          selected: selected === undefined ? FILTER_ALL_OPTION.alias : String(selected),
          // spec catalogue §4: items with total 0 are listed last (a client disables them while no filter is selected).
          items: [{ alias: FILTER_ALL_OPTION.alias, title: ALL_TITLE[locale], total: allTotal }, ...arrangeFilterItems(items, true).map(({ disabled: _d, ...item }) => item)],
        });
        return [
          group('genre', genre, facets.all.genre, facets.genres.map((g) => ({ alias: g.alias, title: locale === 'en' ? g.titleEn : g.title, total: g.total }))),
          group('year', year, facets.all.year, facets.years.map((y) => ({ alias: String(y.year), title: String(y.year), total: y.total }))),
          group('country', country, facets.all.country, countryItems),
        ];
      });
      return { items: groups, sort_options: sortOptions(locale).map((o) => ({ ...o, alias: SortSchema.parse(o.alias) })), default_sort: defaultSort };
    },

    /** spec platform §7 GET catalog: genres per category (movie, series) for the adult or the kids menu. */
    catalog(forKidsAsked: boolean, kids: KidsScope | null = null): Promise<CatalogResponse> {
      const forKids = forKidsAsked || kids !== null;
      return cached(`catalog:${forKids}:${scopeKey(kids)}`, () => service.loadCatalog(forKids, kids?.ratings));
    },

    async loadCatalog(forKids: boolean, ratings?: readonly string[] | null): Promise<CatalogResponse> {
      const rows = await repo.catalogGenres(forKids, ratings);
      const entry = (category: 'movie' | 'series', title: string) => ({
        category,
        title,
        genres: rows.filter((r) => r.kind === category).map((r) => ({ alias: r.alias, title: r.title, total: Number(r.total) })),
      });
      return { items: [entry('movie', forKids ? 'Мультфильмы' : 'Фильмы'), entry('series', forKids ? 'Мультсериалы' : 'Сериалы')] };
    },

    /**
     * Home rows: the selections of that home in order (decision 010); without any set up, new on the
     * service, popular, then the editors' collections.
     */
    async home(forKidsAsked: boolean, kids: KidsScope | null = null): Promise<Home> {
      const forKids = forKidsAsked || kids !== null;
      const ratings = kids?.ratings ?? null;
      // The selections keep their rows for as long as the catalogue keeps its answers; the default rows are kept here.
      const fromSelections = await selections.homeRows({ kidsOnly: forKids, ratings });
      if (fromSelections) return homeOf(fromSelections);
      return cached(`home:${forKids}:${scopeKey(kids)}`, () => service.loadDefaultHome(forKids, ratings));
    },

    /** The home without any selection set up: new on the service, popular, then the editors' collections. */
    async loadDefaultHome(forKids: boolean, ratings?: readonly string[] | null): Promise<Home> {
      const base = { for_kids: forKids, limit: HOME_ROW_SIZE, skip: 0 } as const;
      const [fresh, popular, collections] = await Promise.all([
        repo.listTitles({ ...base, sort: '-ekran_release_date' }, ratings),
        repo.listTitles({ ...base, sort: '-popularity' }, ratings),
        repo.listCollections(forKids),
      ]);
      const collectionRows = await repo.collectionTitles(collections.map((c) => c.id), forKids, ratings);
      const allRows = [...fresh.rows, ...popular.rows, ...collectionRows.map((r) => r.title)];
      const cards = new Map((await toCards(dedupe(allRows))).map((c) => [c._id, c]));
      const pick = (rows: TitleRow[]) => rows.map((r) => cards.get(r.id)).filter((c): c is TitleCard => Boolean(c));
      const rows: HomeRow[] = [
        { alias: 'new', title: forKids ? 'Новые мультфильмы' : 'Новинки', kind: 'new', url: null, items: pick(fresh.rows) },
        { alias: 'popular', title: forKids ? 'Любимые мультфильмы' : 'Популярное', kind: 'popular', url: null, items: pick(popular.rows) },
      ];
      for (const c of collections) {
        const items = pick(collectionRows.filter((r) => r.collectionId === c.id).map((r) => r.title)).slice(0, HOME_ROW_SIZE);
        if (items.length > 0) rows.push({ alias: c.alias, title: c.title, kind: 'collection', url: `/collections/${c.alias}`, items });
      }
      return { rows };
    },

    /** spec platform §3 Title: everything the title page shows. */
    title(alias: string, kids: KidsScope | null = null): Promise<Title> {
      return cached(`title:${alias}:${scopeKey(kids)}`, () => service.loadTitle(alias, kids));
    },

    /**
     * A title by its alias or its id (/movie/{product}); the answer carries the alias, which is
     * the title page's address. For a child session a title outside its kids scope is not found.
     */
    async loadTitle(alias: string, kids: KidsScope | null = null): Promise<Title> {
      const row = await repo.titleByRef(alias);
      if (!row || !scopeAllows(kids, row)) throw notFound(`Title ${alias}`);
      const [genreRows, countryRows, creditRows, seasonRows, extraRows] = await Promise.all([
        repo.genresOf([row.id]),
        repo.countriesOf(row.id),
        repo.creditsOf(row.id),
        row.kind === 'series' ? repo.seasonsOf(row.id) : Promise.resolve([]),
        repo.extrasOf(row.id),
      ]);
      const genreAliases = genreRows.map((g) => g.alias);
      const [similarRows, filmRows] = await Promise.all([
        repo.similar(row.id, genreAliases, row.forKids, SIMILAR_COUNT, kids?.ratings),
        repo.filmographies([...new Set(creditRows.map((c) => c.person.id))], row.id, kids),
      ]);
      const films = new Map<string, { alias: string; title: string; year: number }[]>();
      for (const f of filmRows) {
        const list = films.get(f.personId) ?? [];
        if (list.length < FILMOGRAPHY_COUNT) list.push({ alias: f.alias, title: f.title, year: f.year });
        films.set(f.personId, list);
      }
      const creditsFor = (role: string): Credit[] =>
        creditRows
          .filter((c) => c.role === role && c.person.name && c.person.alias) // spec platform §3: only entries with name and alias
          .map((c) => ({
            name: c.person.name,
            alias: c.person.alias,
            name_original: c.person.nameOriginal,
            character_name: c.characterName,
            photo: null,
            biography: c.person.biography,
            filmography: films.get(c.person.id) ?? [],
          }));
      const seasonsMap = new Map<number, Title['items'][number]>();
      for (const { season, episode } of seasonRows) {
        const s = seasonsMap.get(season.number) ?? { number: season.number, title: season.title, episodes: [] };
        s.episodes.push({
          number: episode.number,
          title: episode.title,
          description: episode.description,
          duration_minutes: episode.durationMinutes,
          ekran_id: episode.id,
          is_preview: episode.isPreview,
          // No frame of the video is stored yet: each episode gets its own variation of the title's art (another
          // seed and a shifted hue), signed like every art URL, so the rows are told apart at a glance.
          still: posterImage(
            { ...row.poster, hue: (row.poster.hue + episode.number * 23) % 360, seed: row.poster.seed + 1000 + season.number * 100 + episode.number },
            'horizontal',
          ),
        });
        seasonsMap.set(season.number, s);
      }
      const trailer = extraRows.find((e) => e.kind === 'trailer');
      // The title shares the card's fields; it has seasons in full instead of their count.
      const { seasons_count: _count, ...card } = toTitleCard(row, genreRows, seasonsMap.size);
      return {
        ...card,
        title_original: row.titleOriginal,
        description: row.description,
        additional_content: extraRows.map((e) => ({
          _id: e.id,
          uid: e.id,
          kind: e.kind,
          title: e.title,
          description: e.description,
          packshot: posterImage({ ...row.poster, seed: row.poster.seed + e.position + 1 }, 'horizontal'),
          video_src: ApiPath.playbackCheck(e.id),
        })),
        hashtags: row.hashtags,
        similar: await toCards(similarRows),
        cast: creditsFor('actor'),
        directors: creditsFor('director'),
        operators: creditsFor('operator'),
        producers: creditsFor('producer'),
        writers: creditsFor('writer'),
        composers: creditsFor('composer'),
        origin_countries: countryRows,
        locales: row.locales,
        seo: { subject: row.seoSubject },
        is_disabled: row.isDisabled,
        unavailable_by_geo: false,
        items: [...seasonsMap.values()],
        playback_options: { url: ApiPath.playbackCheck(row.id) },
        trailer_src: trailer ? ApiPath.playbackCheck(trailer.id) : null,
      };
    },
  };
  return service;
}
export type CatalogService = ReturnType<typeof createCatalogService>;

function dedupe(rows: TitleRow[]): TitleRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => (seen.has(r.id) ? false : (seen.add(r.id), true)));
}
