#!/usr/bin/env node
// `npm start`: install when needed, build when needed, then run the API (it migrates and seeds the
// embedded database on first run) and the web server in front of it, on one origin for the browser.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt } from './lib/build-state.mjs';
import { connectHost, displayHost, loadDotEnv, parsePort, ROOT } from './lib/common.mjs';
import { API_ENTRY, isPortFree, PAYMENTS_ENTRY, paymentsEnv, startProcess, stopProcess, waitReady, WEB_ENTRY } from './lib/servers.mjs';
import { ensureInstall } from './ensure-install.mjs';

const API_READY_TIMEOUT_MS = Number(process.env.START_TIMEOUT_SECONDS ?? 180) * 1000;
const WEB_READY_TIMEOUT_MS = 60_000;

function fail(message, code = 1) {
  console.error(`\n${message}\n`);
  process.exit(code);
}

loadDotEnv();

const installCode = ensureInstall();
if (installCode !== 0) fail('Could not install the dependencies (see above).', installCode);

let settings;
try {
  settings = {
    apiHost: process.env.API_HOST || '127.0.0.1',
    apiPort: parsePort('API_PORT', process.env.API_PORT, 4000),
    webHost: process.env.HOST || '0.0.0.0',
    webPort: parsePort('PORT', process.env.PORT, 3000),
    paymentsPort: parsePort('PAYMENTS_PORT', process.env.PAYMENTS_PORT, 4100),
  };
} catch (err) {
  fail(`Invalid settings:\n  ${err.message}`);
}
const { apiHost, apiPort, webHost, webPort, paymentsPort } = settings;
if (apiPort === webPort) fail(`PORT and API_PORT are both ${webPort}; give them different ports.`);
if (paymentsPort === webPort || paymentsPort === apiPort) fail(`PAYMENTS_PORT ${paymentsPort} is also PORT or API_PORT; give it its own port.`);

const portBusy = (what, setting, host, port) =>
  `Port ${port} (${what}, on ${host}) is already in use — is Ekran or another server already running?\n` +
  `Stop it, or set ${setting} to a free port, e.g.  ${setting}=${port + 1} npm start  (or in .env).`;
if (!(await isPortFree(apiPort, apiHost))) fail(portBusy('the API', 'API_PORT', apiHost, apiPort));
if (!(await isPortFree(webPort, webHost))) fail(portBusy('the site', 'PORT', webHost, webPort));
if (!(await isPortFree(paymentsPort, '127.0.0.1'))) fail(portBusy('the sandbox payment host', 'PAYMENTS_PORT', '127.0.0.1', paymentsPort));

const buildCode = await ensureBuilt();
if (buildCode !== 0) fail('The build failed (see above).', buildCode);

if (!process.env.DATABASE_URL) {
  const dir = path.resolve(ROOT, process.env.PGLITE_DIR || '.data/pglite');
  if (!existsSync(dir)) console.log(`First run: creating, migrating and seeding the embedded database in ${dir.startsWith(ROOT + path.sep) ? path.relative(ROOT, dir) : dir} (a few seconds)…`);
}

const apiBase = `http://${connectHost(apiHost)}:${apiPort}`;
// Social sign-in sends the browser back to the site's origin: the address printed below unless WEB_ORIGIN says otherwise.
const webOrigin = process.env.WEB_ORIGIN || `http://localhost:${webPort}`;
// The sandbox payment host (apps/payments) runs beside them unless a real provider is configured
// (PAYMENTS_PROVIDER=cloudpayments); the .env settings win over the defaults derived from the ports.
const sandbox = (process.env.PAYMENTS_PROVIDER || 'sandbox') === 'sandbox';
const payEnv = { ...paymentsEnv({ apiPort, paymentsPort }), ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('PAYMENTS_'))) };
const payments = sandbox ? startProcess({ name: 'payments', entry: PAYMENTS_ENTRY, env: { ...process.env, ...payEnv }, echo: true }) : null;
const api = startProcess({ name: 'api', entry: API_ENTRY, env: { ...process.env, ...payEnv, API_HOST: apiHost, API_PORT: String(apiPort), WEB_ORIGIN: webOrigin }, echo: true });
let web = null;
let stopping = false;
let running = false;

/** Stops both processes and exits; a second call waits for the first to finish. */
async function shutdown(code, reason) {
  if (stopping) return new Promise(() => {});
  stopping = true;
  if (reason) console.log(`\n${reason}`);
  await Promise.all([stopProcess(web), stopProcess(api), stopProcess(payments)]);
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => void shutdown(0, `${signal}: stopping the web server and the API…`));
}

// Once both run, either process dying takes the other down with it (before that, waitReady reports it).
const watch = (proc, other) =>
  proc.exited.then(({ code, signal }) => {
    if (stopping || !running) return;
    void shutdown(code || 1, `The ${proc.name} process exited (${signal ?? `exit code ${code}`}); stopping the ${other}.`);
  });
watch(api, 'web server');
if (payments) watch(payments, 'API and the web server');

try {
  await waitReady(api, `${apiBase}/api/health/ready`, { timeoutMs: API_READY_TIMEOUT_MS });
} catch (err) {
  console.error(`\nThe API did not start: ${err.message}`);
  await shutdown(1);
}

const apiUrl = process.env.API_URL || apiBase;
// The site is its production build (server-env.js) on the origin printed below for its canonical links unless
// SITE_ORIGIN says otherwise; on that loopback origin it keeps the outbox page of this demo.
// PAYMENTS_PUBLIC_URL: the payment page the site's forms may lead to (its CSP form-action).
const webEnv = { SITE_ORIGIN: process.env.SITE_ORIGIN || webOrigin, PAYMENTS_PUBLIC_URL: payEnv.PAYMENTS_PUBLIC_URL };
// Both processes read METRICS_PORT from this one environment: the API listens on it, the site on the next port.
if (process.env.METRICS_PORT) webEnv.METRICS_PORT = String(Number(process.env.METRICS_PORT) + 1);
web = startProcess({ name: 'web', entry: WEB_ENTRY, env: { ...process.env, ...webEnv, HOST: webHost, PORT: String(webPort), API_URL: apiUrl }, echo: true });
watch(web, 'API');
try {
  await waitReady(web, `http://${connectHost(webHost)}:${webPort}/`, { timeoutMs: WEB_READY_TIMEOUT_MS });
} catch (err) {
  console.error(`\nThe web server did not start: ${err.message}`);
  await shutdown(1);
}

running = true;
for (const [proc, other] of [[api, 'web server'], [web, 'API']]) {
  if (proc.exitResult) await shutdown(proc.exitResult.code || 1, `The ${proc.name} process exited; stopping the ${other}.`);
}
const site = `http://${displayHost(webHost)}:${webPort}`;
const apiShown = `http://${displayHost(apiHost)}:${apiPort}`;
console.log(`
  Ekran is running.
    Site      ${site}
    API       ${apiShown}/api        (also behind the site: ${site}/api)
    OpenAPI   ${apiShown}/api/openapi.json${payments ? `\n    Payments  ${payEnv.PAYMENTS_PUBLIC_URL}   (the sandbox payment host; test cards on its pages and in the README)` : ''}
  Press Ctrl+C to stop.
`);
