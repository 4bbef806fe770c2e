import { kidsScopeOf } from '@ekran/core';
import { AliasSchema, ErrorSchema, SelectionListQuerySchema, SelectionListSchema, SelectionPageQuerySchema, SelectionPageSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { titleScope } from './title-scope.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema };

/** Selections: the list of /selections, and one selection for /selections/{alias} and /main/{rules}. */
export async function selectionsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { selections } = app.services;

  app.get(
    ApiRoute.selections,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['selections'],
        summary: 'The selections of the adult home (for_kids=false) or the kids home, in order',
        querystring: SelectionListQuerySchema,
        response: { 200: SelectionListSchema, ...errors },
      },
    },
    async (request) => selections.list(titleScope(kidsScopeOf(request.session), request.query.for_kids)),
  );

  app.get(
    ApiRoute.selection,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['selections'],
        summary: 'A page of a selection’s titles (40 a page) and where its canonical page is',
        params: z.object({ alias: AliasSchema }),
        querystring: SelectionPageQuerySchema.extend(SelectionListQuerySchema.shape),
        response: { 200: SelectionPageSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) =>
      selections.page(request.params.alias, titleScope(kidsScopeOf(request.session), request.query.for_kids), request.query.skip, request.query.limit),
  );
}
