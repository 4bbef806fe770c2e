import {
  credits, people, personSearchVector, queryRows, searchForm, searchFormOrEmpty, titleSearchVector, titles, type Db,
} from '@ekran/db';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';

/** What a search is for: the normalised query, its words, the kids scope, and how much text to look at. */
export interface SearchInput {
  /** The query in search form (normalizeSearchText), never empty. */
  q: string;
  words: string[];
  limit: number;
  /** A child session's ratings (null: any kids title); undefined for an adult or anonymous session. */
  kids?: { ratings: readonly string[] | null } | null;
  /** Suggestions look at names only; the search page also at descriptions. */
  names?: 'only' | 'and-descriptions';
}

/** A ranked hit: lower tier is better (exact, prefix, word prefix, names' full text, description, typo). */
export interface RankedHit {
  id: string;
  tier: number;
  rank: number;
  /** Trigram similarity of the whole name (or original name) to the query. */
  sim: number;
  /** Trigram similarity of the best-matching part of the name to the query. */
  wordSim: number;
  total: number;
}
export interface RankedPerson extends RankedHit {
  alias: string;
  name: string;
  nameOriginal: string | null;
  roles: string[];
  titlesCount: number;
}

// Trigram thresholds of this search (pg_trgm's defaults are 0.3 and 0.6): 0.5 lets a one-letter typo in a
// word of a longer name match (word_similarity('матрца', 'матрица перезагрузка') is 0.57).
const SIMILARITY_THRESHOLD = 0.3;
const WORD_SIMILARITY_THRESHOLD = 0.5;

/**
 * The tsquery text of the words: every word as a prefix, all of them required. Normalised words hold only
 * letters and digits, so they cannot carry tsquery operators. `weights` limits matches to those labels.
 */
function tsqueryOf(words: string[], weights = ''): string {
  return words.map((w) => `${w}:*${weights}`).join(' & ');
}

/** Tier of a match of q against the two search forms of a name (0 exact, 1 prefix, 2 a word starts with q). */
function nameTier(q: string, name: SQL, original: SQL): SQL {
  const prefix = `${q}%`;
  const wordPrefix = `% ${q}%`;
  return sql`case
    when ${name} = ${q} or ${original} = ${q} then 0
    when ${name} like ${prefix} or ${original} like ${prefix} then 1
    when ' ' || ${name} like ${wordPrefix} or ' ' || ${original} like ${wordPrefix} then 2`;
}

// Below this many characters a "typo" is indistinguishable from the start of another word («фед» is not a
// misspelt «фея»): short queries match by prefix and full text only.
const TYPO_MIN_CHARS = 4;

const trigramMatch = (q: string, form: SQL) => (q.length < TYPO_MIN_CHARS ? sql`false` : sql`(${form} % ${q} or ${q} <% ${form})`);
const similarities = (q: string, name: SQL, original: SQL) =>
  sql`greatest(similarity(${name}, ${q}), similarity(${original}, ${q})) as sim, greatest(word_similarity(${q}, ${name}), word_similarity(${q}, ${original})) as word_sim`;

/** Queries of the search over PostgreSQL full text and trigrams (the expression indexes of search-sql.ts). */
export function createSearchRepo(db: Db) {
  const storedName = sql`${titles.searchName}`;
  const storedOriginal = sql`${titles.searchNameOriginal}`;
  const titleVector = titleSearchVector(titles.title, titles.titleOriginal, titles.description);
  const personName = searchForm(people.name);
  const personOriginal = searchFormOrEmpty(people.nameOriginal);
  const personVector = personSearchVector(people.name, people.nameOriginal);

  /** Titles a session may see: not disabled, and for a child session kids titles within its age cap. */
  const titleVisible = (kids: SearchInput['kids']) =>
    and(eq(titles.isDisabled, false), kids ? eq(titles.forKids, true) : undefined, kids?.ratings ? inArray(titles.ratingAge, [...kids.ratings]) : undefined);

  function rankedTitles(tx: Db, input: SearchInput) {
    const { q, words, limit } = input;
    const suggest = input.names === 'only';
    // The names' forms and vector are stored columns (schema.ts): a match is ranked without recomputing them.
    // The names' vector holds nothing else, so its query needs no weights (a GIN match with weights is
    // rechecked row by row).
    const names = sql`to_tsquery('russian'::regconfig, ${tsqueryOf(words)})`;
    const all = sql`to_tsquery('russian'::regconfig, ${tsqueryOf(words)})`;
    // Suggestions look at names only, and need no total: the description's vector is never computed for them.
    const matched = suggest ? sql`${titles.searchNames} @@ ${names}` : sql`(${titles.searchNames} @@ ${names} or ${titleVector} @@ ${all})`;
    return queryRows<RawHit>(
      tx,
      sql`select ${titles.id} as id,
          (${nameTier(q, storedName, storedOriginal)} when ${titles.searchNames} @@ ${names} then 3 ${suggest ? sql`` : sql`when ${titleVector} @@ ${all} then 4`} else 5 end) as tier,
          ${suggest ? sql`ts_rank(${titles.searchNames}, ${names})` : sql`ts_rank(${titleVector}, ${all})`} as rank,
          ${similarities(q, storedName, storedOriginal)},
          ${suggest ? sql`0` : sql`count(*) over ()`} as total
        from ${titles}
        where ${titleVisible(input.kids)}
          and (${matched} or ${trigramMatch(q, storedName)} or ${trigramMatch(q, storedOriginal)})
        order by tier, rank desc, sim desc, word_sim desc, ${titles.popularity} desc, ${titles.alias}
        limit ${limit}`,
    );
  }

  function rankedPeople(tx: Db, input: SearchInput) {
    const { q, words, limit } = input;
    const query = sql`to_tsquery('simple'::regconfig, ${tsqueryOf(words)})`;
    // Only people credited in a title the session may see: a child session finds no adult-only people, and
    // nobody is found whose page would list nothing.
    const filmography = sql`select array_agg(distinct ${credits.role}::text) as roles, count(distinct ${credits.titleId}) as titles_count
      from ${credits} inner join ${titles} on ${titles.id} = ${credits.titleId}
      where ${credits.personId} = ${people.id} and ${titleVisible(input.kids)}`;
    return queryRows<RawHit & { alias: string; name: string; name_original: string | null; roles: string[]; titles_count: number }>(
      tx,
      sql`select ${people.id} as id, ${people.alias} as alias, ${people.name} as name, ${people.nameOriginal} as name_original,
          f.roles, f.titles_count,
          (${nameTier(q, personName, personOriginal)} when ${personVector} @@ ${query} then 3 else 5 end) as tier,
          ts_rank(${personVector}, ${query}) as rank,
          ${similarities(q, personName, personOriginal)},
          count(*) over () as total
        from ${people}
        cross join lateral (${filmography}) as f
        where f.titles_count > 0 and ${people.name} <> '' and ${people.alias} <> ''
          and (${personVector} @@ ${query} or ${trigramMatch(q, personName)} or ${trigramMatch(q, personOriginal)})
        order by tier, rank desc, sim desc, word_sim desc, f.titles_count desc, ${people.alias}
        limit ${limit}`,
    );
  }

  return {
    /** Ranked titles and people for a query, in one transaction that sets this search's trigram thresholds. */
    async search(input: SearchInput): Promise<{ titles: RankedHit[]; people: RankedPerson[] }> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('pg_trgm.similarity_threshold', ${String(SIMILARITY_THRESHOLD)}, true), set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`,
        );
        const titleHits = await rankedTitles(tx, input);
        const personHits = await rankedPeople(tx, input);
        return {
          titles: titleHits.map(numeric),
          people: personHits.map((p) => ({
            ...numeric(p),
            alias: p.alias,
            name: p.name,
            nameOriginal: p.name_original,
            roles: p.roles,
            titlesCount: Number(p.titles_count),
          })),
        };
      });
    },

    /** Title rows by id (the ranked order is the caller's). */
    titlesByIds(ids: string[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(titles).where(inArray(titles.id, ids));
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;

interface RawHit {
  id: string;
  tier: number | string;
  rank: number | string;
  sim: number | string;
  word_sim: number | string;
  total: number | string;
}

// PostgreSQL answers bigint counts as strings and reals as numbers or strings depending on the driver.
function numeric(hit: RawHit): RankedHit {
  return { id: hit.id, tier: Number(hit.tier), rank: Number(hit.rank), sim: Number(hit.sim), wordSim: Number(hit.word_sim), total: Number(hit.total) };
}
