// Development tools cannot exist in production: the outbox answers its codes to any holder of the public web key.
import { createDb } from '@ekran/db';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadEnv, type Env } from '../../env.ts';
import { fromRoot } from '../../lib/paths.ts';
import { createFactories } from '../../test/factories.ts';

const KEY = 'outbox-test-key-01';

/** An app built straight from settings (as a caller that skipped loadEnv could), on a fresh database. */
async function appWith(env: Env) {
  const database = await createDb({ migrationsDir: fromRoot('packages/db/drizzle') });
  await database.migrate();
  const app = await buildApp({ env, database });
  await createFactories(database.db).apiClient({ key: KEY });
  return { app, close: async () => (await app.close(), await database.close()) };
}

describe('GET /api/v1/dev/outbox by mode', () => {
  const imageDir = mkdtempSync(path.join(tmpdir(), 'ekran-images-'));
  const development = loadEnv({ NODE_ENV: 'test', WEB_API_KEY: KEY, IMAGE_CACHE_DIR: imageDir, LOG_LEVEL: 'silent', MEDIA_DIR: fromRoot('media/demo') });
  let dev: Awaited<ReturnType<typeof appWith>>;
  let prod: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    dev = await appWith(development);
    // The outbox delivery as the defaults have it, in production mode: loadEnv refuses it; the route must not exist either.
    prod = await appWith({ ...development, NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
    rmSync(imageDir, { recursive: true, force: true });
  });

  it('answers the outbox outside production', async () => {
    const res = await dev.app.inject({ url: '/api/v1/dev/outbox?recipient=victim@example.ru', headers: { 'x-api-key': KEY } });
    expect(res.statusCode).toBe(200);
  });

  it('is not registered in production: 404, and absent from the OpenAPI document', async () => {
    const res = await prod.app.inject({ url: '/api/v1/dev/outbox?recipient=victim@example.ru', headers: { 'x-api-key': KEY } });
    expect(res.statusCode).toBe(404);
    const doc = (await prod.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/api/v1/dev/outbox');
  });
});
