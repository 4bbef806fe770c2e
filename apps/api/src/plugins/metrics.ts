import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { cacheLookups } from '../lib/cache-stats.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics; server.ts serves them on METRICS_PORT, never on the API's port. */
    metrics: Registry;
  }
}

/**
 * The process's own metrics (CPU, memory, event loop, GC), collected once per process and shared by its apps:
 * prom-client's collectors watch GC and the event loop for ever, holding their registry, so a registry of them per app
 * would keep alive every app a test file builds (through the gauges below, which read the app).
 */
let processMetrics: Registry | undefined;
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

/**
 * Prometheus metrics of one app, in a registry of its own (tests build many apps in one process; the global
 * registry would mix them or refuse the second): request durations by route, the database pool, the answer caches,
 * the job queue and the streams playing now.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const register = Registry.merge([processRegistry(), new Registry()]);
  const registers = [register];

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern (unmatched: no route) and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the URL: ids and queries would make a series per request.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ method: request.method, route, status_code: reply.statusCode }, reply.elapsedTime / 1000);
  });

  /** A reading that fails (the database away) is logged and left as it was, rather than failing the whole scrape. */
  const guarded = (metric: string, read: () => Promise<void>) => async () => {
    try {
      await read();
    } catch (err) {
      app.log.warn({ err }, `metrics: ${metric} not read`);
    }
  };

  const { driver } = app.deps.database;
  if (driver.kind === 'postgres') {
    const { pool } = driver;
    new Gauge({ name: 'db_pool_connections', help: 'Connections of the PostgreSQL pool, busy and idle', registers, collect() { this.set(pool.totalCount); } });
    new Gauge({ name: 'db_pool_idle_connections', help: 'Idle connections of the PostgreSQL pool', registers, collect() { this.set(pool.idleCount); } });
    new Gauge({ name: 'db_pool_waiting_clients', help: 'Queries waiting for a connection of the PostgreSQL pool', registers, collect() { this.set(pool.waitingCount); } });
  }

  new Counter({
    name: 'cache_lookups_total',
    help: "Lookups of the process's in-memory answer caches, by cache and result (hit or miss)",
    labelNames: ['cache', 'result'] as const,
    registers,
    collect() {
      this.reset();
      for (const { cache, hit, miss } of cacheLookups()) {
        this.inc({ cache, result: 'hit' }, hit);
        this.inc({ cache, result: 'miss' }, miss);
      }
    },
  });

  const queued: Gauge<'queue'> = new Gauge({
    name: 'jobs_queued',
    help: 'Jobs waiting in each queue of the job queue (created or to be retried); none while this process runs no queue',
    labelNames: ['queue'] as const,
    registers,
    collect: guarded('jobs_queued', async () => {
      const sizes = await app.jobs.queueSizes();
      queued.reset();
      for (const { queue, waiting } of sizes) queued.set({ queue }, waiting);
    }),
  });

  const streams: Gauge = new Gauge({
    name: 'streams_active',
    help: "Streams playing now, every account's: active, with a heartbeat within STREAM_ALIVE_SECONDS",
    registers,
    collect: guarded('streams_active', async () => streams.set(await app.services.streamSessions.countLive())),
  });

  app.decorate('metrics', register);
});
