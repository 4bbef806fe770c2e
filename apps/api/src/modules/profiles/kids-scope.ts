import { ratingsAllowedUnder, type AgeRating } from '@ekran/core';
import type { SessionContext } from '../sessions/session-context.ts';

/**
 * What a child session may see: kids titles only, and of those only the ratings its age cap allows (null:
 * every kids title, for a child profile without a cap). The server applies it on every catalogue, home,
 * title and playback endpoint whatever the query says (for_kids=false is ignored for a child session).
 */
export interface KidsScope {
  ratings: AgeRating[] | null;
}

/** The kids scope of a session, or null for an adult session or an anonymous call. */
export function kidsScopeOf(session: SessionContext | null | undefined): KidsScope | null {
  if (!session?.isChild) return null;
  return { ratings: session.ageCap ? ratingsAllowedUnder(session.ageCap) : null };
}

/** Whether a title is visible in a kids scope (always, without one). */
export function scopeAllows(scope: KidsScope | null, title: { forKids: boolean; ratingAge: string }): boolean {
  if (!scope) return true;
  return title.forKids && (scope.ratings === null || (scope.ratings as readonly string[]).includes(title.ratingAge));
}

/** A stable cache key part for a scope. */
export const scopeKey = (scope: KidsScope | null): string => (scope ? `kids:${scope.ratings?.join(',') ?? '*'}` : 'all');
