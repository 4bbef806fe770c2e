import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ensureTv, openDatabase, resolvePaths, seed } from './bootstrap.ts';
import { loadEnv } from './env.ts';
import { serveMetrics } from './lib/metrics-server.ts';

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
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await metrics?.close();
      await app.close(); // stops accepting, waits for in-flight requests
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.API_HOST, port: env.API_PORT });
  if (env.METRICS_PORT) {
    const at = { host: env.METRICS_HOST, port: env.METRICS_PORT };
    metrics = await serveMetrics(app.metrics, at, app.log.child({ listener: 'metrics' })).catch((err: NodeJS.ErrnoException) => {
      throw new Error(`metrics: cannot listen on ${at.host}:${at.port} (METRICS_HOST, METRICS_PORT): ${err.code ?? err.message}`);
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
