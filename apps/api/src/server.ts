import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { closeOnSignals, ensureTv, listenForMetrics, openDatabase, resolvePaths, seed } from './bootstrap.ts';
import { loadEnv } from './env.ts';

async function main() {
  let env;
  try {
    env = resolvePaths(loadEnv());
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = { level: env.LOG_LEVEL, ...(env.NODE_ENV === 'development' && process.stdout.isTTY ? { transport: { target: 'pino-pretty' } } : {}) };
  const database = await openDatabase(env);
  if (env.SEED_ON_START) {
    const seeded = await seed(env, database);
    if (seeded) console.log(`Seeded the demo catalogue: ${seeded.titles} titles, ${seeded.episodes} episodes, ${seeded.people} people.`);
    await ensureTv(env, database); // The demo channels and the programme guide
  }
  const app = await buildApp({ env, database, logger });

  let metrics: FastifyInstance | null = null;
  closeOnSignals(app, database, () => metrics);
  await app.listen({ host: env.API_HOST, port: env.API_PORT });
  metrics = await listenForMetrics(app, env);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
