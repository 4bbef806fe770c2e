#!/usr/bin/env node
// `npm run test:e2e`: browser journeys against the production build, on ports and data of their own.
// Checks for Debian's chromium (installs it with apt when missing and we are root), builds when the
// build is missing or stale, starts the API (fresh PGlite, seeded on start) and the web server, runs
// `vitest --config e2e/vitest.config.ts`, stops the servers, cleans up, and exits with vitest's code.
//
// Settings: E2E_API_PORT (4610), E2E_WEB_PORT (3610) — taken when free, else any free port;
// CHROMIUM_PATH (/usr/bin/chromium); E2E_KEEP_LOGS=1 keeps the server logs after a passing run.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuilt } from './lib/build-state.mjs';
import { ROOT, VITEST_BIN } from './lib/common.mjs';
import { freePort, isolatedStackEnv, startStack, stopAllProcesses } from './lib/servers.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || CHROMIUM !== '/usr/bin/chromium') {
    throw new Error(
      `${CHROMIUM} is missing. Install Debian's chromium:  sudo apt-get update && sudo apt-get install -y chromium\n` +
        '(or set CHROMIUM_PATH to a chromium binary). The browser tests never download a browser.',
    );
  }
  console.log('e2e: /usr/bin/chromium is missing; installing it with apt-get…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const r = spawnSync('apt-get', args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${r.error?.message ?? `exit code ${r.status}`}).`);
  }
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is still missing.`);
}

let vitest = null;
let tempDir = null;
// Interrupted: stop vitest and the servers, remove the temp folder, and leave.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    vitest?.kill(signal);
    await stopAllProcesses();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    process.exit(130);
  });
}

function runVitest(env) {
  const child = spawn(process.execPath, [VITEST_BIN, 'run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
  vitest = child;
  return new Promise((resolve) => {
    child.on('error', (err) => {
      console.error(`e2e: could not run vitest: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  try {
    ensureChromium();
  } catch (err) {
    console.error(`\ne2e: ${err.message}\n`);
    return 1;
  }
  const buildCode = await ensureBuilt();
  if (buildCode !== 0) return buildCode;

  const dir = mkdtempSync(path.join(tmpdir(), 'ekran-e2e-'));
  tempDir = dir;
  const apiPort = await freePort(Number(process.env.E2E_API_PORT || 4610));
  const webPort = await freePort(Number(process.env.E2E_WEB_PORT || 3610));
  const paymentsPort = await freePort(Number(process.env.E2E_PAYMENTS_PORT || 4710));
  console.log(`e2e: starting the payment host on :${paymentsPort}, the API on :${apiPort} and the site on :${webPort} (data and logs in ${dir})`);
  const started = Date.now();
  let stack;
  try {
    stack = await startStack({
      apiPort,
      webPort,
      paymentsPort,
      logDir: dir,
      // A bank that hangs is tried in seconds: the API waits 4 s for a charge, the slow-bank card answers after 8 s.
      env: isolatedStackEnv(dir, { LOG_LEVEL: 'info', SANDBOX_SLOW_BANK_MS: '8000' }),
      // The journeys sign in through the development identity provider, which production refuses; the API
      // runs as a test deployment for that (the site stays a production build). docs/decisions/007-social-sign-in.md.
      // Every journey's visitors come from the loopback: more device logins, login checks, sign-ups and poster renders
      // than one address may make in an hour or a minute.
      apiEnv: {
        NODE_ENV: 'test', SOCIAL_DEV_PROVIDER: 'true', DEVICE_LOGINS_PER_ADDRESS_HOUR: '100000', LOGIN_CHECKS_PER_ADDRESS_HOUR: '100000',
        SIGNUPS_PER_ADDRESS_MINUTE: '100000', IMAGE_RENDERS_PER_MINUTE: '100000', PAYMENTS_TIMEOUT_MS: '4000',
      },
    });
  } catch (err) {
    console.error(`\ne2e: the site did not start: ${err.message}\n`);
    console.error(`e2e: server logs kept in ${dir} (api.log, web.log)`);
    tempDir = null;
    return 1;
  }
  console.log(`e2e: ready in ${((Date.now() - started) / 1000).toFixed(1)} s; running the browser tests`);

  let code;
  try {
    code = await runVitest({ ...process.env, E2E_BASE_URL: stack.webUrl, E2E_API_URL: stack.apiUrl, E2E_PAYMENTS_URL: stack.paymentsUrl, CHROMIUM_PATH: CHROMIUM });
  } finally {
    const died = [stack.api, stack.web, stack.payments].filter((p) => p?.exitResult);
    await stack.stop();
    for (const proc of died) {
      console.error(`\ne2e: the ${proc.name} process died during the tests (${proc.exitResult.signal ?? `exit code ${proc.exitResult.code}`}). Its output:\n${proc.tail()}`);
      code = code || 1;
    }
  }
  if (code !== 0) {
    console.error(`\ne2e: failed. Last API output:\n${stack.api.tail(40)}\n\nLast web output:\n${stack.web.tail(40)}`);
    console.error(`\ne2e: full server logs kept in ${dir} (api.log, web.log, payments.log); screenshots in e2e/screenshots/`);
  } else if (process.env.E2E_KEEP_LOGS) {
    console.log(`e2e: server logs kept in ${dir}`);
  } else {
    rmSync(dir, { recursive: true, force: true });
  }
  tempDir = null;
  return code;
}

process.exit(await main());
