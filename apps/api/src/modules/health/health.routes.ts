import { ErrorSchema, HealthSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.get(
    ApiRoute.live,
    { config: { audience: 'anonymous', public: true }, schema: { tags: ['health'], response: { 200: HealthSchema } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    ApiRoute.ready,
    { config: { audience: 'anonymous', public: true }, schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema, 500: ErrorSchema } } },
    async (request, reply) => {
      try {
        await app.deps.database.ping();
        return { status: 'ok' as const, checks: { database: 'ok' } };
      } catch (err) {
        request.log.warn({ err }, 'readiness: database ping failed');
        return reply.status(503).send({ status: 'unavailable', checks: { database: 'unreachable' } });
      }
    },
  );
}
