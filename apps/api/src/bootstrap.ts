import { createDb, type DbHandle } from '@ekran/db';
import { ensureGenreTexts, ensureMarketing, isSeeded, seedDatabase } from '@ekran/db/seed';
import { mkdirSync } from 'node:fs';
import type { Env } from './env.ts';
import { fromRoot, readMediaManifest } from './lib/paths.ts';

/** Settings with every path made absolute against the repository root. */
export function resolvePaths(env: Env): Env {
  return { ...env, PGLITE_DIR: fromRoot(env.PGLITE_DIR), MEDIA_DIR: fromRoot(env.MEDIA_DIR), IMAGE_CACHE_DIR: fromRoot(env.IMAGE_CACHE_DIR) };
}

/** Opens the database of the settings and applies pending migrations. */
export async function openDatabase(env: Env): Promise<DbHandle> {
  if (!env.DATABASE_URL) mkdirSync(env.PGLITE_DIR, { recursive: true });
  const database = await createDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.PGLITE_DIR,
    // Bundled code cannot find the migrations relative to itself; they live in packages/db.
    migrationsDir: fromRoot('packages/db/drizzle'),
  });
  await database.migrate();
  return database;
}

/** Seeds the demo catalogue and the web client; `force` re-applies it (idempotent) even when seeded. */
export async function seed(env: Env, database: DbHandle, force = false) {
  if (!force && (await isSeeded(database.db))) {
    await ensureGenreTexts(database.db); // issue 4 genres: a catalogue seeded before genre texts existed gets them
    await ensureMarketing(database.db); // ---- issue 6 landings: a database seeded before the landings and offers gets them
    return null;
  }
  return seedDatabase(database.db, {
    media: readMediaManifest(env.MEDIA_DIR),
    apiClients: [{ key: env.WEB_API_KEY, name: 'Ekran web', platform: 'web' }],
  });
}
