import { type KidsScope } from '@ekran/core';
import { titles } from '@ekran/db';
import { and, eq, inArray, type SQL } from 'drizzle-orm';

/**
 * Which titles a list may show: never a disabled one; in the kids audience only kids titles; in a child session
 * only the ratings its age cap allows. A child session is always the kids audience, whatever it asks for.
 */
export interface TitleScope {
  kidsOnly: boolean;
  ratings: readonly string[] | null;
}

/** The scope of a call: a child session's kids scope, or the audience the caller asked for (for_kids). */
export function titleScope(kids: KidsScope | null, forKidsAsked = false): TitleScope {
  return { kidsOnly: forKidsAsked || kids !== null, ratings: kids?.ratings ?? null };
}

/** The SQL condition on `titles` of a scope. */
export function scopeCondition(scope: TitleScope): SQL {
  const conditions = [eq(titles.isDisabled, false)];
  if (scope.kidsOnly) conditions.push(eq(titles.forKids, true));
  if (scope.ratings) conditions.push(inArray(titles.ratingAge, [...scope.ratings]));
  return and(...conditions) as SQL;
}

/** Whether a title row is inside a scope (the same rule as scopeCondition, for rows already loaded). */
export function scopeAdmits(scope: TitleScope, row: { isDisabled: boolean; forKids: boolean; ratingAge: string }): boolean {
  return !row.isDisabled && (!scope.kidsOnly || row.forKids) && (!scope.ratings || scope.ratings.includes(row.ratingAge));
}

/** A cache key part of a scope. */
export const scopeCacheKey = (scope: TitleScope): string => `${scope.kidsOnly ? 'kids' : 'all'}:${scope.ratings?.join(',') ?? '*'}`;
