import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { closeOnSignals, listenForMetrics, openDatabase, resolvePaths } from './bootstrap.ts';
import { loadEnv } from './env.ts';

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
  closeOnSignals(app, database, () => metrics);
  metrics = await listenForMetrics(app, env);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
