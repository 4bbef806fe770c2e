import { createDb, type DbHandle } from '@ekran/db';
import { ensureGenreTexts, ensureMarketing, ensureTvChannels, isSeeded, seedDatabase } from '@ekran/db/seed';
import { mkdirSync } from 'node:fs';
import type { Env } from './env.ts';
import { fromRoot, readMediaManifest } from './lib/paths.ts';
import { supplyGuide } from './modules/tv/tv-guide.service.ts';

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
    await ensureGenreTexts(database.db); // A catalogue seeded before genre texts existed gets them
    await ensureMarketing(database.db); // A database seeded before the landings and offers gets them
    return null;
  }
  return seedDatabase(database.db, {
    media: readMediaManifest(env.MEDIA_DIR),
    apiClients: [{ key: env.WEB_API_KEY, name: 'Ekran web', platform: 'web' }],
  });
}

/**
 * After the seed: the demo TV channels for a database seeded before TV existed, and the programme guide (the
 * demo guide through the XMLTV importer, or TV_XMLTV_SOURCE) when it is missing or running out. A guide that
 * cannot be read is logged, not fatal: the site starts, and the schedule tries again.
 */
export async function ensureTv(env: Env, database: DbHandle, log: (line: string) => void = console.log): Promise<void> {
  const added = await ensureTvChannels(database.db);
  if (added) log(`Added the demo TV channels: ${added}.`);
  try {
    const imported = await supplyGuide({ db: database.db, now: new Date(), source: env.TV_XMLTV_SOURCE });
    if (imported) log(`Imported the TV guide (${env.TV_XMLTV_SOURCE ?? 'demo'}): ${imported.programmes} programmes on ${imported.channels} channels, ${imported.linked} recorded; ${imported.problems.length} problems.`);
  } catch (err) {
    log(`The TV guide was not imported: ${(err as Error).message}`);
  }
}
