// Starting, watching and stopping the API and web processes (used by start, e2e and bench).
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT, sleep } from './common.mjs';

export const API_ENTRY = path.join(ROOT, 'apps/api/dist/server.js');
export const WEB_ENTRY = path.join(ROOT, 'apps/web/server.js');
export const PAYMENTS_ENTRY = path.join(ROOT, 'apps/payments/dist/server.js');

/**
 * The settings the API and the sandbox payment host share (docs/decisions: the payment host protocol): where
 * each reaches the other, and where browsers open the hosted page.
 */
export function paymentsEnv({ apiPort, paymentsPort, publicHost = 'localhost' }) {
  return {
    PAYMENTS_HOST: '127.0.0.1',
    PAYMENTS_PORT: String(paymentsPort),
    PAYMENTS_PUBLIC_URL: `http://${publicHost}:${paymentsPort}`,
    PAYMENTS_API_URL: `http://127.0.0.1:${paymentsPort}`,
    PAYMENTS_NOTIFY_URL: `http://127.0.0.1:${apiPort}/api/v1/billing/notifications/sandbox`,
  };
}

const PINO_LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** A pino JSON line made readable (time, level, message, request); other lines unchanged. */
export function formatLogLine(line) {
  if (!line.startsWith('{')) return line;
  let o;
  try {
    o = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof o.level !== 'number' || !('msg' in o || 'err' in o)) return line;
  const time = new Date(o.time ?? Date.now()).toTimeString().slice(0, 8);
  const parts = [time, (PINO_LEVELS[o.level] ?? String(o.level)).padEnd(5), o.msg ?? ''];
  if (o.req?.method) parts.push(`${o.req.method} ${o.req.url}`);
  if (o.res?.statusCode) parts.push(`${o.res.statusCode}${typeof o.responseTime === 'number' ? ` ${o.responseTime.toFixed(1)}ms` : ''}`);
  let text = parts.filter(Boolean).join(' ');
  if (o.err) text += `\n${o.err.stack ?? o.err.message ?? JSON.stringify(o.err)}`;
  return text;
}

/** Every process started here that has not exited yet (so a signal handler can stop them all). */
const live = new Set();

/** Stops every process started here that still runs. */
export async function stopAllProcesses() {
  await Promise.all([...live].map((proc) => stopProcess(proc)));
}

/**
 * Spawns a long-running node process with piped output. Keeps the last lines for error messages,
 * optionally echoes them with a prefix (`echo`) and/or appends them to `logFile`.
 */
export function startProcess({ name, entry, args = [], nodeArgs = [], env, echo = false, logFile, keepLines = 200 }) {
  const child = spawn(process.execPath, [...nodeArgs, entry, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  const file = logFile ? createWriteStream(logFile, { flags: 'a' }) : null;
  const onLine = (line) => {
    lines.push(line);
    if (lines.length > keepLines) lines.shift();
    file?.write(`${line}\n`);
    if (echo) {
      const prefix = `${name.padEnd(3)} │ `;
      process.stdout.write(`${prefix}${formatLogLine(line).replaceAll('\n', `\n${prefix}`)}\n`);
    }
  };
  readline.createInterface({ input: child.stdout }).on('line', onLine);
  readline.createInterface({ input: child.stderr }).on('line', onLine);
  const exited = new Promise((resolve) => {
    child.on('error', (err) => {
      onLine(`could not start: ${err.message}`);
      resolve({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => resolve({ code, signal }));
  }).then((result) => {
    proc.exitResult = result;
    live.delete(proc);
    file?.end();
    return result;
  });
  const proc = {
    name,
    child,
    exited,
    exitResult: null,
    /** The last n lines of output, indented, for error messages. */
    tail: (n = 60) => (lines.length ? lines.slice(-n).map((l) => `    ${formatLogLine(l)}`).join('\n') : '    (no output)'),
  };
  live.add(proc);
  return proc;
}

/** Resolves when GET url answers 200; rejects when the process exits first or after timeoutMs. */
export async function waitReady(proc, url, { timeoutMs = 120_000, intervalMs = 250 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (proc.exitResult) {
      const { code, signal } = proc.exitResult;
      throw new Error(`${proc.name} exited before it was ready (${signal ?? `exit code ${code}`}). Its output:\n${proc.tail()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000), redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status === 200) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    await Promise.race([sleep(intervalMs), proc.exited]);
  }
  throw new Error(`${proc.name} was not ready within ${Math.round(timeoutMs / 1000)} s (GET ${url}: ${last}). Its output:\n${proc.tail()}`);
}

/** SIGTERM, then SIGKILL after graceMs; resolves when the process has exited. */
export async function stopProcess(proc, { graceMs = 10_000, signal = 'SIGTERM' } = {}) {
  if (!proc || proc.exitResult) return proc?.exitResult;
  proc.child.kill(signal);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  const result = await proc.exited;
  clearTimeout(timer);
  return result;
}

/** True when nothing listens on host:port (we can bind it ourselves). */
export function isPortFree(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The preferred port when it is free on the loopback address, else one the system picks. */
export async function freePort(preferred, host = '127.0.0.1') {
  if (preferred && (await isPortFree(preferred, host))) return preferred;
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host }, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built API and web server on the loopback address with the given settings (apiEnv: more for
 * the API only), waits until both are ready, and returns them with stop(). Used by e2e and bench (start.mjs
 * has its own flow).
 */
export async function startStack({ apiPort, webPort, paymentsPort, env, apiEnv = {}, nodeArgs = [], logDir, echo = false, apiTimeoutMs = 180_000, webTimeoutMs = 60_000 }) {
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  // The sandbox payment host, when a port is given: its own process, as in production a provider is.
  const payEnv = paymentsPort ? paymentsEnv({ apiPort, paymentsPort, publicHost: '127.0.0.1' }) : {};
  const payments = paymentsPort
    ? startProcess({ name: 'payments', entry: PAYMENTS_ENTRY, env: { ...process.env, ...env, ...payEnv }, logFile: logDir && path.join(logDir, 'payments.log'), echo })
    : null;
  const api = startProcess({
    name: 'api',
    entry: API_ENTRY,
    nodeArgs,
    // WEB_ORIGIN: social sign-in sends the browser back to this site; apiEnv: settings for the API alone. The API
    // is a development deployment unless apiEnv says otherwise: a production API refuses the local outbox.
    env: { ...process.env, ...env, ...payEnv, WEB_ORIGIN: webUrl, NODE_ENV: 'development', ...apiEnv, API_HOST: '127.0.0.1', API_PORT: String(apiPort) },
    logFile: logDir && path.join(logDir, 'api.log'),
    echo,
  });
  let web = null;
  const stop = async () => {
    await Promise.all([stopProcess(web), stopProcess(api), stopProcess(payments)]);
  };
  try {
    if (payments) await waitReady(payments, `http://127.0.0.1:${paymentsPort}/health`, { timeoutMs: 30_000 });
    await waitReady(api, `${apiUrl}/api/health/ready`, { timeoutMs: apiTimeoutMs });
    web = startProcess({
      name: 'web',
      entry: WEB_ENTRY,
      nodeArgs,
      // SITE_ORIGIN: the site's canonical links and Open Graph name this address; PAYMENTS_PUBLIC_URL: the payment
      // page its forms may lead to (CSP form-action).
      env: { ...process.env, SITE_ORIGIN: webUrl, ...env, ...(payEnv.PAYMENTS_PUBLIC_URL ? { PAYMENTS_PUBLIC_URL: payEnv.PAYMENTS_PUBLIC_URL } : {}), HOST: '127.0.0.1', PORT: String(webPort), API_URL: apiUrl },
      logFile: logDir && path.join(logDir, 'web.log'),
      echo,
    });
    await waitReady(web, `${webUrl}/`, { timeoutMs: webTimeoutMs });
  } catch (err) {
    await stop();
    throw err;
  }
  return { api, web, payments, apiUrl, webUrl, paymentsUrl: paymentsPort ? `http://127.0.0.1:${paymentsPort}` : null, stop };
}

/**
 * Settings of a throwaway stack (browser tests, benchmark): the site's production build on a loopback origin
 * (where it keeps the outbox page), the API in development mode (startStack: production refuses the local outbox
 * the journeys read their codes from), fresh secrets all the same, and a fresh embedded database in `dir`,
 * whatever the environment says.
 */
export function isolatedStackEnv(dir, overrides = {}) {
  return {
    NODE_ENV: 'production',
    MEDIA_TOKEN_SECRET: randomBytes(32).toString('hex'),
    CODE_SECRET: randomBytes(32).toString('hex'),
    COOKIE_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: undefined,
    PGLITE_DIR: path.join(dir, 'pglite'),
    IMAGE_CACHE_DIR: path.join(dir, 'images'),
    PAYMENTS_DATA_DIR: path.join(dir, 'payments'),
    PAYMENTS_API_SECRET: randomBytes(24).toString('hex'),
    SEED_ON_START: 'true',
    ...overrides,
  };
}
