import { ErrorSchema, TariffListSchema, TariffsQuerySchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The tariff list the tariff flow (spec platform §4) picks from. */
export async function billingRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { billing } = app.services;

  app.get(
    ApiRoute.tariffs,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['billing'],
        summary: 'Tariffs on sale (spec platform §7 GET tariffs): the regular list, or a channel\'s special one',
        querystring: TariffsQuerySchema,
        response: { 200: TariffListSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      // The same for every visitor; a minute of staleness is harmless for a price list.
      void reply.header('cache-control', 'public, max-age=60');
      return billing.tariffs(request.query);
    },
  );
}
