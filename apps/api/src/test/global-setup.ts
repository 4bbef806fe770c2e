import { createDb } from '@ekran/db';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromRoot } from '../lib/paths.ts';

// Runs once per `vitest run` of the API project, before any test file. Every API test file wants its own
// database with all migrations applied; making one from nothing costs PGlite an initdb (a second wasm
// instance) and then the migrations, several seconds per file on a 2-core machine. So the migrated
// database is made once here and each file starts from a copy of it (harness.ts freshDatabase):
// - PGlite: a tarball of the migrated data folder; a file's PGlite loads it instead of running initdb.
// - PostgreSQL (TEST_DATABASE_URL): a migrated template database; a file's database is CREATE DATABASE … TEMPLATE.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a tarball of a migrated PGlite data folder (createDb's loadDataDir). */
    pgliteSnapshot?: string;
    /** Name of a migrated PostgreSQL database, on the TEST_DATABASE_URL server, to copy with TEMPLATE. */
    pgTemplate?: string;
  }
}

const migrationsDir = fromRoot('packages/db/drizzle');

/** Every file under dir, relative paths, sorted, so the hash does not depend on readdir's order. */
function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort();
}

/**
 * What the migrated PGlite data folder depends on: the migrations (SQL and drizzle's journal), the PGlite
 * release, and createDb's source (extensions and options). A change to any of them makes a new snapshot.
 */
function snapshotKey(): string {
  const hash = createHash('sha256');
  for (const name of listFiles(migrationsDir)) hash.update(name).update('\0').update(readFileSync(path.join(migrationsDir, name))).update('\0');
  const dbPackage = fromRoot('packages/db/package.json');
  const pgliteEntry = createRequire(dbPackage).resolve('@electric-sql/pglite');
  let pgliteDir = path.dirname(pgliteEntry);
  while (!statSync(path.join(pgliteDir, 'package.json'), { throwIfNoEntry: false })) pgliteDir = path.dirname(pgliteDir);
  hash.update(readFileSync(path.join(pgliteDir, 'package.json')));
  hash.update(readFileSync(fromRoot('packages/db/src/client.ts')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The snapshot lives in node_modules/.cache keyed by snapshotKey(), so a later run (or one test file run
 * by hand) reuses it; written under a temporary name and renamed, so a concurrent run never reads half a file.
 */
async function pgliteSnapshot(): Promise<string> {
  const dir = fromRoot('node_modules/.cache/ekran-test-db');
  const file = path.join(dir, `pglite-${snapshotKey()}.tar`);
  if (statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
  mkdirSync(dir, { recursive: true });
  const database = await createDb({ migrationsDir });
  try {
    if (database.driver.kind !== 'pglite') throw new Error('expected PGlite');
    await database.migrate();
    // Flushes the migrated pages into the data files, so a copy does not start with WAL to replay.
    await database.driver.client.exec('checkpoint');
    const tarball = await database.driver.client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  // Snapshots of older migrations are of no further use.
  for (const name of readdirSync(dir)) if (name.startsWith('pglite-') && path.join(dir, name) !== file && !name.endsWith('.partial')) rmSync(path.join(dir, name), { force: true });
  return file;
}

/** A migrated database made for this run, dropped by the returned teardown. */
async function pgTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  // ekran_test_*: scripts/test-pg.mjs drops any such database a crashed run leaves behind.
  const name = `ekran_test_template_${process.pid}`;
  const admin = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  await admin((c) => c.query(`drop database if exists ${name}`));
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // One connection, closed before any copy: CREATE DATABASE … TEMPLATE refuses a template somebody is connected to.
  const database = await createDb({ databaseUrl: url.toString(), poolSize: 1, migrationsDir });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return { name, drop: () => admin((c) => c.query(`drop database if exists ${name}`)).then(() => undefined) };
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    project.provide('pgliteSnapshot', await pgliteSnapshot());
    return;
  }
  const template = await pgTemplate(adminUrl);
  project.provide('pgTemplate', template.name);
  return template.drop;
}
