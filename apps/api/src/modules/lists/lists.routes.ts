import {
  ContinueWatchingListSchema, ErrorSchema, FavoriteAliasesSchema, FavoriteStateSchema, FavoritesListSchema, HistoryListSchema, ListAliasParamsSchema, ListQuerySchema,
  ProgressReportSchema, ProgressStateSchema, RatedListSchema, RatingRequestSchema, RatingStateSchema, TitleStateSchema,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };
const tags = ['lists'];
// Writes are counted per session (one viewer's tabs), reads are not limited beyond the API's own.
const bySession = (r: FastifyRequest) => `${r.ip}:${r.session?.sessionId ?? ''}`;
// Personal answers are never stored by shared caches or the browser's back-forward copy.
const personal = (reply: FastifyReply) => void reply.header('cache-control', 'private, no-store');

/**
 * Personal lists of the session's current profile (spec platform §3, §4 Lists, §7): favorites,
 * progress (continue watching, history), ratings, and the personal state of a title page.
 */
export async function listsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { lists } = app.services;

  // ---- favorites (spec platform §7 GET favorites by profile)
  app.get(
    ApiRoute.favorites,
    { config: { audience: 'virtual' }, schema: { tags, summary: 'Favorites of the current profile, newest first (401 AUTH_REQUIRED for an anonymous visitor)', querystring: ListQuerySchema, response: { 200: FavoritesListSchema, ...errors } } },
    async (request, reply) => {
      personal(reply);
      return lists.favorites(requireSession(request), request.query);
    },
  );
  app.get(
    ApiRoute.favoriteAliases,
    { config: { audience: 'virtual' }, schema: { tags, summary: 'The aliases of the favorites, newest first (none for an anonymous visitor), for marking cards', response: { 200: FavoriteAliasesSchema, ...errors } } },
    async (request, reply) => {
      personal(reply);
      return lists.favoriteAliases(requireSession(request));
    },
  );
  app.put(
    ApiRoute.favorite,
    {
      config: { audience: 'virtual', ...limitPerMinute(120, bySession) },
      schema: { tags, summary: 'Add a title to the favorites (idempotent)', params: ListAliasParamsSchema, response: { 200: FavoriteStateSchema, ...errors } },
    },
    async (request) => lists.addFavorite(requireSession(request), request.params.alias),
  );
  app.delete(
    ApiRoute.favorite,
    {
      config: { audience: 'virtual', ...limitPerMinute(120, bySession) },
      schema: { tags, summary: 'Remove a title from the favorites (idempotent)', params: ListAliasParamsSchema, response: { 200: FavoriteStateSchema, ...errors } },
    },
    async (request) => lists.removeFavorite(requireSession(request), request.params.alias),
  );

  // ---- progress: PUT from the player, POST for navigator.sendBeacon (which can only post) when a page closes
  const progressRoute = {
    config: { audience: 'virtual' as const, ...limitPerMinute(240, bySession) },
    schema: {
      tags,
      summary: 'A progress report of the player; an older report never overwrites a newer one; finished from 95%',
      body: ProgressReportSchema,
      response: { 200: ProgressStateSchema, ...errors },
    },
  };
  app.put(ApiRoute.progress, progressRoute, async (request) => lists.reportProgress(requireSession(request), request.body));
  app.post(ApiRoute.progress, progressRoute, async (request) => lists.reportProgress(requireSession(request), request.body));

  app.get(
    ApiRoute.continueWatching,
    { config: { audience: 'virtual' }, schema: { tags, summary: 'Titles to continue, most recent first, with progress and the episode to resume', querystring: ListQuerySchema, response: { 200: ContinueWatchingListSchema, ...errors } } },
    async (request, reply) => {
      personal(reply);
      return lists.continueWatching(requireSession(request), request.query);
    },
  );
  app.get(
    ApiRoute.history,
    { config: { audience: 'virtual' }, schema: { tags, summary: 'Watched titles, most recent first', querystring: ListQuerySchema, response: { 200: HistoryListSchema, ...errors } } },
    async (request, reply) => {
      personal(reply);
      return lists.history(requireSession(request), request.query);
    },
  );
  app.delete(
    ApiRoute.history,
    { config: { audience: 'virtual', ...limitPerMinute(30, bySession) }, schema: { tags, summary: 'Forget the whole history of the profile', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await lists.clearHistory(requireSession(request));
      return reply.status(204).send(null);
    },
  );
  app.delete(
    ApiRoute.historyItem,
    {
      config: { audience: 'virtual', ...limitPerMinute(120, bySession) },
      schema: { tags, summary: 'Forget one title (it leaves the history and continue watching)', params: ListAliasParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await lists.removeHistoryItem(requireSession(request), request.params.alias);
      return reply.status(204).send(null);
    },
  );

  // ---- ratings (spec platform §7 rated content)
  app.put(
    ApiRoute.rating,
    {
      config: { audience: 'virtual', ...limitPerMinute(120, bySession) },
      schema: { tags, summary: 'Rate a title from 1 to 10', params: ListAliasParamsSchema, body: RatingRequestSchema, response: { 200: RatingStateSchema, ...errors } },
    },
    async (request) => lists.rate(requireSession(request), request.params.alias, request.body.value),
  );
  app.delete(
    ApiRoute.rating,
    {
      config: { audience: 'virtual', ...limitPerMinute(120, bySession) },
      schema: { tags, summary: 'Remove the rating of a title (idempotent)', params: ListAliasParamsSchema, response: { 200: RatingStateSchema, ...errors } },
    },
    async (request) => lists.removeRating(requireSession(request), request.params.alias),
  );
  app.get(
    ApiRoute.rated,
    { config: { audience: 'virtual' }, schema: { tags, summary: 'Titles the profile rated, most recent first', querystring: ListQuerySchema, response: { 200: RatedListSchema, ...errors } } },
    async (request, reply) => {
      personal(reply);
      return lists.rated(requireSession(request), request.query);
    },
  );

  // ---- the title page
  app.get(
    ApiRoute.titleState,
    { config: { audience: 'virtual' }, schema: { tags, summary: 'Favorite, own rating, resume point and episode progress of a title', params: ListAliasParamsSchema, response: { 200: TitleStateSchema, ...errors } } },
    async (request, reply) => {
      personal(reply);
      return lists.titleState(requireSession(request), request.params.alias);
    },
  );
}
