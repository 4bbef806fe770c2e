import {
  ApiPath, CatchupFilterGroupsQuerySchema, CatchupFiltersQuerySchema, CatchupFiltersSchema, CatchupItemSchema, CatchupListQuerySchema, CatchupListSchema, CatchupParamsSchema, CatchupSearchQuerySchema,
  CatchupSearchSchema, ErrorSchema,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireTvCountry } from '../../lib/geo-plugin.ts';
import { limitPerMinute } from '../../lib/rate-limit.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };
const tags = ['archive'];
// The archive changes as programmes end and recordings expire; a child session's answer is its own.
const shortPrivate = (reply: FastifyReply) => void reply.header('cache-control', 'private, max-age=60');
const byVisitor = (request: FastifyRequest) => `${request.ip}:${request.session?.sessionId ?? ''}`;

/**
 * The catch-up archive at the spec's paths (catalogue §7), below /api like the rest: GET
 * /api/v2/multiplex/catchups, …/filters, …/search and one item …/{id}. RU only: elsewhere 403 tv_not_available
 * (spec platform §6). The archive's banners are GET /api/v1/posters/location/catchups (the banners module).
 */
export async function archiveRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { archive } = app.services;

  app.get(
    ApiPath.catchups,
    { config: { audience: 'anonymous' },
      schema: {
        tags,
        summary: 'Catch-up items (recordings offered now), newest airing first; category movies|series, genre and year comma lists, limit (capped at 100), skip (capped at items_total), for_kids',
        querystring: CatchupListQuerySchema,
        response: { 200: CatchupListSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireTvCountry(request);
      shortPrivate(reply);
      return archive.list(request.session, request.query);
    },
  );

  app.get(
    ApiPath.catchupFilters,
    { config: { audience: 'anonymous' },
      schema: {
        tags,
        summary: 'The filter groups (category, genre, year) of what the archive holds now; with a category, the genres and years of that category',
        querystring: CatchupFilterGroupsQuerySchema,
        response: { 200: CatchupFiltersSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireTvCountry(request);
      shortPrivate(reply);
      return archive.filters(request.session, request.query.for_kids, request.query.category ?? null);
    },
  );

  app.get(
    ApiPath.catchupSearch,
    {
      config: { audience: 'anonymous', ...limitPerMinute(60, byVisitor) },
      schema: { tags, summary: 'Catch-up items whose title contains q (at most 40); an empty q finds nothing', querystring: CatchupSearchQuerySchema, response: { 200: CatchupSearchSchema, ...errors } },
    },
    async (request, reply) => {
      requireTvCountry(request);
      void reply.header('cache-control', 'private, no-store');
      return archive.search(request.session, request.query);
    },
  );

  app.get(
    ApiRoute.catchup,
    { config: { audience: 'anonymous' },
      schema: {
        tags,
        summary: 'One catch-up item by a recording id: its title with every recording offered now (404 once expired)',
        params: CatchupParamsSchema,
        querystring: CatchupFiltersQuerySchema,
        response: { 200: CatchupItemSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireTvCountry(request);
      shortPrivate(reply);
      return archive.item(request.session, request.params.id, request.query.for_kids);
    },
  );
}
