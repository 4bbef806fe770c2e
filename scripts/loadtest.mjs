#!/usr/bin/env node
// `npm run loadtest`: the production topology of deploy/ on this machine, under a mixed load of viewers, through
// faults, and then its invariants. A benchmark, not a test (never part of `npm test`): it prints its figures and
// fails (exit 1) when an invariant does not hold. docs/decisions/045-production-topology-and-loadtest.md.
//
// The topology, all on loopback ports the system picks, all in one temporary folder removed afterwards:
//   PostgreSQL   a private cluster (initdb, pg_ctl; as the postgres user when run as root), restarted mid-load
//   Redis        a private redis-server without persistence, stopped for 20 s mid-load
//   nginx        deploy/nginx/site.conf and media.conf (their ports, logs and paths swapped, nothing else)
//   2 API        apps/api/dist/server.js, JOBS_ENABLED=false, behind the balancer (one is killed with -9 mid-load)
//   1 worker     apps/api/dist/worker.js: the job queue (renewals every minute here)
//   2 site       apps/web/server.js, reaching the API through nginx's internal listener (one is killed with -9)
//   payments     apps/payments/dist/server.js, the sandbox host; its notifications reach the API through nginx
//
// Viewers (registered accounts made during setup) browse pages, search, sign in again, add and remove favourites,
// report progress, rename their profile, check playback and send heartbeats, load live playlists; a few other
// accounts buy a subscription on the payment host's page. Then it checks: every purchase applied exactly once; no
// acknowledged write lost; the stream limit, a rate limit and a lockout held across both API processes; failures
// only in the seconds of a fault; the renewal schedule never ran twice at once.
//
// Settings: LOADTEST_SECONDS (180: the load, faults included), LOADTEST_VIEWERS (16), LOADTEST_PURCHASES (6),
// LOADTEST_RECOVERY_SECONDS (15: failures forgiven after a fault ends), LOADTEST_KEEP=1 (keep the folder with every
// log), LOADTEST_BREAK=redis-one-api (the second API without Redis: shows the limit checks failing).
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { promisify } from 'node:util';
import pg from 'pg';
import { ensureBuilt } from './lib/build-state.mjs';
import { ROOT, sleep } from './lib/common.mjs';
import { errorsOutsideFaults, faultFailures, lostWrites, mainConf, mediaConfFor, overlappingRuns, siteConfFor, summarise, table } from './lib/loadtest.mjs';
import { API_ENTRY, freePort, isolatedStackEnv, PAYMENTS_ENTRY, startProcess, stopAllProcesses, waitReady, WEB_ENTRY } from './lib/servers.mjs';

const SECONDS = Number(process.env.LOADTEST_SECONDS || 180);
const VIEWERS = Number(process.env.LOADTEST_VIEWERS || 16);
const PURCHASES = Number(process.env.LOADTEST_PURCHASES || 6);
const RECOVERY_MS = Number(process.env.LOADTEST_RECOVERY_SECONDS || 15) * 1000;
const SLACK_MS = 1_000;
const KEEP = ['1', 'true'].includes(process.env.LOADTEST_KEEP ?? '');
const BREAK = process.env.LOADTEST_BREAK ?? '';
const WORKER_ENTRY = path.join(ROOT, 'apps/api/dist/worker.js');
const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
const API_KEY = 'ekran-web-public-key';
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const CRAWLER_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const REQUEST_TIMEOUT_MS = 20_000;
const SIGN_IN_EVERY_MS = 15_000;
const isRoot = process.getuid?.() === 0;
const execFileAsync = promisify(execFile);
const runId = Date.now().toString(36);

// ---------------------------------------------------------------- cleanup, whatever happens

const cleanups = [];
let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    await stopAllProcesses().catch(() => undefined);
    while (cleanups.length) await cleanups.pop()().catch((err) => console.error(`loadtest: cleanup: ${err.message}`));
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\nloadtest: ${signal}, stopping everything…`);
    void cleanup().then(() => process.exit(130));
  });
}
const watchdog = setTimeout(() => {
  console.error('loadtest: still running after the time it may take; giving up.');
  void cleanup().then(() => process.exit(1));
}, (SECONDS + 900) * 1000);
watchdog.unref();

const log = (line) => console.log(`loadtest: ${line}`);
const t0 = Date.now();
const clock = (at = Date.now()) => `${((at - t0) / 1000).toFixed(1).padStart(6)} s`;

// ---------------------------------------------------------------- PostgreSQL, a private cluster

/** A command as the postgres user when we are root (PostgreSQL refuses to run as root). */
const asPostgres = (cmd, args) => (isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args]);
/**
 * pg_ctl, without blocking the viewers' event loop. Every start names the log file (-l): the server's output goes
 * there, never to a pipe of ours that it would keep open.
 */
function pgCtl(args) {
  const [cmd, argv] = asPostgres(path.join(PG_BIN, 'pg_ctl'), args);
  return execFileAsync(cmd, argv, { encoding: 'utf8' });
}

async function startPostgres(dir) {
  const home = path.join(dir, 'pg');
  const data = path.join(home, 'data');
  mkdirSync(home);
  if (isRoot) {
    const id = (flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(home, id('-u'), id('-g'));
  }
  const port = await freePort();
  const [cmd, argv] = asPostgres(path.join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  execFileSync(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${home} -c max_connections=200`;
  const pgLog = path.join(home, 'postgres.log');
  await pgCtl(['-D', data, '-l', pgLog, '-o', options, '-w', 'start']);
  cleanups.push(async () => pgCtl(['-D', data, '-m', 'immediate', '-w', 'stop']));
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query('create database ekran');
  await client.end();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/ekran`,
    // pg_ctl restart keeps the options of the start (postmaster.opts); fast: sessions are ended, no crash recovery.
    restart: () => pgCtl(['-D', data, '-l', pgLog, '-m', 'fast', '-w', 'restart']),
  };
}

// ---------------------------------------------------------------- Redis, a private server

async function startRedis(dir, port) {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await new Promise((resolve, reject) => {
    const lines = [];
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      if (line.includes('Ready to accept connections')) resolve();
    });
    child.on('error', reject);
    void exited.then(() => reject(new Error(`redis-server exited:\n${lines.slice(-10).join('\n')}`)));
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await exited;
  };
  cleanups.push(stop);
  return { stop };
}

// ---------------------------------------------------------------- nginx with the deploy/ config

async function startNginx(dir, ports) {
  const nginxDir = path.join(dir, 'nginx');
  mkdirSync(nginxDir);
  const secretFile = path.join(nginxDir, 'media-secret.conf');
  writeFileSync(secretFile, `set $ekran_media_secret "${ports.mediaSecret}";\n`);
  const site = siteConfFor(readFileSync(path.join(ROOT, 'deploy/nginx/site.conf'), 'utf8'), {
    sitePorts: ports.web,
    apiPorts: ports.api,
    publicPort: ports.public,
    internalPort: ports.internal,
    logDir: nginxDir,
  });
  const media = mediaConfFor(readFileSync(path.join(ROOT, 'deploy/nginx/media.conf'), 'utf8'), { port: ports.media, root: path.join(ROOT, 'media/demo'), secretFile });
  writeFileSync(path.join(nginxDir, 'site.conf'), site);
  writeFileSync(path.join(nginxDir, 'media.conf'), media);
  const conf = path.join(nginxDir, 'nginx.conf');
  writeFileSync(conf, mainConf(nginxDir, [path.join(nginxDir, 'site.conf'), path.join(nginxDir, 'media.conf')]));
  execFileSync('nginx', ['-t', '-q', '-p', nginxDir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  const child = spawn('nginx', ['-p', nginxDir, '-c', conf], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${readFileSync(path.join(nginxDir, 'error.log'), 'utf8')}`);
    if (await fetch(`http://127.0.0.1:${ports.media}/`).then(() => true, () => false)) break;
    if (i > 100) throw new Error('nginx did not answer within 10 s');
    await sleep(100);
  }
}

// ---------------------------------------------------------------- HTTP, recorded

const records = [];
/** Every answer of the load: kind, when it was sent, how long it took, whether it was what the kind expects. */
function record(kind, at, ok, status, detail) {
  records.push({ kind, at, ms: Date.now() - at, ok, status, detail });
}

/** fetch with a timeout; answers { status, body (parsed JSON or text), headers } or throws on a network failure. */
async function call(url, { method = 'GET', token, json, form, headers = {}, ua } = {}) {
  const h = { 'x-api-key': API_KEY, ...headers };
  if (token) h.cookie = `ekran_token=${token}`;
  if (ua) h['user-agent'] = ua;
  let body;
  if (json !== undefined) {
    h['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    h['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  }
  const res = await fetch(url, { method, headers: h, body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  const text = await res.text();
  let parsed = text;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** One recorded request: ok when its status is one of `expect`; a network failure is a failure too. */
async function step(kind, url, init, expect = [200]) {
  const at = Date.now();
  try {
    const res = await call(url, init);
    const ok = expect.includes(res.status);
    record(kind, at, ok, res.status, ok ? undefined : `${init?.method ?? 'GET'} ${new URL(url).pathname} ${res.status} ${typeof res.body === 'string' ? res.body.slice(0, 120) : JSON.stringify(res.body).slice(0, 160)}`);
    return res;
  } catch (err) {
    record(kind, at, false, 0, `${init?.method ?? 'GET'} ${new URL(url).pathname} ${err.cause?.code ?? err.name}: ${err.message}`);
    return null;
  }
}

/** A setup request that must succeed (retried a few times: setup runs before any fault). */
async function must(url, init, expect = [200, 201]) {
  let last;
  for (let i = 0; i < 5; i++) {
    try {
      const res = await call(url, init);
      if (expect.includes(res.status)) return res;
      last = `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
    } catch (err) {
      last = err.message;
    }
    await sleep(500);
  }
  throw new Error(`setup: ${init?.method ?? 'GET'} ${url} failed: ${last}`);
}

// ---------------------------------------------------------------- accounts

/** A registered account from a device of its own: its session token, device, profile. */
async function makeAccount(base, name, n) {
  const deviceId = `loadtest-${runId}-${name}-${n}`;
  const login = await must(`${base}/api/v1/auth/device-login`, { method: 'POST', json: { device_id: deviceId, device_type: 'web' } });
  const email = `${name}.${n}.${runId}@example.ru`;
  const password = `нагрузка-${runId}-${n}`;
  const reg = await must(`${base}/api/v1/auth/email/register`, { method: 'POST', token: login.body.authentication_token, json: { email, password } });
  const token = reg.body.authentication_token ?? login.body.authentication_token;
  const profiles = await must(`${base}/api/v1/profiles`, { token });
  const main = profiles.body.profiles.find((p) => p.is_main) ?? profiles.body.profiles[0];
  return { name: `${name}-${n}`, deviceId, email, password, token, deviceToken: login.body.authentication_token, userId: login.body._id, profileId: main.id ?? main._id, profileName: main.name };
}

/** Signs the account in again on its device; answers the new token or null. */
async function signIn(base, account, kind = 'signin') {
  const res = await step(kind, `${base}/api/v1/auth/email/login`, { method: 'POST', token: account.token, json: { email: account.email, password: account.password } });
  return res?.status === 200 ? res.body.authentication_token : null;
}

// ---------------------------------------------------------------- the viewers

/** What each write asked for and whether it was acknowledged, per key (lostWrites reads it). */
const ledger = new Map();
function noteWrite(key, initial, value, acked) {
  const entry = ledger.get(key) ?? { initial, writes: [] };
  entry.writes.push({ value, acked });
  ledger.set(key, entry);
}

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
function weighted(table) {
  const total = table.reduce((n, [, w]) => n + w, 0);
  let r = Math.random() * total;
  for (const [name, w] of table) {
    r -= w;
    if (r < 0) return name;
  }
  return table[0][0];
}

const ACTIONS = [
  ['page', 30],
  ['page-crawler', 6],
  ['search', 10],
  ['signin', 3],
  ['favourite', 10],
  ['progress', 10],
  ['profile', 3],
  ['playback', 12],
  ['live', 8],
];

async function viewerLoop(ctx, viewer, until) {
  const { base, catalogue } = ctx;
  const favourites = catalogue.films.slice(0, 6).map((f) => f.alias);
  let position = 0;
  let renames = 0;
  while (Date.now() < until) {
    const action = weighted(ACTIONS);
    switch (action) {
      case 'page': {
        const page = pick(['/', '/movies', `/watch/${pick(catalogue.films).alias}`, '/tv']);
        await step('page', `${base}${page}`, { token: viewer.token, ua: BROWSER_UA });
        break;
      }
      case 'page-crawler':
        await step('page-crawler', `${base}${pick(['/', '/movies', `/watch/${pick(catalogue.films).alias}`])}`, { ua: CRAWLER_UA, headers: { 'x-api-key': '' } });
        break;
      case 'search':
        await step('search', `${base}/api/v1/search?q=${encodeURIComponent(pick(catalogue.words))}`, { token: viewer.token });
        break;
      case 'signin': {
        // A viewer signs in again now and then, not several times a minute: the sign-in route allows 10 a minute
        // per account and address, and a viewer drawing 'signin' back to back would meet that limit, not a fault.
        if (Date.now() - (viewer.signedInAt ?? 0) < SIGN_IN_EVERY_MS) break;
        viewer.signedInAt = Date.now();
        const token = await signIn(base, viewer);
        if (token) viewer.token = token;
        break;
      }
      case 'favourite': {
        const alias = pick(favourites);
        const key = `fav:${viewer.profileId}:${alias}`;
        const current = ledger.get(key)?.writes.at(-1)?.value ?? false;
        const res = await step('favourite', `${base}/api/v1/profile/favorites/${alias}`, { method: current ? 'DELETE' : 'PUT', token: viewer.token }, [200, 204]);
        noteWrite(key, false, !current, res !== null && [200, 204].includes(res.status));
        break;
      }
      case 'progress': {
        position += 7;
        const film = catalogue.paid[0];
        const res = await step('progress', `${base}/api/v1/profile/progress`, {
          method: 'POST',
          token: viewer.token,
          json: { uid: film.uid, position, duration: 7_200, reported_at: new Date().toISOString() },
        });
        noteWrite(`progress:${viewer.profileId}:${film.uid}`, null, position, res?.status === 200);
        break;
      }
      case 'profile': {
        renames += 1;
        const name = `Зритель ${viewer.name.split('-').at(-1)}.${renames}`;
        const res = await step('profile', `${base}/api/v1/profiles/${viewer.profileId}`, { method: 'PATCH', token: viewer.token, json: { name } });
        noteWrite(`name:${viewer.profileId}`, viewer.profileName, name, res?.status === 200);
        break;
      }
      case 'playback': {
        const film = pick(catalogue.free);
        const check = await step('playback', `${base}/api/v1/playback/${film.uid}`, { token: viewer.token });
        const stream = check?.status === 200 ? check.body.stream : null;
        if (!stream) break;
        const master = check.body.playlists?.[0]?.url;
        if (master) await step('media', new URL(master, ctx.mediaBase).toString(), {});
        await step('heartbeat', new URL(stream.heartbeat_url, base).toString(), { method: 'POST', token: viewer.token, json: { uid: film.uid, playing: true } });
        break;
      }
      case 'live': {
        const res = await step('live', `${base}/api/v1/tv-playback/live/${pick(catalogue.channels)}`, { token: viewer.token });
        const master = res?.status === 200 ? masterUrlIn(res.body) : null;
        if (!master) break;
        const masterUrl = new URL(master, base);
        const list = await step('live-playlist', masterUrl.toString(), {});
        const variant = typeof list?.body === 'string' ? list.body.split('\n').find((l) => l && !l.startsWith('#')) : null;
        if (variant) await step('live-playlist', new URL(variant.trim(), masterUrl).toString(), {});
        break;
      }
    }
    await sleep(100 + Math.random() * 300);
  }
}

/** The first string in a JSON answer that is a master playlist's URL. */
function masterUrlIn(value) {
  if (typeof value === 'string') return value.endsWith('master.m3u8') || value.includes('master.m3u8?') ? value : null;
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) {
      const found = masterUrlIn(v);
      if (found) return found;
    }
  }
  return null;
}

// ---------------------------------------------------------------- purchases

/**
 * One purchase as a browser makes it: the tariff's payment link, the payment host's page, the success card; the
 * host notifies the API (through the balancer) and the order settles. `acked`: the host answered the card with
 * its success redirect. A failure before the card is tried again with a new link; after it, never (the card may
 * have been charged, and the invariant is about what was charged).
 */
async function purchase(ctx, buyer) {
  const { base } = ctx;
  buyer.acked = false;
  for (let attempt = 0; attempt < 4 && !buyer.acked; attempt++) {
    if (attempt) await sleep(3_000);
    const link = await step('purchase-link', `${base}/api/v1/billing/tariffs/${ctx.tariff._id}/payment?return_to=web`, { token: buyer.token });
    if (link?.status !== 200) continue;
    const pageUrl = new URL(link.body.url);
    const page = await step('purchase-page', pageUrl.toString(), {});
    if (page?.status !== 200) continue;
    const at = Date.now();
    try {
      const paid = await call(`${pageUrl.origin}${pageUrl.pathname}`, { method: 'POST', form: { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' } });
      const location = paid.headers.get('location') ?? '';
      buyer.acked = paid.status === 303 && /success/.test(location);
      record('purchase-pay', at, buyer.acked, paid.status, buyer.acked ? undefined : `pay answered ${paid.status} ${location}`);
    } catch (err) {
      record('purchase-pay', at, false, 0, `pay: ${err.message}`);
    }
    break;
  }
}

// ---------------------------------------------------------------- faults

const faults = [];
async function fault(name, run) {
  const f = { name, start: Date.now(), end: null };
  faults.push(f);
  log(`${clock(f.start)}  fault: ${name}…`);
  try {
    await run();
  } finally {
    f.end = Date.now();
    log(`${clock(f.end)}  fault over: ${name} (${((f.end - f.start) / 1000).toFixed(1)} s)`);
  }
}

// ---------------------------------------------------------------- main

async function main() {
  const buildCode = await ensureBuilt();
  if (buildCode !== 0) throw new Error('the build failed (see above)');

  const dir = mkdtempSync(path.join(os.tmpdir(), 'ekran-loadtest-'));
  chmodSync(dir, 0o755); // the postgres user reaches its cluster below it
  cleanups.push(async () => {
    if (KEEP || process.exitCode) log(`kept ${dir} (every process's log)`);
    else rmSync(dir, { recursive: true, force: true });
  });
  log(`folder ${dir}`);

  const [apiA, apiB, webA, webB, pub, internal, media, payments, redisPort, workerMetrics] = await Promise.all(Array.from({ length: 10 }, () => freePort()));
  const database = await startPostgres(dir);
  log(`PostgreSQL 15 on 127.0.0.1:${database.port} (a private cluster)`);
  let redis = await startRedis(dir, redisPort);
  log(`Redis on 127.0.0.1:${redisPort}`);

  const base = `http://127.0.0.1:${pub}`;
  const mediaBase = `http://127.0.0.1:${media}`;
  const shared = isolatedStackEnv(dir, {
    // The API is a development deployment (startStack's reason: a production API refuses the local outbox); the rest of
    // its settings are production's: PostgreSQL, Redis, media from nginx.
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    PGLITE_DIR: undefined,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    REDIS_KEY_PREFIX: `ekran-loadtest-${runId}:`,
    MEDIA_BASE_URL: mediaBase,
    WEB_ORIGIN: base,
    JOBS_ENABLED: 'false',
    SEED_ON_START: 'false',
    PAYMENTS_HOST: '127.0.0.1',
    PAYMENTS_PORT: String(payments),
    PAYMENTS_PUBLIC_URL: `http://127.0.0.1:${payments}`,
    PAYMENTS_API_URL: `http://127.0.0.1:${payments}`,
    // Notifications reach whichever API process the balancer picks, as a provider's would.
    PAYMENTS_NOTIFY_URL: `${base}/api/v1/billing/notifications/sandbox`,
    // Every simulated viewer comes from 127.0.0.1: the limits per address are raised as the bench raises them, so they
    // count per account here (the limits checked below are per account).
    DEVICE_LOGINS_PER_ADDRESS_HOUR: '100000',
    SIGNUPS_PER_ADDRESS_MINUTE: '100000',
    LOGIN_CHECKS_PER_ADDRESS_HOUR: '100000',
    SIGN_IN_FAILED_ACCOUNTS_PER_ADDRESS_HOUR: '10000',
  });
  const env = (extra) => ({ ...process.env, ...shared, ...extra });
  const logFile = (name) => path.join(dir, `${name}.log`);

  const procs = {};
  const apiEnv = (port) => env({ API_HOST: '127.0.0.1', API_PORT: String(port), ...(BREAK === 'redis-one-api' && port === apiB ? { REDIS_URL: undefined } : {}) });
  // Nothing starts once the cleanup has begun (Ctrl+C mid-fault): it would outlive the run.
  const refuseWhenStopping = () => {
    if (cleaning) throw new Error('stopping');
  };
  const startApi = async (key, port, extra = {}) => {
    refuseWhenStopping();
    procs[key] = startProcess({ name: key, entry: API_ENTRY, env: { ...apiEnv(port), ...extra }, logFile: logFile(key) });
    await waitReady(procs[key], `http://127.0.0.1:${port}/api/health/ready`, { timeoutMs: 180_000 });
  };
  const startWeb = async (key, port) => {
    refuseWhenStopping();
    procs[key] = startProcess({
      name: key,
      entry: WEB_ENTRY,
      env: env({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), API_URL: `http://127.0.0.1:${internal}`, SITE_ORIGIN: base, DATABASE_URL: undefined, REDIS_URL: undefined }),
      logFile: logFile(key),
    });
    await waitReady(procs[key], `http://127.0.0.1:${port}/`, { timeoutMs: 60_000 });
  };

  // The first API migrates and seeds the fresh database (as `npm start` does), then the rest start on it.
  log('migrating and seeding the fresh database (the first API process)…');
  await startApi('api1', apiA, { SEED_ON_START: 'true' });
  procs.payments = startProcess({ name: 'payments', entry: PAYMENTS_ENTRY, env: env({}), logFile: logFile('payments') });
  procs.worker = startProcess({
    name: 'worker',
    entry: WORKER_ENTRY,
    // Renewals every minute, so a few minutes hold several runs to check for overlaps.
    env: env({ METRICS_PORT: String(workerMetrics), RENEWALS_CRON: '* * * * *', EXPIRY_CRON: '* * * * *' }),
    logFile: logFile('worker'),
  });
  await Promise.all([
    startApi('api2', apiB),
    waitReady(procs.payments, `http://127.0.0.1:${payments}/health`, { timeoutMs: 30_000 }),
    waitReady(procs.worker, `http://127.0.0.1:${workerMetrics}/metrics`, { timeoutMs: 120_000 }),
  ]);
  await startNginx(dir, { web: [webA, webB], api: [apiA, apiB], public: pub, internal, media, mediaSecret: shared.MEDIA_TOKEN_SECRET });
  await Promise.all([startWeb('web1', webA), startWeb('web2', webB)]);
  log(`up: nginx ${base} (media ${mediaBase}), API :${apiA} :${apiB}, worker, site :${webA} :${webB}, payments :${payments}`);

  // ---- the catalogue and the accounts
  const films = (await must(`${base}/api/v1/titles?category=movies&limit=40`, {})).body.items;
  const catalogue = {
    films,
    free: films.filter((f) => f.is_free),
    paid: films.filter((f) => !f.is_free),
    words: [...new Set(films.flatMap((f) => f.title.split(/\s+/)).filter((w) => w.length >= 4))].slice(0, 30),
    // The seed's free channels (packages/db/src/seed/tv-channels.ts): they play for every viewer in RU.
    channels: ['priroda', 'ekran-novosti', 'multlandia'],
  };
  if (!catalogue.free.length || !catalogue.paid.length) throw new Error('the seeded catalogue has no free or no paid film');
  const tariffs = (await must(`${base}/api/v1/billing/tariffs`, {})).body;
  const tariff = (Array.isArray(tariffs) ? tariffs : (tariffs.items ?? tariffs.tariffs))[0];
  const ctx = { base, mediaBase, catalogue, tariff };

  log(`making ${VIEWERS} viewers, ${PURCHASES} buyers and the accounts of the limit checks…`);
  const viewers = [];
  for (let i = 0; i < VIEWERS; i++) viewers.push(await makeAccount(base, 'viewer', i));
  const buyers = [];
  for (let i = 0; i < PURCHASES; i++) buyers.push(await makeAccount(base, 'buyer', i));

  // ---- the load, with the faults in its middle
  const start = Date.now();
  const until = start + SECONDS * 1000;
  log(`${clock()}  load: ${VIEWERS} viewers for ${SECONDS} s`);
  const loops = viewers.map((v) => viewerLoop(ctx, v, until));
  const buying = (async () => {
    for (const [i, buyer] of buyers.entries()) {
      await sleep(Math.max(0, start + ((i + 1) * SECONDS * 1000) / (PURCHASES + 1) - Date.now()));
      await purchase(ctx, buyer);
    }
  })();
  const at = (share) => sleep(Math.max(0, start + share * SECONDS * 1000 - Date.now()));
  const faulting = (async () => {
    await at(0.15);
    await fault('kill -9 of API process 1', async () => {
      procs.api1.child.kill('SIGKILL');
      await procs.api1.exited;
      await sleep(5_000);
      await startApi('api1', apiA);
    });
    await at(0.3);
    await fault('kill -9 of site process 1', async () => {
      procs.web1.child.kill('SIGKILL');
      await procs.web1.exited;
      await sleep(5_000);
      await startWeb('web1', webA);
    });
    await at(0.45);
    await fault('PostgreSQL restart', async () => {
      refuseWhenStopping();
      await database.restart();
    });
    await at(0.6);
    await fault('Redis gone for 20 s', async () => {
      await redis.stop();
      await sleep(20_000);
      refuseWhenStopping();
      redis = await startRedis(dir, redisPort);
    });
  })();
  await Promise.all([...loops, buying, faulting]);
  const end = Date.now();
  log(`${clock()}  load over`);

  // ---- figures
  const summary = summarise(records, end - start);
  console.log(`\nThroughput: ${summary.total} requests in ${((end - start) / 1000).toFixed(0)} s, ${summary.perSecond.toFixed(1)} per second; ${summary.errors} failed\n`);
  console.log(table(['kind', 'requests', 'failed', 'p50 ms', 'p99 ms'], summary.rows.map((r) => [r.kind, r.count, r.errors, r.p50, r.p99])));
  const firstFailures = summary.rows.filter((r) => r.errors).map((r) => records.find((x) => x.kind === r.kind && !x.ok));
  if (firstFailures.length) {
    console.log('\nThe first failure of each kind:');
    for (const r of firstFailures) console.log(`  ${clock(r.at)}  ${r.kind}: ${r.detail}`);
  }
  console.log(`\nFaults (seconds since the run started; the load ran from ${((start - t0) / 1000).toFixed(1)} to ${((end - t0) / 1000).toFixed(1)} s):`);
  console.log(
    table(
      ['fault', 'from', 'to', 'failed requests', 'last failure after its end (s)'],
      faultFailures(records, faults, { slackMs: SLACK_MS, recoveryMs: RECOVERY_MS }).map((f) => [
        f.name,
        Number(((f.start - t0) / 1000).toFixed(1)),
        Number(((f.end - t0) / 1000).toFixed(1)),
        f.failures,
        f.lastAfterEnd === null ? null : Number((f.lastAfterEnd / 1000).toFixed(1)),
      ]),
    ),
  );

  // ---- invariants
  const checks = [];
  const check = (name, failures, detail) => {
    checks.push({ name, ok: failures.length === 0, detail, failures });
  };
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  cleanups.push(async () => db.end());

  // Purchases: the notifications may still be on their way (the host retries with backoff after a fault).
  await settlePurchases(db, buyers);
  check('every purchase applied exactly once', await purchaseProblems(db, buyers), `${buyers.filter((b) => b.acked).length} of ${buyers.length} purchases acknowledged by the payment page`);

  const stored = await storedValues(db, viewers);
  const lost = lostWrites(ledger, stored);
  const acked = [...ledger.values()].reduce((n, e) => n + e.writes.filter((w) => w.acked).length, 0);
  check('no acknowledged write lost (favourites, progress, profile names)', lost.map((l) => `${l.key}: stored ${JSON.stringify(l.stored)}, acknowledged ${JSON.stringify(l.allowed)}`), `${acked} acknowledged writes on ${ledger.size} keys`);

  const outside = errorsOutsideFaults(records, faults.map((f) => ({ ...f })), { slackMs: SLACK_MS, recoveryMs: RECOVERY_MS });
  check(
    'failures only in the seconds of a fault',
    outside.map((r) => `${clock(r.at)} ${r.kind}: ${r.detail}`),
    `${summary.errors} failures; forgiven: a request in flight from ${SLACK_MS / 1000} s before a fault to ${RECOVERY_MS / 1000} s after it`,
  );

  const apis = [`http://127.0.0.1:${apiA}`, `http://127.0.0.1:${apiB}`];
  const streamAccount = await makeAccount(base, 'streams', 0);
  await must(`${base}/api/v1/promo/activate`, { method: 'POST', token: streamAccount.token, json: { code: 'EKRAN30' } });
  check('the stream limit held across both API processes', ...(await streamLimitProblems(base, apis, streamAccount, catalogue)));

  const limited = await makeAccount(base, 'limits', 0);
  check('a rate limit held across both API processes', ...(await rateLimitProblems(apis, limited)));

  const locked = await makeAccount(base, 'lockout', 0);
  check('a sign-in lockout held across both API processes', ...(await lockoutProblems(apis, locked)));

  check('the renewal schedule never ran twice at once', ...(await renewalProblems(db)));

  const alive = Object.entries(procs).filter(([, p]) => p.exitResult).map(([name, p]) => `${name} exited (${p.exitResult.signal ?? p.exitResult.code}):\n${p.tail(20)}`);
  check('every process still runs', alive, Object.keys(procs).join(', '));

  console.log('\nInvariants:');
  for (const c of checks) {
    console.log(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}${c.detail ? ` (${c.detail})` : ''}`);
    for (const f of c.failures.slice(0, 10)) console.log(`          ${f}`);
    if (c.failures.length > 10) console.log(`          … and ${c.failures.length - 10} more`);
  }
  const failed = checks.filter((c) => !c.ok);
  console.log(failed.length ? `\nloadtest: ${failed.length} invariant(s) failed.` : '\nloadtest: every invariant held.');
  return failed.length ? 1 : 0;
}

// ---------------------------------------------------------------- the checks

async function buyerOrders(db, buyer) {
  return (
    await db.query(
      `select o.id, o.kind, o.status,
              (select count(*)::int from payments p where p.order_id = o.id and p.kind = 'charge' and p.status = 'succeeded') as charges,
              (select count(*)::int from payments p where p.order_id = o.id and p.surplus_refund is not null) as surplus
         from orders o join users u on u.id = o.user_id where u.email = $1 and o.kind in ('trial', 'purchase')`,
      [buyer.email],
    )
  ).rows;
}

/** Waits (up to 2 minutes) until no acknowledged purchase's order is still pending or processing. */
async function settlePurchases(db, buyers) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    let open = 0;
    for (const b of buyers) open += (await buyerOrders(db, b)).filter((o) => b.acked && o.status !== 'succeeded' && o.status !== 'failed' && o.status !== 'cancelled').length;
    if (open === 0) return;
    await sleep(2_000);
  }
}

async function purchaseProblems(db, buyers) {
  const problems = [];
  for (const b of buyers) {
    const orders = await buyerOrders(db, b);
    const succeeded = orders.filter((o) => o.status === 'succeeded');
    const subs = (await db.query('select count(*)::int as n from subscriptions s join users u on u.id = s.user_id where u.email = $1', [b.email])).rows[0].n;
    const charges = orders.reduce((n, o) => n + o.charges, 0);
    const surplus = orders.reduce((n, o) => n + o.surplus, 0);
    const expected = b.acked ? 1 : succeeded.length;
    if (b.acked && succeeded.length !== 1) problems.push(`${b.name}: paid (acknowledged), ${succeeded.length} succeeded orders`);
    if (succeeded.length > 1) problems.push(`${b.name}: ${succeeded.length} succeeded orders`);
    if (subs !== expected) problems.push(`${b.name}: ${subs} subscriptions for ${expected} purchase(s)`);
    if (charges !== expected) problems.push(`${b.name}: ${charges} succeeded charges for ${expected} purchase(s)`);
    if (surplus) problems.push(`${b.name}: ${surplus} surplus charge(s) (paid twice)`);
  }
  return problems;
}

/** What the database holds for every key the viewers wrote. */
async function storedValues(db, viewers) {
  const stored = new Map();
  const profileIds = viewers.map((v) => v.profileId);
  for (const r of (await db.query('select f.profile_id, t.alias from favorites f join titles t on t.id = f.title_id where f.profile_id = any($1)', [profileIds])).rows) stored.set(`fav:${r.profile_id}:${r.alias}`, true);
  for (const key of ledger.keys()) if (key.startsWith('fav:') && !stored.has(key)) stored.set(key, false);
  for (const r of (await db.query('select w.profile_id, w.title_id as uid, w.position_seconds from watch_progress w where w.profile_id = any($1) and w.episode_id is null', [profileIds])).rows) {
    stored.set(`progress:${r.profile_id}:${r.uid}`, r.position_seconds);
  }
  for (const r of (await db.query('select id, name from profiles where id = any($1)', [profileIds])).rows) stored.set(`name:${r.id}`, r.name);
  return stored;
}

/**
 * The account's devices start streams at once, alternately through each API process: exactly the account's limit
 * start, the rest are refused (403 STREAM_LIMIT_EXCEEDED).
 */
async function streamLimitProblems(base, apis, account, catalogue) {
  const film = catalogue.paid[0];
  const devices = [];
  // The account's own device and four more: five, the most an account may have signed in (DEVICE_LIMIT).
  for (let i = 0; i < 5; i++) {
    let token = account.token;
    if (i > 0) {
      const login = await must(`${base}/api/v1/auth/device-login`, { method: 'POST', json: { device_id: `loadtest-${runId}-streams-device-${i}`, device_type: 'web' } });
      token = (await must(`${base}/api/v1/auth/email/login`, { method: 'POST', token: login.body.authentication_token, json: { email: account.email, password: account.password } })).body.authentication_token;
    }
    const check = await must(`${apis[i % 2]}/api/v1/playback/${film.uid}`, { token });
    if (!check.body.stream) return [[`device ${i}: the playback check gave no stream (${check.body.reason})`], 'no stream to start'];
    devices.push({ token, heartbeat: check.body.stream.heartbeat_url });
  }
  const answers = await Promise.all(
    devices.map((d, i) => call(new URL(d.heartbeat, apis[i % 2]).toString(), { method: 'POST', token: d.token, json: { uid: film.uid, playing: true } })),
  );
  const started = answers.filter((a) => a.status === 200).length;
  const refused = answers.filter((a) => a.status === 403 && JSON.stringify(a.body).includes('STREAM_LIMIT_EXCEEDED'));
  const limit = refused[0]?.body?.stream_limit?.limit ?? null;
  const problems = [];
  if (limit === null) problems.push(`no start was refused: ${started} of ${devices.length} streams started (${answers.map((a) => a.status).join(', ')})`);
  else if (started !== limit) problems.push(`${started} streams started for a limit of ${limit}`);
  if (started + refused.length !== devices.length) problems.push(`unexpected answers: ${answers.map((a) => a.status).join(', ')}`);
  return [problems, `${devices.length} devices, alternately through both processes: ${started} started, ${refused.length} refused, limit ${limit}`];
}

/** Renames of one profile, alternately through each API process: 30 a minute per account pass, the rest 429. */
async function rateLimitProblems(apis, account) {
  const LIMIT = 30;
  const statuses = [];
  for (let i = 0; i < LIMIT * 2 + 10; i++) {
    const res = await call(`${apis[i % 2]}/api/v1/profiles/${account.profileId}`, { method: 'PATCH', token: account.token, json: { name: `Лимит ${i}` } });
    statuses.push(res.status);
  }
  const passed = statuses.filter((s) => s === 200).length;
  const refused = statuses.filter((s) => s === 429).length;
  const problems = [];
  if (passed !== LIMIT) problems.push(`${passed} renames passed within a minute for a limit of ${LIMIT} (statuses: ${[...new Set(statuses)].join(', ')})`);
  if (passed + refused !== statuses.length) problems.push(`unexpected statuses: ${[...new Set(statuses)].join(', ')}`);
  return [problems, `${statuses.length} renames alternately through both processes: ${passed} passed, ${refused} refused`];
}

/** Wrong passwords for one account, alternately through each API process: five are answered 401, then 429. */
async function lockoutProblems(apis, account) {
  const FREE = 5;
  const statuses = [];
  for (let i = 0; i < FREE * 2 + 4; i++) {
    const res = await call(`${apis[i % 2]}/api/v1/auth/email/login`, { method: 'POST', token: account.deviceToken, json: { email: account.email, password: 'не-тот-пароль' } });
    statuses.push(res.status);
  }
  const wrong = statuses.filter((s) => s === 401).length;
  const locked = statuses.filter((s) => s === 429).length;
  const problems = [];
  if (wrong !== FREE) problems.push(`${wrong} wrong passwords were tried before the lock, for ${FREE} allowed (statuses: ${statuses.join(' ')})`);
  if (wrong + locked !== statuses.length) problems.push(`unexpected statuses: ${statuses.join(' ')}`);
  return [problems, `${statuses.length} wrong passwords alternately through both processes: ${wrong} tried, ${locked} locked out`];
}

/**
 * The renewal schedule's runs from pg-boss's tables: none may overlap another, and there must be some (a short run
 * waits up to 90 s for the first: the schedule ticks every minute).
 */
async function renewalProblems(db) {
  const runsOf = () => db.query(
    `select id, started_on, completed_on from pgboss.job where name = 'billing.renewals' and started_on is not null
     union all
     select id, started_on, completed_on from pgboss.archive where name = 'billing.renewals' and started_on is not null`,
  );
  let { rows } = await runsOf();
  for (let waited = 0; rows.length === 0 && waited < 90; waited += 5) {
    await sleep(5_000);
    ({ rows } = await runsOf());
  }
  const runs = rows.map((r) => ({ id: r.id, started: r.started_on.getTime(), completed: r.completed_on?.getTime() ?? null }));
  const pairs = overlappingRuns(runs);
  const problems = pairs.map(([a, b]) => `runs ${a.id} and ${b.id} overlapped`);
  if (!runs.length) problems.push('no renewal run happened: the schedule is not running (is the worker up?)');
  return [problems, `${runs.length} runs`];
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(`\nloadtest: ${err.stack ?? err.message}`);
  code = 1;
} finally {
  process.exitCode = code;
  await cleanup();
}
process.exit(code);
