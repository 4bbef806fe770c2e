// The pure parts of `npm run loadtest` (scripts/loadtest.mjs): the topology's nginx config made from deploy/nginx,
// the figures of a run, and the invariants it checks afterwards (tested in loadtest.test.mjs).

/** Each [from, to] swapped once in `text`; throws naming `file` when a `from` is gone, so a moved line cannot pass. */
export function swapAll(text, swaps, file) {
  let out = text;
  for (const [from, to] of swaps) {
    if (!out.includes(from)) throw new Error(`${file} no longer has "${from}"; update scripts/lib/loadtest.mjs`);
    out = out.split(from).join(to);
  }
  return out;
}

/**
 * deploy/nginx/site.conf for loopback ports: its two site and two API upstream servers, its public and internal
 * listeners and its logs moved; everything else as committed.
 */
export function siteConfFor(text, { sitePorts, apiPorts, publicPort, internalPort, logDir }) {
  return swapAll(
    text,
    [
      ['server 127.0.0.1:3000;', `server 127.0.0.1:${sitePorts[0]};`],
      ['server 127.0.0.1:3001;', `server 127.0.0.1:${sitePorts[1]};`],
      ['server 127.0.0.1:4000;', `server 127.0.0.1:${apiPorts[0]};`],
      ['server 127.0.0.1:4001;', `server 127.0.0.1:${apiPorts[1]};`],
      ['listen 80;', `listen 127.0.0.1:${publicPort};`],
      ['listen 127.0.0.1:4080;', `listen 127.0.0.1:${internalPort};`],
      ['/var/log/nginx/', `${logDir}/`],
    ],
    'deploy/nginx/site.conf',
  );
}

/** deploy/nginx/media.conf on a loopback port over `root`, with the secret in `secretFile`. */
export function mediaConfFor(text, { port, root, secretFile }) {
  return swapAll(
    text,
    [
      ['listen 80;', `listen 127.0.0.1:${port};`],
      ['root /srv/ekran/media;', `root ${root};`],
      ['include /etc/nginx/ekran-media-secret.conf;', `include ${secretFile};`],
    ],
    'deploy/nginx/media.conf',
  );
}

/**
 * The main nginx.conf of a private nginx (`nginx -p dir -c dir/nginx.conf`): in the foreground, one process (as
 * root it never switches to another user, so it reads the repository's media), pid, logs and temp files in `dir`,
 * and the given server files in its http block, as /etc/nginx/nginx.conf includes conf.d.
 */
export function mainConf(dir, includes) {
  return [
    'daemon off;',
    'master_process off;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    'events { worker_connections 4096; }',
    'http {',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((p) => `    ${p}_temp_path ${dir}/${p};`),
    ...includes.map((file) => `    include ${file};`),
    '}',
    '',
  ].join('\n');
}

/** The p-th percentile (0–100) of ascending numbers, nearest rank; null for none. */
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/**
 * Per kind of request: how many, how many failed, p50 and p99 of the latency (ms); and the whole run's rate.
 * `records` are { kind, at (ms), ms, ok }.
 */
export function summarise(records, durationMs) {
  const kinds = new Map();
  for (const r of records) {
    const k = kinds.get(r.kind) ?? { kind: r.kind, count: 0, errors: 0, latencies: [] };
    k.count += 1;
    if (!r.ok) k.errors += 1;
    k.latencies.push(r.ms);
    kinds.set(r.kind, k);
  }
  const rows = [...kinds.values()]
    .sort((a, b) => a.kind.localeCompare(b.kind))
    .map(({ latencies, ...k }) => {
      latencies.sort((a, b) => a - b);
      return { ...k, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    });
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  return { rows, total: records.length, errors, perSecond: durationMs > 0 ? records.length / (durationMs / 1000) : 0 };
}

/** Whether a request (sent at `at`, answered `ms` later) was in flight at some moment of [from, to]. */
const inFlightDuring = (r, [from, to]) => r.at <= to && r.at + r.ms >= from;

/**
 * The failed requests that no fault explains: in flight at no moment of any [fault start − slack, fault end +
 * recovery] (a slow page sent before a process is killed fails with it). `faults` are { name, start, end } (ms); a
 * fault still open (no end) covers everything after its start.
 */
export function errorsOutsideFaults(records, faults, { slackMs = 1_000, recoveryMs = 10_000 } = {}) {
  const windows = faults.map((f) => [f.start - slackMs, (f.end ?? Infinity) + recoveryMs]);
  return records.filter((r) => !r.ok && !windows.some((w) => inFlightDuring(r, w)));
}

/**
 * Per fault: the failures it explains, and how long after its end the last of them was answered (ms; null without
 * failures), so the run shows how fast each fault healed. A failure in flight during several faults' windows (a
 * recovery overlapping the next fault) is the latest of those faults' that began before it was answered.
 */
export function faultFailures(records, faults, { slackMs = 1_000, recoveryMs = 10_000 } = {}) {
  const rows = faults.map((f) => ({ ...f, failures: 0, last: null }));
  for (const r of records) {
    if (r.ok) continue;
    const answered = r.at + r.ms;
    const candidates = rows.filter((f) => inFlightDuring(r, [f.start - slackMs, (f.end ?? Infinity) + recoveryMs]) && f.start - slackMs <= answered);
    const owner = candidates.sort((a, b) => b.start - a.start)[0];
    if (!owner) continue;
    owner.failures += 1;
    owner.last = Math.max(owner.last ?? -Infinity, answered);
  }
  return rows.map(({ last, ...f }) => ({ ...f, lastAfterEnd: last === null || f.end === null ? null : last - f.end }));
}

/**
 * Runs of a job that overlapped in time: pairs of { id, started, completed } (ms) where one started before the
 * other completed. A run not completed is taken as still running.
 */
export function overlappingRuns(runs) {
  const sorted = [...runs].sort((a, b) => a.started - b.started);
  const pairs = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      if (sorted[j].started >= (sorted[i].completed ?? Infinity)) break;
      pairs.push([sorted[i], sorted[j]]);
    }
  }
  return pairs;
}

/**
 * The values a key may hold after a run of writes, each { value, acked }, in the order they were sent (one writer
 * per key, one write at a time): the last acknowledged value, or `initial` when none was, and any value sent after
 * it whose answer never came (the server may have applied it). A write acknowledged earlier and later lost leaves
 * the key at none of them.
 */
export function allowedValues(writes, initial) {
  let lastAcked = -1;
  writes.forEach((w, i) => {
    if (w.acked) lastAcked = i;
  });
  const base = lastAcked >= 0 ? writes[lastAcked].value : initial;
  return [base, ...writes.slice(lastAcked + 1).map((w) => w.value)];
}

/**
 * The keys whose stored value is none of the allowed ones: `ledger` maps a key to { writes, initial }, `stored`
 * maps a key to what the database holds (undefined: nothing). Values compare as JSON.
 */
export function lostWrites(ledger, stored) {
  const lost = [];
  for (const [key, { writes, initial }] of ledger) {
    const allowed = allowedValues(writes, initial).map((v) => JSON.stringify(v ?? null));
    const actual = JSON.stringify(stored.get(key) ?? null);
    if (!allowed.includes(actual)) lost.push({ key, stored: stored.get(key) ?? null, allowed: allowedValues(writes, initial) });
  }
  return lost;
}

/** A table of rows (arrays of cells) with columns padded, numbers right-aligned. */
export function table(header, rows) {
  const all = [header, ...rows].map((r) => r.map((c) => (c === null || c === undefined ? '–' : String(c))));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  return all
    .map((r, n) => r.map((c, i) => (n > 0 && typeof rows[n - 1][i] === 'number' ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd())
    .join('\n');
}
