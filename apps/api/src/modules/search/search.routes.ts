import { kidsScopeOf } from '@ekran/core';
import { ApiPath, ErrorSchema, SearchQuerySchema, SearchResponseSchema, SearchSuggestQuerySchema, SearchSuggestResponseSchema } from '@ekran/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitPerMinute } from '../../lib/rate-limit.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema };

// Per visitor (address and session): suggestions come every pause in typing, so their limit is generous;
// a whole search is a page view.
const byVisitor = (request: FastifyRequest) => `${request.ip}:${request.session?.sessionId ?? ''}`;
const SUGGEST_PER_MINUTE = 120;
const SEARCH_PER_MINUTE = 60;

export async function searchRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { search } = app.services;

  app.get(
    ApiPath.search,
    {
      schema: {
        tags: ['search'],
        summary: 'Titles and people matching a query (an empty query finds nothing), best match first',
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...errors },
      },
      config: { audience: 'anonymous', ...limitPerMinute(SEARCH_PER_MINUTE, byVisitor) },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return search.search(request.query, kidsScopeOf(request.session));
    },
  );

  app.get(
    ApiPath.searchSuggest,
    {
      schema: {
        tags: ['search'],
        summary: 'Up to 8 suggestions (titles and people) for what is typed so far',
        querystring: SearchSuggestQuerySchema,
        response: { 200: SearchSuggestResponseSchema, ...errors },
      },
      config: { audience: 'anonymous', ...limitPerMinute(SUGGEST_PER_MINUTE, byVisitor) },
    },
    async (request, reply) => {
      // A child session's answer is its own; a short private cache spares repeats of the same prefix.
      void reply.header('cache-control', 'private, max-age=60');
      return search.suggest(request.query, kidsScopeOf(request.session));
    },
  );
}
