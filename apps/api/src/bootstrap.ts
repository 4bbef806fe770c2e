import { createDb, type DbHandle } from '@ekran/db';
import { ensureContent, ensureGenreTexts, ensureJournal, ensureMarketing, ensureSupport, ensureTvChannels, isSeeded, seedDatabase } from '@ekran/db/seed';
import type { FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import type { Env } from './env.ts';
import { serveMetrics } from './lib/metrics-server.ts';
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
    await ensureContent(database.db); // … and before the legal documents and static pages
    await ensureJournal(database.db); // … and before the journal
    await ensureSupport(database.db); // … and before the help centre (a seeded one gets its latest texts)
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

/** The process's metrics listener on METRICS_PORT (decision 042), or null when none is set. */
export async function listenForMetrics(app: FastifyInstance, env: Env): Promise<FastifyInstance | null> {
  if (!env.METRICS_PORT) return null;
  const at = { host: env.METRICS_HOST, port: env.METRICS_PORT };
  return serveMetrics(app.metrics, at, app.log.child({ listener: 'metrics' })).catch((err: NodeJS.ErrnoException) => {
    throw new Error(`metrics: cannot listen on ${at.host}:${at.port} (METRICS_HOST, METRICS_PORT): ${err.code ?? err.message}`);
  });
}

/**
 * On SIGTERM or SIGINT, once: the metrics listener, then the app (it waits for in-flight requests and running jobs),
 * then the database, and exit; forced after 10 s.
 */
export function closeOnSignals(app: FastifyInstance, database: DbHandle, metrics: () => FastifyInstance | null): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await metrics()?.close();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
