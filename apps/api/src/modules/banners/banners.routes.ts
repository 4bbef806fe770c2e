import { kidsScopeOf } from '@ekran/core';
import { BannerListSchema, ErrorSchema, PostersParamsSchema, PostersQuerySchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sameForEveryone } from '../../lib/cache-headers.ts';

/** spec platform §7 "posters by location": the banners of the home, kids, promo and catch-up pages. */
export async function bannersRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const service = app.services.banners;

  app.get(
    ApiRoute.posters,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['banners'],
        summary: 'Banners of a location (home, kids, promos, catchups), with their actions and images',
        params: PostersParamsSchema,
        querystring: PostersQuerySchema,
        response: { 200: BannerListSchema, 400: ErrorSchema, 401: ErrorSchema },
      },
    },
    async (request, reply) => {
      // A child session's answer is its own (its kids scope); everyone else's is the same for all.
      const kids = kidsScopeOf(request.session);
      sameForEveryone(reply, kids);
      return service.list(request.params.location, request.query, kids);
    },
  );
}
