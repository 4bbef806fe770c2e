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
