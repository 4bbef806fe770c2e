import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';

/**
 * A listener of its own for Prometheus (METRICS_PORT): `GET /metrics` and nothing else (404). The metrics name routes,
 * queues and pool sizes, so they stay off the public API's port; the operator exposes this one to the scraper only.
 * A scrape is not logged (one every few seconds would drown the API's lines); a failing one is.
 */
export async function serveMetrics(registry: Pick<Registry, 'metrics' | 'contentType'>, at: { host: string; port: number }, log?: FastifyBaseLogger): Promise<FastifyInstance> {
  const server = Fastify({ ...(log ? { loggerInstance: log } : {}), logController: new LogController({ disableRequestLogging: true }) });
  server.get('/metrics', async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  await server.listen({ host: at.host, port: at.port });
  return server;
}
