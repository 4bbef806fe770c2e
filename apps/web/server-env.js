// Imported first by server.js: React and React Router pick their production builds from NODE_ENV when
// they load, and ESM evaluates imports in order, so this must run before any of them.
process.env.NODE_ENV ??= 'production';

/**
 * A loopback origin (`npm start`, the browser tests), where the development cookie secret may serve; the same rule
 * as app/lib/env.server.ts devToolsAllowed.
 * @param {string} origin
 */
function isLoopback(origin) {
  try {
    const host = new URL(origin).hostname;
    return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/**
 * What a production site cannot start without: its public origin (canonical links, Open Graph and JSON-LD never
 * take the request's Host) and, on a public origin, the secret that signs its stateful cookies. The site's API key
 * is no secret (browsers send it); a production API refuses the published default itself, so a site still using
 * it fails at its first call rather than at start.
 * @param {Record<string, string | undefined>} settings
 * @returns {string[]}
 */
export function productionProblems(settings) {
  if (settings.NODE_ENV !== 'production') return [];
  const problems = [];
  if (!settings.SITE_ORIGIN) problems.push('SITE_ORIGIN: required in production (the public origin of the site, e.g. https://ekran.ru)');
  else if (!settings.COOKIE_SECRET && !isLoopback(settings.SITE_ORIGIN)) {
    problems.push('COOKIE_SECRET: required in production (at least 32 random characters, the same in every process of the site)');
  }
  return problems;
}

/**
 * The Prometheus listener (server/metrics.js): off without METRICS_PORT, and never on the site's own port.
 * @param {Record<string, string | undefined>} settings
 * @returns {string[]}
 */
export function metricsProblems(settings) {
  const port = settings.METRICS_PORT;
  if (!port) return [];
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) return [`METRICS_PORT: must be a port number (1–65535), got ${port}`];
  if (Number(port) === Number(settings.PORT ?? 3000)) return [`METRICS_PORT: ${port} is PORT; the metrics need a port of their own`];
  return [];
}

/**
 * The shared page cache (server/page-cache.js, decision 044): whole seconds and megabytes in range. The render reads
 * PAGE_CACHE_SECONDS and PAGE_CACHE_STALE_SECONDS too (app/lib/env.server.ts), with the same bounds.
 * @param {Record<string, string | undefined>} settings
 * @returns {string[]}
 */
export function pageCacheProblems(settings) {
  /** @type {Array<[string, number, number, string]>} */
  const bounds = [
    ['PAGE_CACHE_SECONDS', 0, 86_400, 'seconds a page stays fresh in shared caches, 0 to turn the cache off'],
    ['PAGE_CACHE_STALE_SECONDS', 0, 86_400, 'seconds a stale page may be served while it is rendered again'],
    ['PAGE_CACHE_MAX_MB', 1, 65_536, 'megabytes of pages the cache holds'],
    ['PAGE_CACHE_REVISION_SECONDS', 1, 3_600, "seconds between checks of the catalogue's revision"],
  ];
  return bounds.flatMap(([name, min, max, what]) => {
    const value = settings[name];
    if (value === undefined || value === '') return [];
    return /^\d{1,6}$/.test(value) && Number(value) >= min && Number(value) <= max ? [] : [`${name}: must be a whole number from ${min} to ${max} (${what}), got ${value}`];
  });
}

const problems = [...productionProblems(process.env), ...metricsProblems(process.env), ...pageCacheProblems(process.env)];
if (problems.length) {
  console.error(`Invalid web settings:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
