#!/usr/bin/env node
// Installs the dependencies when they are missing or out of date, so `npm start` and `npm test` work on
// a fresh clone. Plain Node with no dependencies: it runs before anything is installed.
//
//   node scripts/ensure-install.mjs            install when needed
//   node scripts/ensure-install.mjs --check    only print what it would do (exit 0 either way)
//
// npm writes node_modules/.package-lock.json at the end of every install; we use it as the stamp of the
// last install and touch it afterwards (npm leaves it alone when an install had nothing to change).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEP_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const mtime = (file) => statSync(file).mtimeMs;

/** The workspace folders of the root package.json ("packages/*" globs of one level are expanded). */
export function workspaceDirs(root = ROOT) {
  const patterns = readJson(path.join(root, 'package.json')).workspaces ?? [];
  const list = Array.isArray(patterns) ? patterns : (patterns.packages ?? []);
  return list.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    if (!existsSync(path.join(root, parent))) return [];
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `${parent}/${d.name}`);
  }).filter((dir) => existsSync(path.join(root, dir, 'package.json')));
}

const sameDeps = (manifest, locked) =>
  DEP_FIELDS.every((field) => JSON.stringify(sortKeys(manifest[field])) === JSON.stringify(sortKeys(locked?.[field])));
const sortKeys = (o) => (o && Object.keys(o).length ? Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b))) : undefined);

/**
 * What the tree needs: null when the install is current, else { command: 'ci' | 'install', reason }.
 * - no node_modules (fresh clone), no install stamp, or no lockfile -> install everything;
 * - package-lock.json newer than the last install -> `npm ci`;
 * - a package.json newer than the last install whose dependencies differ from what the lockfile
 *   records for it -> `npm install` (the lockfile has to change; `npm ci` would refuse). A package.json
 *   that was touched without changing its dependencies (scripts, formatting) needs nothing.
 */
export function installNeeded(root = ROOT) {
  const lockFile = path.join(root, 'package-lock.json');
  const hasLock = existsSync(lockFile);
  const fresh = hasLock ? 'ci' : 'install';
  if (!existsSync(path.join(root, 'node_modules'))) return { command: fresh, reason: 'node_modules is missing' };
  const stamp = path.join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(stamp)) return { command: fresh, reason: 'node_modules/.package-lock.json is missing (no complete install)' };
  if (!hasLock) return { command: 'install', reason: 'package-lock.json is missing' };
  const installedAt = mtime(stamp);
  if (mtime(lockFile) > installedAt) return { command: 'ci', reason: 'package-lock.json changed since the last install' };
  let lock;
  for (const dir of ['', ...workspaceDirs(root)]) {
    const manifestFile = path.join(root, dir, 'package.json');
    if (mtime(manifestFile) <= installedAt) continue;
    lock ??= readJson(lockFile);
    const locked = lock.packages?.[dir];
    if (!locked || !sameDeps(readJson(manifestFile), locked)) {
      return { command: 'install', reason: `${path.join(dir, 'package.json')} has dependencies the lockfile does not record` };
    }
  }
  return null;
}

/** Installs when needed (stdio inherited); returns the exit code (0 when nothing had to be done). */
export function ensureInstall({ root = ROOT, log = console.log } = {}) {
  const need = installNeeded(root);
  if (!need) return 0;
  const args = need.command === 'ci' ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  log(`Installing dependencies (${need.reason}): npm ${args.join(' ')}`);
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, { cwd: root, stdio: 'inherit' });
  if (result.error) {
    console.error(`Could not run npm: ${result.error.message}`);
    return 1;
  }
  if (result.status !== 0) {
    console.error(`npm ${args[0]} failed (exit code ${result.status ?? result.signal}).`);
    return result.status || 1;
  }
  const stamp = path.join(root, 'node_modules', '.package-lock.json');
  if (existsSync(stamp)) {
    const now = new Date();
    utimesSync(stamp, now, now);
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const need = installNeeded();
    console.log(need ? `would run npm ${need.command}: ${need.reason}` : 'dependencies are installed and current');
  } else {
    process.exitCode = ensureInstall();
  }
}
