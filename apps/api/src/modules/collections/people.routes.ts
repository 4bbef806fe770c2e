import { kidsScopeOf } from '@ekran/core';
import { AliasSchema, ErrorSchema, PersonSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { titleScope } from './title-scope.ts';

/** A person's page (/person/{person} of the site). */
export async function peopleRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { people } = app.services;

  app.get(
    ApiRoute.person,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['people'],
        summary: 'A person: biography, facts and the filmography grouped by role, newest first',
        params: z.object({ alias: AliasSchema }),
        response: { 200: PersonSchema, 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request) => people.get(request.params.alias, titleScope(kidsScopeOf(request.session))),
  );
}
