import { createDb, type DbHandle } from '@ekran/db';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app.ts';
import { loadEnv, type Env } from '../env.ts';
import { fromRoot } from '../lib/paths.ts';
import { createFactories } from './factories.ts';

export const TEST_API_KEY = 'test-web-key-0001';

/** The migrated database global-setup.ts made for this run, as a PGlite tarball, read once per test file. */
let snapshot: Promise<Blob> | undefined;
function pgliteSnapshot(): Promise<Blob> | undefined {
  const file = inject('pgliteSnapshot');
  if (!file) return undefined;
  snapshot ??= readFile(file).then((bytes) => new Blob([bytes]));
  return snapshot;
}

/**
 * A fresh migrated database for one test file: in-memory PGlite by default, or, when TEST_DATABASE_URL
 * names a PostgreSQL server, a database of its own created now and dropped by close(). Both start from
 * the migrated copy global-setup.ts made for the run when there is one, and migrate from scratch otherwise.
 */
async function freshDatabase(): Promise<{ database: DbHandle; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const migrationsDir = fromRoot('packages/db/drizzle');
  if (!adminUrl) {
    const loadDataDir = await pgliteSnapshot();
    const database = await createDb({ migrationsDir, loadDataDir });
    if (!loadDataDir) await database.migrate();
    return { database, drop: async () => undefined };
  }
  const template = inject('pgTemplate');
  const name = `ekran_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDb({ databaseUrl: url.toString(), poolSize: 4, migrationsDir });
  if (!template) await database.migrate();
  return {
    database,
    // The pool reports itself ended before its sockets are gone; retry a plain drop for a moment
    // instead of forcing, which could kill a connection that is still closing.
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name}`);
            return;
          } catch (err) {
            if (attempt >= 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

/** buildApp() over a fresh migrated database, with factories and a clock tests can move. */
export async function createTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  /** What a test of the job queue gives buildApp (renewDue, fast polling); JOBS_ENABLED stays off unless overridden. */
  /** The payment providers (a sandbox over a fake host). */
  extraDeps: Pick<AppDeps, 'renewDue' | 'jobsTiming' | 'payments'> = {},
) {
  const { database, drop } = await freshDatabase();
  const imageDir = mkdtempSync(path.join(tmpdir(), 'ekran-images-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    MEDIA_DIR: fromRoot('media/demo'),
    IMAGE_CACHE_DIR: imageDir,
    CATALOG_CACHE_SECONDS: '0',
    WEB_API_KEY: TEST_API_KEY,
    // Test files sign up many accounts from one address; the login-check count has its own test (identity).
    LOGIN_CHECKS_PER_ADDRESS_HOUR: '100000',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
  const clock = { now: new Date('2026-11-21T12:00:00Z') };
  const app = await buildApp({ env, database, now: () => clock.now, ...extraDeps });
  const make = createFactories(database.db);
  await make.apiClient({ key: TEST_API_KEY });
  return {
    app,
    db: database.db,
    database,
    env,
    clock,
    make,
    headers: { 'x-api-key': TEST_API_KEY },
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(imageDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A fresh private address per call: device logins are limited per address (DEVICE_LOGINS_PER_ADDRESS_HOUR),
 * and a test file makes more visitors than one address may.
 */
export const freshAddress = () => `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** Device login through the API; returns the token and a cookie header for later calls. */
export async function loginDevice(t: TestApp, body: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/device-login',
    headers: t.headers,
    remoteAddress: freshAddress(),
    payload: { device_id: `test-device-${Math.random().toString(36).slice(2, 12)}`, device_type: 'web', ...body },
  });
  if (res.statusCode !== 201) throw new Error(`device login failed: ${res.statusCode} ${res.body}`);
  const data = res.json<{ authentication_token: string; _id: string; profile_id: string }>();
  return { ...data, token: data.authentication_token, auth: { ...t.headers, cookie: `ekran_token=${data.authentication_token}` } };
}
