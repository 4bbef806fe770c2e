import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { openDatabase, resolvePaths } from './bootstrap.ts';
import { loadEnv } from './env.ts';
import { serveMetrics } from './lib/metrics-server.ts';

// The job worker of the production topology (docs/decisions/045-production-topology-and-loadtest.md): the same
// settings, database and services as an API process, with the job queue on and no HTTP listener, so expiry,
// renewals, reconciliation and the TV guide run here and the API processes behind the balancer keep JOBS_ENABLED
// off. pg-boss keeps each scheduled queue to one run at a time whatever runs it (decision 024); one worker keeps
// that load off the processes that answer viewers. METRICS_PORT, when set, is its liveness and its metrics.

async function main() {
  let env;
  try {
    env = { ...resolvePaths(loadEnv()), JOBS_ENABLED: true, SEED_ON_START: false };
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const database = await openDatabase(env);
  // buildApp starts the queue when the app is ready and stops it gracefully on close.
  const app = await buildApp({ env, database, logger: { level: env.LOG_LEVEL } });
  app.log.info('worker: the job queue runs here');

  let metrics: FastifyInstance | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'worker: shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await metrics?.close();
      await app.close(); // waits for running jobs (jobs.ts stopTimeoutMs)
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'worker: shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

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
