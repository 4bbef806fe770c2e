import {
  ApiPath, ErrorSchema, FavoriteChannelsSchema, FavoriteChannelStateSchema, TvCatalogSchema, TvCategoryListSchema, TvChannelParamsSchema, TvGuideQuerySchema, TvGuideSchema,
  TvOnAirQuerySchema, TvOnAirSchema, TvQuerySchema, TvScheduleQuerySchema, TvScheduleSchema, TvTzSchema,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireChannelCountry, requireTvCountry } from '../../lib/geo-plugin.ts';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };
const tags = ['tv'];
// What is on air changes every few minutes and the answer depends on the profile (favorites, kids).
const shortPrivate = (reply: FastifyReply) => void reply.header('cache-control', 'private, max-age=30');
const bySession = (r: FastifyRequest) => `${r.ip}:${r.session?.sessionId ?? ''}`;
const TzQuerySchema = z.object({ tz: TvTzSchema });

/**
 * Live TV data (spec platform §2 TV, §6 geo rules, §7 GET TV with client key and tz, GET profile favorite
 * channels). Outside RU lists answer 403 tv_not_available and one channel 403 geo_error with attribute
 * tvchannels_{channel}.
 */
export async function tvRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { tv } = app.services;

  app.get(
    ApiPath.tv,
    { config: { audience: 'anonymous' },
      schema: {
        tags,
        summary: 'The TV catalogue: the categories (selections) and the channels, of one category when asked, each with what is on now and next (RU only)',
        querystring: TvQuerySchema,
        response: { 200: TvCatalogSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireTvCountry(request);
      shortPrivate(reply);
      return tv.catalog(request.session, request.query);
    },
  );

  app.get(
    ApiPath.tvGuide,
    { config: { audience: 'anonymous' },
      schema: {
        tags,
        summary: "The programme guide of the viewer's local day (default today): every channel (of one category when asked) with its programmes, in one answer (RU only)",
        querystring: TvGuideQuerySchema,
        response: { 200: TvGuideSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireTvCountry(request);
      shortPrivate(reply);
      return tv.guide(request.session, request.query);
    },
  );

  app.get(
    ApiPath.tvCategories,
    { config: { audience: 'anonymous' }, schema: { tags, summary: 'The TV categories (tv_selection) with channels (RU only)', querystring: TvOnAirQuerySchema.pick({ for_kids: true }), response: { 200: TvCategoryListSchema, ...errors } } },
    async (request, reply) => {
      requireTvCountry(request);
      shortPrivate(reply);
      return tv.categories(request.session, request.query.for_kids);
    },
  );

  app.get(
    ApiPath.tvOnAir,
    { config: { audience: 'anonymous' }, schema: { tags, summary: 'What is on now and next on every channel (RU only)', querystring: TvOnAirQuerySchema, response: { 200: TvOnAirSchema, ...errors } } },
    async (request, reply) => {
      requireTvCountry(request);
      shortPrivate(reply);
      return tv.onAir(request.session, request.query);
    },
  );

  app.get(
    ApiRoute.tvChannel,
    { config: { audience: 'anonymous' },
      schema: {
        tags,
        summary: "A channel (by alias or id) with the programmes of one day, the viewer's local date in its tz (default today); RU only, else geo_error",
        params: TvChannelParamsSchema,
        querystring: TvScheduleQuerySchema,
        response: { 200: TvScheduleSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireChannelCountry(request, request.params.channel);
      shortPrivate(reply);
      return tv.schedule(request.session, request.params.channel, request.query);
    },
  );

  // ---- favorite channels of the current profile (spec platform §7: RU only)
  app.get(
    ApiPath.favoriteChannels,
    { config: { audience: 'virtual' }, schema: { tags, summary: "The current profile's favorite channels, in channel order (401 AUTH_REQUIRED for an anonymous visitor; RU only)", querystring: TzQuerySchema, response: { 200: FavoriteChannelsSchema, ...errors } } },
    async (request, reply) => {
      const session = requireSession(request);
      requireTvCountry(request);
      void reply.header('cache-control', 'private, no-store');
      return tv.favorites(session, request.query.tz);
    },
  );
  app.put(
    ApiRoute.favoriteChannel,
    {
      config: { audience: 'virtual', ...limitPerMinute(120, bySession) },
      schema: { tags, summary: 'Add a channel to the favorites (idempotent; RU only, else geo_error)', params: TvChannelParamsSchema, response: { 200: FavoriteChannelStateSchema, ...errors } },
    },
    async (request) => {
      const session = requireSession(request);
      requireChannelCountry(request, request.params.channel);
      return tv.addFavorite(session, request.params.channel);
    },
  );
  app.delete(
    ApiRoute.favoriteChannel,
    {
      config: { audience: 'virtual', ...limitPerMinute(120, bySession) },
      schema: { tags, summary: 'Remove a channel from the favorites (idempotent; RU only, else geo_error)', params: TvChannelParamsSchema, response: { 200: FavoriteChannelStateSchema, ...errors } },
    },
    async (request) => {
      const session = requireSession(request);
      requireChannelCountry(request, request.params.channel);
      return tv.removeFavorite(session, request.params.channel);
    },
  );
}
