import { PERSONAL_LIST_PAGE_SIZE } from '@ekran/core';
import { ApiPath, type TitleState } from '@ekran/contracts';
import { ApiCallError, type Api } from './api.server.ts';
import { env } from './env.server.ts';
import { toPersonalCard, type ListKind, type ListPageView, type ListView } from './lists-view.ts';
import type { Visitor } from './session.server.ts';

/** Cards in a personal row of the home pages. */
export const PERSONAL_ROW_SIZE = 20;

/** One page of a personal list from the API, as view cards. */
export async function loadListPage(api: Api, kind: ListKind, page: { skip: number; limit: number; forKids?: boolean }): Promise<ListPageView> {
  const query = { skip: page.skip, limit: page.limit, for_kids: page.forKids ?? false };
  const list =
    kind === 'favorites' ? await api.favorites(query)
    : kind === 'continue' ? await api.continueWatching(query)
    : kind === 'history' ? await api.history(query)
    : await api.rated(query);
  const items = list.items.map(toPersonalCard);
  if (kind === 'favorites') for (const item of items) item.isFavorite = true;
  return { kind, items, itemsTotal: list.items_total, skip: list.skip, limit: list.limit };
}

/**
 * A list for a page: its first page, or the error state when the API failed (spec platform §8: "Favorites or
 * continue-watching failure: error stored in state"); the page shows it and offers to retry.
 */
export async function loadListView(api: Api, kind: ListKind, limit = PERSONAL_LIST_PAGE_SIZE, forKids = false): Promise<ListView> {
  try {
    return { kind, forKids, status: 'loaded', page: await loadListPage(api, kind, { skip: 0, limit, forKids }) };
  } catch (err) {
    if (!(err instanceof ApiCallError)) throw err;
    return { kind, forKids, status: 'error', page: null };
  }
}

/** The lists a visitor may have: an anonymous one keeps only progress (history, continue watching). */
export function listsFor(visitor: Pick<Visitor, 'auth'>): ListKind[] {
  if (!visitor.auth) return [];
  return visitor.auth.virtual ? ['continue', 'history'] : ['favorites', 'continue', 'history', 'rated'];
}

/**
 * The personal rows of the home pages: «Продолжить просмотр» and «Избранное» of the current profile.
 * Crawlers have none; an anonymous visitor only continue watching. The kids home shows only kids titles.
 */
export async function loadPersonalRows(visitor: Pick<Visitor, 'auth' | 'api'>, options: { forKids?: boolean } = {}): Promise<ListView[]> {
  const kinds = listsFor(visitor).filter((k): k is 'continue' | 'favorites' => k === 'continue' || k === 'favorites');
  // Continue watching first (spec platform §7 lists both calls); the order is the rows' order on the page.
  kinds.sort((a, b) => (a === 'continue' ? -1 : b === 'continue' ? 1 : 0));
  return Promise.all(kinds.map((kind) => loadListView(visitor.api, kind, PERSONAL_ROW_SIZE, options.forKids ?? false)));
}

/** The personal state of a title page, or null when there is no session or the API failed (the page works without it). */
export async function loadTitleState(visitor: Pick<Visitor, 'auth' | 'api'>, alias: string): Promise<TitleState | null> {
  if (!visitor.auth) return null;
  try {
    return await visitor.api.titleState(alias);
  } catch (err) {
    if (err instanceof ApiCallError) return null;
    throw err;
  }
}

/**
 * Where the player reports progress: the API through the site's origin (/api is proxied), with the site's
 * public API key in the query, since navigator.sendBeacon cannot send headers; the session cookie rides along.
 */
export function progressReportUrl(): string {
  return `${ApiPath.progress}?apikey=${encodeURIComponent(env.WEB_API_KEY)}`;
}

/** What the title page needs of the personal lists: the title's state and where the player reports progress. */
export interface WatchPersonal {
  state: TitleState | null;
  /** Null without a session (a crawler): nothing to report to. */
  reportUrl: string | null;
}

/** The personal part of a title page. */
export async function loadWatchPersonal(visitor: Pick<Visitor, 'auth' | 'api'>, alias: string): Promise<WatchPersonal> {
  return { state: await loadTitleState(visitor, alias), reportUrl: visitor.auth ? progressReportUrl() : null };
}
