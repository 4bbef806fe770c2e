import type { catchupQuery } from '@ekran/core';

// The addresses the archive list page links to and loads from (browser and server alike).

/** The address of a page of the list: ?page=N after the filters' own query (archive pages are noindex). */
export function archivePageHref(canonical: string, page: number): string {
  if (page <= 1) return canonical;
  return `${canonical}${canonical.includes('?') ? '&' : '?'}page=${page}`;
}

/** The resource that answers the next portion of the list (routes/resources/catchups.ts). */
export function catchupPortionUrl(query: ReturnType<typeof catchupQuery>, skip: string, limit: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  params.set('skip', skip);
  params.set('limit', String(limit));
  return `/resources/catchups?${params.toString()}`;
}
