import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installNeeded, workspaceDirs } from './ensure-install.mjs';

let root;
const write = (file, content, mtimeSeconds) => {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content));
  if (mtimeSeconds !== undefined) utimesSync(full, mtimeSeconds, mtimeSeconds);
};

const manifest = { name: 'x', workspaces: ['apps/*', 'packages/one'], devDependencies: { a: '^1.0.0' } };
const webManifest = { name: '@x/web', dependencies: { b: '^2.0.0' } };
const lock = { packages: { '': { name: 'x', devDependencies: { a: '^1.0.0' } }, 'apps/web': { name: '@x/web', dependencies: { b: '^2.0.0' } } } };

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'ensure-install-'));
  write('package.json', manifest, 1000);
  write('apps/web/package.json', webManifest, 1000);
  write('package-lock.json', lock, 1000);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('installNeeded', () => {
  it('asks for npm ci on a fresh clone (no node_modules), npm install without a lockfile', () => {
    expect(installNeeded(root)).toMatchObject({ command: 'ci', reason: 'node_modules is missing' });
    rmSync(path.join(root, 'package-lock.json'));
    expect(installNeeded(root)).toMatchObject({ command: 'install' });
  });

  it('asks for an install when node_modules has no install stamp', () => {
    mkdirSync(path.join(root, 'node_modules'));
    expect(installNeeded(root)?.reason).toMatch(/\.package-lock\.json is missing/);
  });

  it('is satisfied when the last install is newer than the lockfile and every package.json', () => {
    write('node_modules/.package-lock.json', '{}', 2000);
    expect(installNeeded(root)).toBeNull();
  });

  it('asks for npm ci when the lockfile changed after the last install', () => {
    write('node_modules/.package-lock.json', '{}', 2000);
    write('package-lock.json', lock, 3000);
    expect(installNeeded(root)).toMatchObject({ command: 'ci' });
  });

  it('ignores a touched package.json whose dependencies the lockfile already records', () => {
    write('node_modules/.package-lock.json', '{}', 2000);
    write('apps/web/package.json', { ...webManifest, scripts: { dev: 'vite' } }, 3000);
    expect(installNeeded(root)).toBeNull();
  });

  it('asks for npm install when a package.json gained a dependency the lockfile lacks', () => {
    write('node_modules/.package-lock.json', '{}', 2000);
    write('apps/web/package.json', { ...webManifest, dependencies: { ...webManifest.dependencies, c: '^3.0.0' } }, 3000);
    expect(installNeeded(root)).toMatchObject({ command: 'install', reason: expect.stringContaining('apps/web/package.json') });
    write('package.json', { ...manifest, devDependencies: { a: '^1.1.0' } }, 3000);
    expect(installNeeded(root)?.reason).toMatch(/^package\.json/);
  });
});

describe('workspaceDirs', () => {
  it('expands one-level globs and keeps folders that have a package.json', () => {
    mkdirSync(path.join(root, 'apps/empty'), { recursive: true });
    expect(workspaceDirs(root)).toEqual(['apps/web']);
  });
});
