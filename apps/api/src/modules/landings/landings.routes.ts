import { ErrorSchema, LandingParamsSchema, LandingSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** Spec platform §2 Landings, /pages/{slug}. */
export async function landingsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { landings } = app.services;

  app.get(
    ApiRoute.landing,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['landings'],
        summary: 'A landing of /pages/{slug}: copy, hero, period and state, and what it sells while it runs (a tariff, a promo code) with a featured title',
        params: LandingParamsSchema,
        response: { 200: LandingSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => landings.landing(request.params.slug, request.session),
  );
}
