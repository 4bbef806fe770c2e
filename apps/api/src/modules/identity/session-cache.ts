import { countLookup } from '../../lib/cache-stats.ts';

/** What a kept session must still know to be trusted: its account, when it ends. */
export interface KeptSession {
  session: { userId: string; expiresAt: Date; lastUsedAt: Date };
}

/**
 * Sessions kept in this process for a few seconds, by token hash, so a page's API calls stop asking the database
 * for the same session each time (docs/decisions/049-sessions-kept-per-process.md). Trusted only while the database
 * tells this process of every change: `changed(userId)` drops an account's sessions when it hears of one (a
 * sign-out, a profile switch, a purchase: the database announces them at commit, migration 0024), and `live(false)`
 * (the announcements' connection is down) stops keeping anything until `live(true)` starts afresh. Before a kept
 * session is served, `caughtUp` makes sure every announcement committed before the request has been heard (in
 * another process too), so a change is seen by the next request wherever it lands. A lookup that began before a
 * change is not kept: it may have read what the change replaced. A TTL of 0 keeps nothing.
 */
export function createSessionCache<S extends KeptSession>(options: { ttlMs: number; maxEntries: number; now: () => number }) {
  const entries = new Map<string, { at: number; found: S }>();
  const byUser = new Map<string, Set<string>>();
  let trusted = false;
  let caughtUp: (() => Promise<boolean>) | null = null;
  // Moves on every change heard: a lookup keeps its answer only when none came while it ran.
  let generation = 0;

  function forget(hash: string) {
    const entry = entries.get(hash);
    if (!entry) return;
    entries.delete(hash);
    const hashes = byUser.get(entry.found.session.userId);
    hashes?.delete(hash);
    if (hashes?.size === 0) byUser.delete(entry.found.session.userId);
  }

  function keep(hash: string, found: S) {
    forget(hash);
    entries.set(hash, { at: options.now(), found });
    const userId = found.session.userId;
    let hashes = byUser.get(userId);
    if (!hashes) byUser.set(userId, (hashes = new Set()));
    hashes.add(hash);
    while (entries.size > options.maxEntries) forget(entries.keys().next().value as string);
  }

  function clear() {
    generation += 1;
    entries.clear();
    byUser.clear();
  }

  return {
    /** The session of a token hash: kept, or looked up (and kept when it was found and nothing changed meanwhile). */
    async get(hash: string, lookup: () => Promise<S | null>): Promise<S | null> {
      if (options.ttlMs <= 0 || !trusted || !caughtUp || !(await caughtUp())) return lookup();
      const hit = entries.get(hash);
      const now = options.now();
      const fresh = hit !== undefined && now - hit.at < options.ttlMs && hit.found.session.expiresAt.getTime() > now;
      countLookup('sessions', fresh);
      if (fresh) return hit.found;
      if (hit) forget(hash);
      const seen = generation;
      const found = await lookup();
      if (found && trusted && seen === generation) keep(hash, found);
      return found;
    },
    /** A kept session's new sliding expiry after this process extended it (no announcement: nothing else changed). */
    touched(hash: string, lastUsedAt: Date, expiresAt: Date) {
      const entry = entries.get(hash);
      if (entry) entry.found = { ...entry.found, session: { ...entry.found.session, lastUsedAt, expiresAt } };
    },
    /** The database announced a change of this account (or of one of its sessions). */
    changed(userId: string) {
      generation += 1;
      for (const hash of [...(byUser.get(userId) ?? [])]) forget(hash);
    },
    /** How to know that every announcement committed so far has been heard (the database's listener). */
    hearWith(listener: { caughtUp(): Promise<boolean> }) {
      caughtUp = () => listener.caughtUp();
      clear();
    },
    /** Whether every change is being heard; either way what is kept starts afresh. */
    live(isLive: boolean) {
      trusted = isLive;
      clear();
    },
    get size() {
      return entries.size;
    },
  };
}
