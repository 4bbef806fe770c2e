import { pageSuffix, parsePageSuffix } from '@ekran/core';

export interface CategoryPath {
  genre?: string;
  year?: number;
  country?: string;
  page: number;
}

const GENRE = /^[a-z][a-z0-9-]{2,39}$/;
const YEAR = /^(19|20)\d{2}$/;
const COUNTRY = /^[a-z]{2}$/;

/**
 * Reads /{category}/{genre}/{year}/{country} with an optional /page{N} suffix (catalogue §2). Each part is
 * optional but they keep that order; the country is lowercase; the suffix is "page" and a positive integer.
 * Anything else is null (the page does not exist).
 */
export function parseCategoryPath(segments: (string | undefined)[]): CategoryPath | null {
  const parts = segments.filter((s): s is string => Boolean(s));
  const result: CategoryPath = { page: 1 };
  const last = parts.at(-1);
  if (last?.startsWith('page')) {
    const page = parsePageSuffix(last);
    if (page === null) return null;
    result.page = page;
    parts.pop();
  }
  let stage = 0; // 0 genre, 1 year, 2 country
  for (const part of parts) {
    if (YEAR.test(part) && stage <= 1) {
      result.year = Number(part);
      stage = 2;
    } else if (COUNTRY.test(part) && stage <= 2) {
      result.country = part;
      stage = 3;
    } else if (GENRE.test(part) && stage === 0) {
      result.genre = part;
      stage = 1;
    } else {
      return null;
    }
  }
  return result;
}

/** The canonical path of a category filter and page. */
export function categoryPath(category: string, p: CategoryPath): string {
  const parts = [category, p.genre, p.year?.toString(), p.country, p.page > 1 ? pageSuffix(p.page) : undefined].filter(Boolean);
  return `/${parts.join('/')}`;
}

/** The filter groups a category path carries, in its order (catalogue §2). */
export type CategoryFilterKind = 'genre' | 'year' | 'country';

// spec catalogue §4: "choosing all clears that filter type and rebuilds the path from the other filters;
// choosing a value navigates to the new path." A new filter starts again from page 1.
/** The path after choosing an item of a filter group: all clears the group, a value sets it; always page 1 (catalogue §4). */
export function withFilter(path: CategoryPath, kind: CategoryFilterKind, alias: string): CategoryPath {
  const next: CategoryPath = { ...path, page: 1 };
  delete next[kind];
  if (alias === 'all') return next;
  if (kind === 'year') {
    const year = Number(alias);
    if (YEAR.test(alias)) next.year = year;
    return next;
  }
  const value = kind === 'country' ? alias.toLowerCase() : alias;
  if ((kind === 'genre' ? GENRE : COUNTRY).test(value)) next[kind] = value;
  return next;
}

/**
 * The filters a GET form sends (the select mode of narrow screens without JavaScript: ?genre=&year=&country=),
 * as a path; null when the query has none of them. Values that are not filters are dropped.
 */
export function pathFromQuery(search: URLSearchParams): CategoryPath | null {
  const kinds: CategoryFilterKind[] = ['genre', 'year', 'country'];
  if (!kinds.some((k) => search.has(k))) return null;
  let path: CategoryPath = { page: 1 };
  for (const kind of kinds) {
    const value = search.get(kind);
    if (value) path = withFilter(path, kind, value);
  }
  return path;
}

/** Whether any filter of a path is chosen. */
export function hasFilter(path: CategoryPath): boolean {
  return path.genre !== undefined || path.year !== undefined || path.country !== undefined;
}
