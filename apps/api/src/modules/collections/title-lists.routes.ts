import { kidsScopeOf } from '@ekran/core';
import { ErrorSchema, TitleListsSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sameForEveryone } from '../../lib/cache-headers.ts';

// The same reference as GET /api/v1/watch/:alias takes: an alias or a title id.
const RefParams = z.object({ alias: z.string().min(1).max(160).regex(/^[a-z0-9-]+$/, 'alias is lowercase latin, digits and -') });

/** What the sub-pages of a title page need beyond the title (spec platform §2 Watching). */
export async function titleListsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const lists = app.services.titleLists;

  app.get(
    ApiRoute.watchLists,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['catalog'],
        summary: 'The editorial collections and the selections that hold a title, as the caller may see them',
        params: RefParams,
        response: { 200: TitleListsSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const kids = kidsScopeOf(request.session);
      const answer = await lists.of(request.params.alias, kids);
      sameForEveryone(reply, kids);
      return answer;
    },
  );
}
