// Small helpers shared by the scripts (start, dev, e2e, bench): paths, .env, running commands.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
export const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Loads ROOT/.env into process.env when present; variables already set win. */
export function loadDotEnv(file = path.join(ROOT, '.env')) {
  if (!existsSync(file)) return false;
  process.loadEnvFile(file);
  return true;
}

/** Runs a command with inherited stdio; resolves to its exit code (1 when it could not start). */
export function run(command, args, { cwd = ROOT, env = process.env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
    child.on('error', (err) => {
      console.error(`Could not run ${command}: ${err.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 + signalNumber(signal) : 1)));
  });
}

const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
const signalNumber = (signal) => SIGNALS[signal] ?? 1;

/** A port setting as a number, or a message naming the setting. */
export function parsePort(name, value, fallback) {
  const port = value === undefined || value === '' ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`${name}: must be a port number (1-65535), got "${value}"`);
  return port;
}

/** The host to connect to for a server bound to `host` (wildcards become the loopback address). */
export const connectHost = (host) => (!host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host);

/** The host to show people in a URL. */
export const displayHost = (host) =>
  !host || ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The vitest CLI entry (run with process.execPath, so no npx layer sits between us and the tests). */
export const VITEST_BIN = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
