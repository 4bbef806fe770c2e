#!/usr/bin/env node
// `npm run test:pg`: the API tests against a real PostgreSQL server. Creates a database of its own for
// the run (ekran_ci_<pid>); each API test file then creates and drops an ekran_test_* database through it.
// Afterwards it drops its database and any ekran_test_* database that appeared during the run (a crashed
// test file leaves its database behind), and exits with the test run's code.
//
// PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server and a role that
// may create databases.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { ROOT, VITEST_BIN } from './lib/common.mjs';

const ADMIN_URL = process.env.PG_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const runDb = `ekran_ci_${process.pid}`;

const where = (() => {
  const u = new URL(ADMIN_URL);
  return `${u.hostname}:${u.port || 5432} as ${decodeURIComponent(u.username) || '(default user)'}`;
})();

async function withAdmin(fn) {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const listTestDbs = () =>
  withAdmin(async (c) => (await c.query(String.raw`select datname from pg_database where datname like 'ekran\_test\_%'`)).rows.map((r) => r.datname));
const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

let before;
try {
  before = new Set(await listTestDbs());
  await withAdmin((c) => c.query(`create database ${quoteIdent(runDb)}`));
} catch (err) {
  const reason = err.code === 'ECONNREFUSED' ? 'connection refused' : err.message || err.code || String(err);
  console.error(
    `\nPostgreSQL is not reachable at ${where} (${reason}).\n` +
      'Start it (as root: pg_ctlcluster --skip-systemctl-redirect <version> main start) or set PG_ADMIN_URL to a server\n' +
      'and a role that may create databases, e.g. PG_ADMIN_URL=postgres://postgres@127.0.0.1:5432/postgres\n',
  );
  process.exit(2);
}

const testUrl = new URL(ADMIN_URL);
testUrl.pathname = `/${runDb}`;
console.log(`test:pg: API tests against PostgreSQL at ${where}, database ${runDb}`);

const child = spawn(process.execPath, [VITEST_BIN, 'run', '--project', '@ekran/api', '--project', '@ekran/api:isolated', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: testUrl.toString() },
});
// Ctrl+C reaches vitest through the terminal; a SIGTERM to us is passed on. Either way we clean up after it.
const forward = (signal) => () => child.kill(signal);
process.on('SIGINT', () => {});
process.on('SIGTERM', forward('SIGTERM'));
const code = await new Promise((resolve) => {
  child.on('error', (err) => {
    console.error(`Could not run vitest: ${err.message}`);
    resolve(1);
  });
  child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
});

let cleanupFailed = false;
try {
  const leftovers = (await listTestDbs()).filter((name) => !before.has(name));
  await withAdmin(async (c) => {
    for (const name of [...leftovers, runDb]) await c.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  });
  if (leftovers.length) console.log(`test:pg: dropped ${leftovers.length} database(s) the tests left behind: ${leftovers.join(', ')}`);
} catch (err) {
  cleanupFailed = true;
  console.error(`test:pg: could not drop the test databases: ${err.message}`);
}
process.exit(code || (cleanupFailed ? 1 : 0));
