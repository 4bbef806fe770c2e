import { FOR_KIDS_COOKIE, isKidsMode, pageCount, pageOfSegment } from '@ekran/core';
import type { AuthData } from '@ekran/contracts';
import { isNothingThere } from './api.server.ts';
import { readCookie } from './session.server.ts';
import { safeRedirect } from './safe-redirect.ts';
import { notFound } from './not-found.ts';

// Loader helpers of the list pages (collections, hashtags, selections, playlists, people).

/** The page of an optional /page{N} segment (catalogue §5), or the not-found screen for anything else. */
export function pageOr404(segment: string | undefined): number {
  const page = pageOfSegment(segment);
  if (page === null) throw notFound();
  return page;
}

/**
 * The furthest a paged list of the API reaches: its contracts take skip up to 100 000 (CatalogQuery, PagedQuery);
 * lists.server.test.ts checks the two agree.
 */
export const MAX_LIST_SKIP = 100_000;

/** Where page N of a list starts; a page beyond what the API can page to is no page (404, not the API's 400). */
export function skipOr404(page: number, pageSize: number): number {
  const skip = (page - 1) * pageSize;
  if (!Number.isSafeInteger(skip) || skip < 0 || skip > MAX_LIST_SKIP) throw notFound();
  return skip;
}

/** Sends /page1 and a trailing slash to the list's one canonical address (301). */
export function redirectToCanonical(url: URL, canonical: string): void {
  if (url.pathname !== canonical) throw safeRedirect(`${canonical}${url.search}`, 301);
}

/** The number of pages of a list; a page past the last one does not exist. */
export function pagesOr404(page: number, total: number, pageSize: number): number {
  const pages = pageCount(total, pageSize);
  if (page > pages) throw notFound();
  return pages;
}

/** An API answer, or the not-found screen when the API says there is no such thing (404) or no such address (400). */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (err) {
    if (isNothingThere(err)) throw notFound();
    throw err;
  }
}

/** Whether the visitor browses as kids: a child profile, or kids mode (spec platform §2: the FOR_KIDS cookie). */
export function isKidsVisitor(request: Request, auth: AuthData | null): boolean {
  return (auth?.profile_for_child ?? false) || isKidsMode({ forKidsCookie: readCookie(request.headers.get('cookie'), FOR_KIDS_COOKIE), path: new URL(request.url).pathname });
}
