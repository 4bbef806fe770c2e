import { ErrorCode, HeartbeatResponseSchema, StreamLimitSchema, type StreamInfo, type StreamLimit } from '@ekran/contracts';

/** Why the server refused to go on with a stream: over the tariff's limit, or stopped elsewhere. */
export interface StreamRefusal {
  status: 403 | 410;
  code: typeof ErrorCode.StreamLimitExceeded | typeof ErrorCode.StreamStopped;
  message: string;
  /** With STREAM_LIMIT_EXCEEDED: the limit and the account's live streams. */
  stream_limit: StreamLimit | null;
}

/** The site's resource routes a stream session talks to (routes/resources/stream-session.ts). */
export const streamResource = {
  heartbeat: (id: string) => `/resources/stream/${encodeURIComponent(id)}/heartbeat`,
  /**
   * `uid` and `exp`: the item this player played and its first grant's expiry; the API ignores a late stop (the
   * device checked again since: the next episode, or the same title after a reload).
   */
  stop: (id: string, uid?: string, exp?: number | null) => {
    const query = new URLSearchParams();
    if (uid) query.set('uid', uid);
    if (exp) query.set('exp', String(exp));
    const q = query.toString();
    return `/resources/stream/${encodeURIComponent(id)}/stop${q ? `?${q}` : ''}`;
  },
};

/** The expiry (epoch seconds) of a signed media URL's grant: /…/s/{exp}/…; null for another URL. */
export function grantExpiry(url: string): number | null {
  const exp = /\/s\/(\d{1,12})\//.exec(url)?.[1];
  return exp ? Number(exp) : null;
}

/** A media URL's own grant is kept while it has this long left. */
export const KEEP_GRANT_MARGIN_MS = 90_000;

// /…/s/{exp}/{sid}/{sig}/{slug}/…: the signed part of a media URL (the API's streams/media-grants.ts signMediaPrefix).
const PREFIX_RE = /^(.*\/s\/\d+\/[^/]+\/[^/]+\/([^/?#]+)\/)$/;

/**
 * A media URL with its signed prefix swapped for a fresher one of the same asset: everything up to and
 * including `/s/{exp}/{sid}/{sig}/{slug}/` is replaced, the rest (rendition, segment, query) is kept. URLs of
 * other assets (a preroll) and unsigned URLs come back unchanged.
 */
export function withFreshPrefix(url: string, prefix: string, base: string, now: number = Date.now()): string {
  // A grant with time left is kept: the title page prefetched the master, variant and init under it (start-up
  // prefetch), so swapping early would miss the HTTP cache. Only a grant near its end takes the fresh prefix.
  const exp = /\/s\/(\d+)\//.exec(url)?.[1];
  if (exp && Number(exp) * 1000 - now > KEEP_GRANT_MARGIN_MS) return url;
  let freshPrefix: string;
  try {
    freshPrefix = new URL(prefix, base).toString();
  } catch {
    return url;
  }
  const slug = PREFIX_RE.exec(freshPrefix)?.[2];
  if (!slug) return url;
  const escaped = slug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`^.*?/s/\\d+/[^/]+/[^/]+/${escaped}/`).exec(url);
  return match ? freshPrefix + url.slice(match[0].length) : url;
}

/**
 * A media URL with the first of `prefixes` that applies to it swapped in (a TV recording's
 * segments come from every asset of the channel's loop, each under its own grant); unchanged when none does.
 */
export function withFreshPrefixes(url: string, prefixes: readonly string[], base: string, now: number = Date.now()): string {
  for (const prefix of prefixes) {
    const fresh = withFreshPrefix(url, prefix, base, now);
    if (fresh !== url) return fresh;
  }
  return url;
}

export interface StreamSessionOptions {
  stream: StreamInfo;
  /** The played item's uid (HeartbeatRequest.uid). */
  uid: string;
  /** The expiry (epoch seconds) of the grant the player started with, read from its URL (grantExpiry). */
  grantExp?: number | null;
  position: () => number;
  playing: () => boolean;
  /** A fresh signed prefix arrived (and, for TV, those of the other assets it plays from): later media requests use them. */
  onPrefix: (prefix: string, more: readonly string[]) => void;
  /** The server refused the stream: stop playing. */
  onRefused: (refusal: StreamRefusal) => void;
  fetchImpl?: typeof fetch;
  warn?: (message: string) => void;
}

export interface StreamSession {
  /** Sends a heartbeat now (the player's start, a resume after pause). */
  beat: () => Promise<void>;
  /** Stops the heartbeats and tells the server the stream ended: DELETE through the resource route, or a beacon (a POST) when the page goes away. */
  stop: (opts?: { beacon?: boolean }) => void;
}

/**
 * The client half of a stream session: a heartbeat at once and every
 * heartbeat_interval_seconds with {uid, position, playing}; each answer's media_prefix re-signs later
 * requests; 403 STREAM_LIMIT_EXCEEDED and 410 STREAM_STOPPED end the session through onRefused. Anything
 * else that fails (a network error, 5xx, a 404 while the API has no stream routes) leaves playback alone —
 * the server, not this client, decides when a stream must end — and is logged once.
 */
export function startStreamSession(opts: StreamSessionOptions): StreamSession {
  const doFetch = opts.fetchImpl ?? ((input, init) => fetch(input, init));
  const warn = opts.warn ?? ((m: string) => console.warn(m));
  let intervalMs = Math.max(5, opts.stream.heartbeat_interval_seconds) * 1000;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let ended = false;
  let warned = false;
  let inFlight: Promise<void> | null = null;

  const warnOnce = (message: string) => {
    if (warned) return;
    warned = true;
    warn(message);
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    if (!ended) timer = setTimeout(() => void beat(), intervalMs);
  };

  async function send(): Promise<void> {
    const position = opts.position();
    const body = JSON.stringify({ uid: opts.uid, ...(Number.isFinite(position) && position >= 0 ? { position: Math.min(position, 86_400) } : {}), playing: opts.playing() });
    let res: Response;
    try {
      res = await doFetch(streamResource.heartbeat(opts.stream.id), { method: 'POST', body, headers: { 'content-type': 'application/json', accept: 'application/json' }, credentials: 'same-origin' });
    } catch {
      warnOnce('Stream heartbeat failed (network); playback goes on');
      return;
    }
    if (ended) return;
    const json: unknown = await res.json().catch(() => null);
    if (res.ok) {
      const parsed = HeartbeatResponseSchema.safeParse(json);
      if (!parsed.success) return warnOnce('Stream heartbeat answer not understood; playback goes on');
      intervalMs = Math.max(5, parsed.data.heartbeat_interval_seconds) * 1000;
      opts.onPrefix(parsed.data.media_prefix, parsed.data.media_prefixes);
      return;
    }
    const error = (json ?? {}) as { code?: unknown; message?: unknown; stream_limit?: unknown };
    if ((res.status === 403 && error.code === ErrorCode.StreamLimitExceeded) || (res.status === 410 && error.code === ErrorCode.StreamStopped)) {
      ended = true;
      if (timer) clearTimeout(timer);
      opts.onRefused({
        status: res.status,
        code: error.code,
        message: typeof error.message === 'string' ? error.message : '',
        stream_limit: StreamLimitSchema.safeParse(error.stream_limit).data ?? null,
      });
      return;
    }
    warnOnce(`Stream heartbeat answered ${res.status}; playback goes on`);
  }

  async function beat(): Promise<void> {
    if (ended) return;
    // One heartbeat at a time: a resume while one is on its way joins it.
    inFlight ??= send().finally(() => {
      inFlight = null;
      schedule();
    });
    return inFlight;
  }

  void beat();

  return {
    beat,
    stop({ beacon = false } = {}) {
      if (ended) return;
      ended = true;
      if (timer) clearTimeout(timer);
      const url = streamResource.stop(opts.stream.id, opts.uid, opts.grantExp);
      // A beacon survives the page going away; it can only POST, which the resource route accepts for this.
      if (beacon && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return;
      void doFetch(url, { method: 'DELETE', credentials: 'same-origin', keepalive: true }).catch(() => undefined);
    },
  };
}
