// The site's shared cache of pages rendered for nobody in particular (a crawler's): the page's own headers say
// whether a shared cache may keep it (app/lib/shared-cache.server.ts), and RFC 9111's rules, as
// http-cache-semantics reads them, say for how long and for which requests. docs/decisions/044-shared-page-cache.md
import { writeReadableStreamToWritable } from '@react-router/node';
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import { randomBytes, randomUUID } from 'node:crypto';
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import { REQUEST_ID_HEADER } from './request-id.js';
import { CSP_NONCE_HEADER } from './security-headers.js';

/** Keep in step with @ekran/contracts SESSION_COOKIE: a visitor with a session is never answered from the cache. */
export const SESSION_COOKIE = 'ekran_token';

/**
 * @typedef {(request: Request) => Promise<Response>} FetchHandler React Router's request handler (fetch style)
 * @typedef {'hit' | 'stale' | 'miss' | 'pass'} LookupResult what a request met: a fresh page, a stale one served
 *   while it is rendered again, none (rendered and stored), or a request or answer the cache does not keep
 * @typedef {{
 *   policy: CachePolicy;
 *   status: number;
 *   parts: Buffer[];
 *   gzipParts: Buffer[];
 *   partsCrc: number;
 *   nonceWeight: number;
 *   nonce: string | null;
 *   revision: number | null;
 *   bytes: number;
 * }} Entry a stored page: its body cut at its nonce, the same parts deflated once, the revision it was rendered under
 * @typedef {{ entry: Entry | null }} Flight the outcome of one render others wait for: the stored page, or none
 */

/** Headers a stored answer never repeats: the cache writes its own length, encoding and date. */
const NOT_REPLAYED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'set-cookie']);

/** An empty gzip header (RFC 1952 §2.3): deflate, no name, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

// CRC-32 arithmetic (as zlib's crc32_combine does it, RFC 1952's polynomial, reflected): node:zlib has crc32 but not
// the combination of CRCs, and no maintained package offers one, so these functions are written here from the
// arithmetic (polynomials over GF(2) modulo the CRC's).
const CRC_POLY = 0xedb88320;

/**
 * a(x) times b(x) modulo the CRC polynomial, both reflected (bit 31 is x^0).
 * @param {number} a
 * @param {number} b
 * @returns {number}
 */
export function multmodp(a, b) {
  let product = 0;
  for (let m = 0x80000000; m !== 0; m >>>= 1) {
    if ((a & m) !== 0) product ^= b;
    b = b & 1 ? (b >>> 1) ^ CRC_POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the CRC polynomial, for k from 0 to 31. */
const X2N = (() => {
  const table = [0x40000000];
  for (let k = 1; k < 32; k++) table.push(multmodp(/** @type {number} */ (table[k - 1]), /** @type {number} */ (table[k - 1])));
  return table;
})();

/**
 * x^(8n) modulo the CRC polynomial: what appending n bytes does to a CRC.
 * @param {number} n
 * @returns {number}
 */
function x8nmodp(n) {
  let xp = 0x80000000;
  for (let k = 3; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) xp = multmodp(/** @type {number} */ (X2N[k % 32]), xp);
  return xp;
}

/**
 * A page's CRC-32 as parts with a nonce of `nonceLength` bytes between each two: the parts' share (the CRC of the
 * page with nonces of zero CRC) and the nonce's weight, so that the CRC of a copy is
 * `partsCrc ^ multmodp(nonceWeight, crc32(nonce))`. Each piece's CRC counts shifted by the bytes after it.
 * @param {Buffer[]} parts
 * @param {number} nonceLength
 */
export function crcShares(parts, nonceLength) {
  let after = 0;
  let partsCrc = 0;
  let nonceWeight = 0;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = /** @type {Buffer} */ (parts[i]);
    partsCrc ^= multmodp(x8nmodp(after), crc32(part));
    after += part.length;
    if (i > 0) {
      nonceWeight ^= x8nmodp(after);
      after += nonceLength;
    }
  }
  return { partsCrc: partsCrc >>> 0, nonceWeight: nonceWeight >>> 0 };
}

/**
 * A stored deflate block (RFC 1951 §3.2.4) holding `data` as is: not the last block, byte-aligned, which it is after
 * a full flush.
 * @param {Buffer} data at most 65,535 bytes (a nonce)
 */
function storedBlock(data) {
  const head = Buffer.alloc(5);
  head[0] = 0x00;
  head.writeUInt16LE(data.length, 1);
  head.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([head, data]);
}

/**
 * The page's parts deflated once, each by a fresh compressor ending in a full flush (the last one finishes the
 * stream), so a served copy is these parts with its own nonce between them as stored blocks: no part refers to the
 * bytes of another, and the nonce can change without compressing the page again.
 * @param {Buffer[]} parts
 * @returns {Buffer[]}
 */
function deflateParts(parts) {
  return parts.map((part, i) =>
    deflateRawSync(part, { level: 6, finishFlush: i === parts.length - 1 ? zlibConstants.Z_FINISH : zlibConstants.Z_FULL_FLUSH }),
  );
}

/**
 * One served copy's body, plain or gzipped, with `nonce` where the stored page had its own.
 * @param {Entry} entry
 * @param {string | null} nonce
 * @param {boolean} gzip
 * @returns {Buffer}
 */
function bodyOf(entry, nonce, gzip) {
  const fresh = Buffer.from(nonce && entry.nonce ? nonce : (entry.nonce ?? ''));
  if (!gzip) {
    if (entry.parts.length === 1) return entry.parts[0] ?? Buffer.alloc(0);
    /** @type {Buffer[]} */
    const out = [];
    entry.parts.forEach((part, i) => (i > 0 ? out.push(fresh, part) : out.push(part)));
    return Buffer.concat(out);
  }
  // The gzip trailer's CRC of this copy without a pass over the page: a CRC is linear in its parts, so the CRC of
  // parts and nonces is the parts' share (made once) XOR the nonce's CRC times the sum of the shifts of its places
  // (made once too, for a nonce of the stored one's length, as every nonce of helmet's is).
  const between = storedBlock(fresh);
  const size = entry.parts.reduce((n, part) => n + part.length, 0) + (entry.parts.length - 1) * fresh.length;
  /** @type {number} */
  let crc;
  if (fresh.length === (entry.nonce?.length ?? 0)) crc = (entry.partsCrc ^ multmodp(entry.nonceWeight, crc32(fresh))) >>> 0;
  else {
    crc = 0;
    entry.parts.forEach((part, i) => (crc = crc32(part, i > 0 ? crc32(fresh, crc) : crc)));
  }
  /** @type {Buffer[]} */
  const out = [GZIP_HEADER];
  entry.parts.forEach((_part, i) => {
    if (i > 0) out.push(between);
    out.push(/** @type {Buffer} */ (entry.gzipParts[i]));
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(trailer);
  return Buffer.concat(out);
}

/**
 * The address React Router renders, made as @react-router/express makes it (a forwarded host only from a trusted
 * proxy): the cache's key, so a page is never served for another host (the gift host renders another home).
 * @param {import('express').Request} req
 * @returns {{ url: string; host: string }}
 */
export function addressOf(req) {
  const [, forwardedPort] = req.app?.enabled('trust proxy') ? (req.get('X-Forwarded-Host')?.split(':') ?? []) : [];
  const [, hostPort] = req.get('host')?.split(':') ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? '', 10)).find((p) => Number.isSafeInteger(p));
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || 'localhost'}${port ? `:${port}` : ''}`;
  return { url: new URL(`${req.protocol}://${host}${req.originalUrl}`).href, host };
}

/**
 * The request's headers as a cache compares them: lower-case names, and without the request's own cache directives
 * (a client's no-cache makes this server render the page again for nobody's benefit; browsers revalidate with
 * max-age=0 anyway, and a CDN in front asks as it pleases).
 * @param {import('express').Request} req
 * @param {string} host
 * @returns {Record<string, string>}
 */
function cacheHeadersOf(req, host) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cache-control' || name === 'pragma') continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  headers.host = host;
  return headers;
}

/**
 * A fetch Request of the express request, as @react-router/express makes it; `fresh` gives a render that is no
 * visitor's request (a refresh in the background) its own nonce and id, and no abort when the visitor leaves.
 * @param {import('express').Request} req
 * @param {import('express').Response | null} res
 * @param {string} url
 * @param {{ fresh?: boolean }} [options]
 */
function fetchRequestOf(req, res, url, { fresh = false } = {}) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  if (fresh) {
    headers.set(CSP_NONCE_HEADER, randomBytes(16).toString('base64'));
    headers.set(REQUEST_ID_HEADER, randomUUID());
  }
  /** @type {AbortController | null} */
  let controller = new AbortController();
  if (res) {
    res.on('finish', () => (controller = null));
    res.on('close', () => controller?.abort());
  }
  const init = { method: req.method === 'HEAD' ? 'HEAD' : 'GET', headers, signal: controller.signal };
  return new Request(url, init);
}

/**
 * Writes a fetch Response to express as @react-router/express does (the answers the cache does not keep).
 * @param {import('express').Response} res
 * @param {Response} response
 */
async function sendStreamed(res, response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (err) {
    if (!(res.destroyed || res.writableEnded)) throw err;
  }
}

/**
 * The shared page cache, as express middleware in front of React Router's handler. It takes GET and HEAD requests
 * without the session cookie (data requests of client navigations and resource routes go on to `next`), renders
 * them through `handler`, and keeps the answers whose own headers let a shared cache keep them and that set no
 * cookie, bounded by `maxBytes`:
 * - a fresh page is answered from memory with this response's nonce, without a render (X-Cache: HIT);
 * - a stale one within stale-while-revalidate is answered at once and rendered again in the background, one
 *   render per page at a time (X-Cache: STALE);
 * - concurrent misses of one page wait for one render (single flight), unless that page was last seen not to be
 *   kept (a browser's first visit sets its cookies): those render each their own, streamed as today (X-Cache: MISS);
 * - gzip is made once per stored page and served to whoever accepts it (Vary: Accept-Encoding);
 * - every `revisionSeconds`, while it holds pages, it asks `revision()` for the catalogue's revision and drops the
 *   pages rendered under another; a failing `revision()` is logged once and leaves the pages to their TTLs.
 * With `enabled` false it is a pass-through.
 * @param {{
 *   handler: FetchHandler;
 *   enabled: boolean;
 *   maxBytes: number;
 *   revision?: (() => Promise<number>) | null;
 *   revisionSeconds?: number;
 *   now?: () => number;
 *   log?: (message: string) => void;
 *   onLookup?: (result: LookupResult) => void;
 * }} options
 */
export function createPageCache({ handler, enabled, maxBytes, revision = null, revisionSeconds = 2, now = Date.now, log = console.error, onLookup }) {
  /** A policy on the cache's clock (the library reads Date.now() through this method). */
  class Policy extends CachePolicy {
    now() {
      return now();
    }
  }
  /** @type {LRUCache<string, Entry>} */
  const pages = new LRUCache({ maxSize: Math.max(1, maxBytes), sizeCalculation: (entry) => Math.max(1, entry.bytes) });
  /** The request headers each address's pages vary on, as its last stored page named them. */
  /** @type {LRUCache<string, string[]>} */
  const varyOf = new LRUCache({ max: 10_000 });
  /** Variants whose last answer was not kept, for a while: their misses render on their own, without waiting. */
  /** @type {LRUCache<string, true>} */
  const passes = new LRUCache({ max: 10_000, ttl: 60_000 });
  /** @type {Map<string, Promise<Flight>>} */
  const flights = new Map();
  /** @type {Set<string>} */
  const refreshing = new Set();
  /** @type {Set<Promise<unknown>>} */
  const background = new Set();
  /** @type {number | null} */
  let currentRevision = null;
  let lastPoll = -Infinity;
  /** @type {Promise<void> | null} */
  let polling = null;
  let pollFailed = false;

  /** @param {Promise<unknown>} work */
  const track = (work) => {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    background.add(settled);
    void settled.then(() => background.delete(settled));
  };

  /**
   * The key of the variant a request would get: the address and the values of the headers its pages vary on (the
   * user agent and the cookies until a page has said).
   * @param {string} url
   * @param {Record<string, string>} headers
   */
  const variantKey = (url, headers) => {
    const names = varyOf.get(url) ?? ['user-agent', 'cookie'];
    return `${url}\n${names.map((n) => headers[n] ?? '').join('\n')}`;
  };

  const pollRevision = () => {
    if (!revision || polling || pages.size === 0 || now() - lastPoll < revisionSeconds * 1000) return;
    lastPoll = now();
    polling = revision()
      .then(
        (latest) => {
          pollFailed = false;
          if (latest === currentRevision) return;
          currentRevision = latest;
          for (const [key, entry] of pages.entries()) if (entry.revision !== latest) pages.delete(key);
        },
        (/** @type {unknown} */ err) => {
          if (!pollFailed) log(`web: page cache: the catalogue's revision did not come (${err instanceof Error ? err.message : String(err)}); pages stay until their TTLs`);
          pollFailed = true;
        },
      )
      .finally(() => (polling = null));
    track(polling);
  };

  /**
   * Renders a request and stores the answer when it may; the answer itself when it is not stored.
   * @param {Request} request
   * @param {string} url
   * @param {Record<string, string>} headers
   * @returns {Promise<{ entry: Entry } | { response: Response }>}
   */
  async function render(request, url, headers) {
    const renderedUnder = currentRevision;
    const response = await handler(request);
    /** @type {Record<string, string>} */
    const responseHeaders = {};
    for (const [name, value] of response.headers.entries()) if (name !== 'set-cookie') responseHeaders[name] = value;
    const policy = new Policy({ url, method: 'GET', headers }, { status: response.status, headers: responseHeaders }, { shared: true });
    const keep = request.method === 'GET' && response.body !== null && response.headers.getSetCookie().length === 0 && policy.storable() && policy.timeToLive() > 0;
    if (!keep) return { response };
    const body = Buffer.from(await response.arrayBuffer());
    const nonce = request.headers.get(CSP_NONCE_HEADER);
    const parts = splitAt(body, nonce);
    const gzipParts = deflateParts(parts);
    const bytes = parts.reduce((n, p) => n + p.length, 0) + gzipParts.reduce((n, p) => n + p.length, 0) + 2048;
    const { partsCrc, nonceWeight } = crcShares(parts, nonce?.length ?? 0);
    const entry = { policy, status: response.status, parts, gzipParts, partsCrc, nonceWeight, nonce: parts.length > 1 ? nonce : null, revision: renderedUnder, bytes };
    // A page rendered while the catalogue changed is served to its own request, never kept.
    if (renderedUnder === currentRevision) {
      varyOf.set(url, (responseHeaders.vary ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean));
      pages.set(variantKey(url, headers), entry);
    }
    return { entry };
  }

  /**
   * @param {import('express').Request} req
   * @param {import('express').Response} res
   * @param {Entry} entry
   * @param {Record<string, string | string[] | undefined>} headers the policy's headers for this answer (its Age)
   * @param {'HIT' | 'MISS' | 'STALE'} outcome
   */
  function serve(req, res, entry, headers, outcome) {
    const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
    const nonce = /** @type {string | undefined} */ (res.locals.cspNonce) ?? req.get(CSP_NONCE_HEADER) ?? null;
    res.status(entry.status);
    for (const [name, value] of Object.entries(headers)) if (value !== undefined && !NOT_REPLAYED.has(name)) res.setHeader(name, value);
    res.vary('Accept-Encoding');
    res.setHeader('X-Cache', outcome);
    const body = req.method === 'HEAD' ? null : bodyOf(entry, nonce, gzip);
    if (gzip) res.setHeader('Content-Encoding', 'gzip');
    if (body) {
      res.setHeader('Content-Length', body.length);
      res.end(body);
    } else res.end();
  }

  /**
   * Renders a stale page again in the background for the request that found it, one render per page at a time.
   * @param {import('express').Request} req
   * @param {string} url
   * @param {Record<string, string>} headers
   * @param {string} key
   */
  function refresh(req, url, headers, key) {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    const work = render(fetchRequestOf(req, null, url, { fresh: true }), url, headers)
      .then(async (outcome) => {
        // The page is no longer one a shared cache keeps (it is gone, or personal now): drop the stale copy.
        if ('response' in outcome) {
          pages.delete(key);
          await outcome.response.body?.cancel();
        }
      })
      .catch((/** @type {unknown} */ err) => log(`web: page cache: refreshing ${url} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`))
      .finally(() => refreshing.delete(key));
    track(work);
  }

  /** @type {import('express').RequestHandler} */
  const middleware = (req, res, next) => {
    if (!enabled || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const path = req.path;
    if (path.endsWith('.data') || path.startsWith('/resources/')) return next();
    if (hasCookie(req.get('cookie'), SESSION_COOKIE)) return next();
    void answer(req, res).catch(next);
  };

  /**
   * @param {import('express').Request} req
   * @param {import('express').Response} res
   */
  async function answer(req, res) {
    pollRevision();
    const { url, host } = addressOf(req);
    const headers = cacheHeadersOf(req, host);
    const key = variantKey(url, headers);
    const stored = pages.get(key);
    if (stored) {
      const { response, revalidation } = stored.policy.evaluateRequest({ url, method: 'GET', headers });
      if (response && !revalidation) {
        onLookup?.('hit');
        return serve(req, res, stored, response.headers, 'HIT');
      }
      if (response && revalidation && !revalidation.synchronous) {
        onLookup?.('stale');
        refresh(req, url, headers, key);
        return serve(req, res, stored, response.headers, 'STALE');
      }
      pages.delete(key);
    }
    // A HEAD request that finds no page is answered as it is without the cache.
    if (req.method === 'HEAD') {
      onLookup?.('pass');
      return sendStreamed(res, await handler(fetchRequestOf(req, res, url)));
    }
    const waiting = passes.has(key) ? undefined : flights.get(key);
    if (waiting) {
      const { entry } = await waiting.catch(() => ({ entry: null }));
      const result = entry?.policy.evaluateRequest({ url, method: 'GET', headers });
      if (entry && result?.response && !result.revalidation) {
        onLookup?.('hit');
        return serve(req, res, entry, result.response.headers, 'HIT');
      }
    }
    const lead = !waiting && !passes.has(key);
    const rendering = render(fetchRequestOf(req, res, url), url, headers);
    if (lead) {
      /** @type {Promise<Flight>} */
      const flight = rendering.then((outcome) => ({ entry: 'entry' in outcome ? outcome.entry : null }));
      flights.set(key, flight);
      void flight.catch(() => undefined).finally(() => flights.get(key) === flight && flights.delete(key));
    }
    const outcome = await rendering;
    if ('entry' in outcome) {
      passes.delete(key);
      onLookup?.('miss');
      return serve(req, res, outcome.entry, outcome.entry.policy.responseHeaders(), 'MISS');
    }
    passes.set(key, true);
    onLookup?.('pass');
    return sendStreamed(res, outcome.response);
  }

  return {
    middleware,
    /** Pages held now. */
    get size() {
      return pages.size;
    },
    /** Settles when the background work started so far (refreshes, revision polls) has. */
    settled: () => Promise.all([...background]).then(() => undefined),
  };
}

/**
 * The body cut at every occurrence of `nonce` (none: the whole body).
 * @param {Buffer} body
 * @param {string | null} nonce
 * @returns {Buffer[]}
 */
function splitAt(body, nonce) {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce);
  /** @type {Buffer[]} */
  const parts = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

/**
 * Whether a Cookie header names `name`.
 * @param {string | undefined} header
 * @param {string} name
 */
function hasCookie(header, name) {
  return !!header && header.split(';').some((part) => part.split('=')[0]?.trim() === name);
}
