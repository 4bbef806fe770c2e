import { kidsScopeOf } from '@ekran/core';
import {
  AliasSchema, CollectionListQuerySchema, CollectionListSchema, CollectionPageQuerySchema, CollectionPageSchema, ErrorSchema,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { titleScope } from './title-scope.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema };

/** Collections and hashtag collections: /collections and /collections/{alias} of the site. */
export async function collectionsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { collections } = app.services;

  app.get(
    ApiRoute.collections,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['collections'],
        summary: 'Editorial collections with their counts and covers, 30 a page',
        querystring: CollectionListQuerySchema,
        response: { 200: CollectionListSchema, ...errors },
      },
    },
    async (request) => collections.list(titleScope(kidsScopeOf(request.session)), request.query.skip, request.query.limit),
  );

  app.get(
    ApiRoute.collection,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['collections'],
        summary: 'A page of a collection’s titles; an alias that is no collection may be a hashtag’s',
        params: z.object({ alias: AliasSchema }),
        querystring: CollectionPageQuerySchema,
        response: { 200: CollectionPageSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) =>
      collections.page(request.params.alias, titleScope(kidsScopeOf(request.session)), request.query.skip, request.query.limit),
  );
}
