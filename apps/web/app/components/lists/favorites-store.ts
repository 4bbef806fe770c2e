import type { ListStatus } from '@ekran/core';
import { useEffect, useSyncExternalStore } from 'react';
import { callResource } from '../../lib/resource-client.ts';

// spec platform §3 client state "profile": the favorites of the profile, with a loading status idle,
// loading, loaded or error; §8: "Favorites failure: error stored in state". Cards read it to show their
// favorite button pressed; it is loaded once per profile in the browser and kept current by the buttons.

export interface FavoritesSnapshot {
  /** The profile the aliases belong to. */
  profileId: string | null;
  status: ListStatus;
  aliases: ReadonlySet<string>;
  /** Titles this browser took off the favorites since the store loaded (lists drop them in place). */
  removed: ReadonlySet<string>;
  /** What this browser did since: newer than the loaded aliases and than any page's data. */
  changed: ReadonlyMap<string, boolean>;
}

/** Where the browser reads the favorites' aliases (routes/resources/favorites.ts). */
export const FAVORITES_RESOURCE = '/resources/favorites';

const IDLE: FavoritesSnapshot = { profileId: null, status: 'idle', aliases: new Set(), removed: new Set(), changed: new Map() };
let snapshot: FavoritesSnapshot = IDLE;
const listeners = new Set<() => void>();

function publish(next: FavoritesSnapshot) {
  snapshot = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

async function load(profileId: string) {
  publish({ profileId, status: 'loading', aliases: new Set(), removed: new Set(), changed: new Map() });
  try {
    const { ok, status, body } = await callResource('FavoriteAliasesSchema', FAVORITES_RESOURCE, { credentials: 'same-origin' });
    if (!ok || !body) throw new Error(`favorites answered ${status}`);
    if (snapshot.profileId === profileId) publish({ ...snapshot, status: 'loaded', aliases: new Set(body.aliases.map(String)) });
  } catch {
    if (snapshot.profileId === profileId) publish({ ...snapshot, status: 'error' });
  }
}

/** Marks one title as (not) a favorite after the server said so, for every card that shows it. */
export function setFavorite(profileId: string | null, alias: string, isFavorite: boolean) {
  if (!profileId || snapshot.profileId !== profileId) return;
  const aliases = new Set(snapshot.aliases);
  const removed = new Set(snapshot.removed);
  if (isFavorite) {
    aliases.add(alias);
    removed.delete(alias);
  } else {
    aliases.delete(alias);
    removed.add(alias);
  }
  publish({ ...snapshot, aliases, removed, changed: new Map(snapshot.changed).set(alias, isFavorite) });
}

/**
 * The favorites of the current profile in the browser (idle on the server and for an anonymous visitor,
 * who has none). The first card that asks loads them; after a failure the cards of the next page ask again.
 */
export function useFavoritesStore(profileId: string | null, enabled: boolean): FavoritesSnapshot {
  const current = useSyncExternalStore(subscribe, () => snapshot, () => IDLE);
  useEffect(() => {
    if (!enabled || !profileId) return;
    if (snapshot.profileId !== profileId || snapshot.status === 'idle' || snapshot.status === 'error') void load(profileId);
  }, [enabled, profileId]);
  return enabled && current.profileId === profileId ? current : IDLE;
}

/** For tests: forget what was loaded. */
export function resetFavoritesStore() {
  publish(IDLE);
}
