import { FOR_KIDS_COOKIE, isKidsMode, pageCount, pageOfSegment } from '@ekran/core';
import type { AuthData } from '@ekran/contracts';
import { data, redirect } from 'react-router';
import { ApiCallError } from './api.server.ts';
import { readCookie } from './session.server.ts';

// Loader helpers of the list pages (collections, hashtags, selections, playlists, people; issue 4).

/** The page of an optional /page{N} segment (catalogue §5), or the not-found screen for anything else. */
export function pageOr404(segment: string | undefined): number {
  const page = pageOfSegment(segment);
  if (page === null) throw data(null, { status: 404 });
  return page;
}

/** Sends /page1 and a trailing slash to the list's one canonical address (301). */
export function redirectToCanonical(url: URL, canonical: string): void {
  if (url.pathname !== canonical) throw redirect(`${canonical}${url.search}`, 301);
}

/** The number of pages of a list; a page past the last one does not exist. */
export function pagesOr404(page: number, total: number, pageSize: number): number {
  const pages = pageCount(total, pageSize);
  if (page > pages) throw data(null, { status: 404 });
  return pages;
}

/** An API answer, or the not-found screen when the API says there is no such thing (404) or no such address (400). */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (err) {
    if (err instanceof ApiCallError && (err.status === 404 || err.status === 400)) throw data(null, { status: 404 });
    throw err;
  }
}

/** Whether the visitor browses as kids: a child profile, or kids mode (spec platform §2: the FOR_KIDS cookie). */
export function isKidsVisitor(request: Request, auth: AuthData | null): boolean {
  return (auth?.profile_for_child ?? false) || isKidsMode({ forKidsCookie: readCookie(request.headers.get('cookie'), FOR_KIDS_COOKIE), path: new URL(request.url).pathname });
}
