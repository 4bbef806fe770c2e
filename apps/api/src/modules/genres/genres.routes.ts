import { kidsScopeOf } from '@ekran/core';
import { ErrorSchema, GenreListSchema, GenrePageSchema, GenresQuerySchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sameForEveryone } from '../../lib/cache-headers.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema };
const GenreParams = z.object({ alias: z.string().min(1).max(40).regex(/^[a-z0-9-]+$/, 'alias is lowercase latin, digits and -') });

/** Genre pages: the genre index and a genre with its texts and titles per kind. */
export async function genresRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { genres } = app.services;

  app.get(
    ApiRoute.genres,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['catalog'],
        summary: 'Genres with title counts per kind (movies, series, animation)',
        querystring: GenresQuerySchema,
        response: { 200: GenreListSchema, ...errors },
      },
    },
    async (request, reply) => {
      // A child session gets its own kids answer, so it must not sit in a shared cache.
      const kids = kidsScopeOf(request.session);
      sameForEveryone(reply, kids);
      return genres.list(request.query.for_kids, kids);
    },
  );

  app.get(
    ApiRoute.genre,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['catalog'],
        summary: 'A genre: its marketing texts, counts and most popular titles per kind',
        params: GenreParams,
        querystring: GenresQuerySchema,
        response: { 200: GenrePageSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const kids = kidsScopeOf(request.session);
      sameForEveryone(reply, kids);
      return genres.page(request.params.alias, request.query.for_kids, kids);
    },
  );
}
