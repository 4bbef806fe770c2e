import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';

/**
 * The API's answers that it marks as the same for everyone (`Cache-Control: public`: the catalogue, the home rows, a
 * title, a listing page, banners), kept in this process as a shared cache would keep them (RFC 9111 through
 * http-cache-semantics: stored only when public and fresh, for their max-age), and parsed once: the loaders of every
 * visitor read the same object, which is frozen so no loader can change it under another. Every answer is dropped as
 * soon as the catalogue's revision moves (decision 044), checked in the background at most every
 * `revisionEveryMs`, so a change reaches pages within that, not a max-age later (decisions 044, 047).
 *
 * Only a caller that may share (not a child profile, whose answers are its own) reads or fills it.
 */
export function createPublicAnswers(options: {
  maxEntries: number;
  /** The catalogue's revision as the API says it now. */
  revision: () => Promise<number>;
  revisionEveryMs: number;
  now?: () => number;
  log?: (message: string) => void;
}) {
  const now = options.now ?? Date.now;
  const kept = new LRUCache<string, { value: unknown; schema: unknown; until: number }>({ max: options.maxEntries });
  let revision: number | null = null;
  let checkedAt = -Infinity;
  let checking: Promise<void> | null = null;
  let warned = false;

  /** Asks for the revision when it is due; a moved revision drops everything kept under the old one. */
  function checkRevision(): Promise<void> {
    if (checking || now() - checkedAt < options.revisionEveryMs) return checking ?? Promise.resolve();
    checkedAt = now();
    checking = options
      .revision()
      .then((latest) => {
        if (revision !== null && latest !== revision) kept.clear();
        revision = latest;
        warned = false;
      })
      .catch((err: unknown) => {
        // Unknown revision: what is kept may be older than the catalogue; drop it and keep nothing until it is known.
        kept.clear();
        revision = null;
        if (!warned) options.log?.(`public answers: the catalogue's revision could not be read (${err instanceof Error ? err.message : String(err)}); nothing is kept meanwhile`);
        warned = true;
      })
      .finally(() => {
        checking = null;
      });
    return checking;
  }

  return {
    /** A kept answer of this address parsed by this schema, or undefined. */
    get<T>(url: string, schema: unknown): T | undefined {
      void checkRevision();
      const hit = kept.get(url);
      if (!hit || hit.schema !== schema) return undefined;
      if (hit.until <= now()) {
        kept.delete(url);
        return undefined;
      }
      return hit.value as T;
    },

    /** The revision an answer asked for now belongs to (null while unknown): give it back to `offer`. */
    revision: () => revision,

    /**
     * Keeps a parsed answer when its response lets a shared cache keep it and the revision it was asked under is still
     * the current one (an answer asked just before the revision moved belongs to the old one).
     */
    offer(url: string, request: { headers: Headers }, response: { status: number; headers: Headers }, schema: unknown, value: unknown, askedUnder: number | null): void {
      if (askedUnder === null || askedUnder !== revision) return;
      const policy = new CachePolicy(
        { url, method: 'GET', headers: Object.fromEntries(request.headers) },
        { status: response.status, headers: Object.fromEntries(response.headers) },
        { shared: true },
      );
      const ttl = policy.storable() ? policy.timeToLive() : 0;
      if (ttl <= 0) return;
      kept.set(url, { value: deepFreeze(value), schema, until: now() + ttl });
    },

    /** Asks for the revision now (tests, and the first request of a process). */
    refresh: () => {
      checkedAt = -Infinity;
      return checkRevision();
    },
    size: () => kept.size,
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
