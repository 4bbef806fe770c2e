import { kidsScopeOf } from '@ekran/core';
import { AliasSchema, ErrorSchema, PlaylistListSchema, PlaylistQuerySchema, PlaylistResponseSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { titleScope } from './title-scope.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema };

/** Playlists (spec platform §3 Playlist response, §7 GET {playlist path}/{alias}). */
export async function playlistsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { playlists } = app.services;

  app.get(
    ApiRoute.playlists,
    { config: { audience: 'anonymous' }, schema: { tags: ['playlists'], summary: 'Every playlist with its count, running time and cover', response: { 200: PlaylistListSchema, ...errors } } },
    async (request) => playlists.list(titleScope(kidsScopeOf(request.session))),
  );

  app.get(
    ApiRoute.playlist,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['playlists'],
        summary: 'A playlist: its items (movies, episodes, trailers) in order, each with its playback check',
        params: z.object({ alias: AliasSchema }),
        querystring: PlaylistQuerySchema,
        response: { 200: PlaylistResponseSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request) => playlists.get(request.params.alias, titleScope(kidsScopeOf(request.session)), request.query.skip, request.query.limit),
  );
}
