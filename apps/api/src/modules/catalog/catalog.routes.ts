import { kidsScopeOf } from '@ekran/core';
import {
  CatalogFiltersQuerySchema,
  CatalogFiltersSchema,
  CatalogQuerySchema,
  CatalogResponseSchema,
  CatalogRevisionSchema,
  ErrorSchema,
  HomeQuerySchema,
  HomeSchema,
  TitleListQuerySchema,
  TitleListSchema,
  TitleSchema,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sameForEveryone } from '../../lib/cache-headers.ts';
import { defaultSortOf } from './catalog-sorting.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema };
const AliasParams = z.object({ alias: z.string().min(1).max(160).regex(/^[a-z0-9-]+$/, 'alias is lowercase latin, digits and -') });

export async function catalogRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { catalog, catalogRevision } = app.services;

  app.get(
    ApiRoute.catalog,
    { config: { audience: 'anonymous' }, schema: { tags: ['catalog'], summary: 'The menu catalogue: genres per category', querystring: CatalogQuerySchema, response: { 200: CatalogResponseSchema, ...errors } } },
    async (request, reply) => {
      // A child session gets the kids menu whatever it asks for, so its answer is its own.
      const kids = kidsScopeOf(request.session);
      sameForEveryone(reply, kids);
      return catalog.catalog(request.query.for_kids, kids);
    },
  );

  // The site's page cache polls this to drop pages rendered from an older catalogue (decision 044). Public: it says
  // nothing about anyone, and the site's server asks without its key.
  app.get(
    ApiRoute.catalogRevision,
    { config: { audience: 'anonymous', public: true }, schema: { tags: ['catalog'], summary: 'The catalogue’s revision, bumped by every change of what pages show', response: { 200: CatalogRevisionSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return { revision: await catalogRevision.current() };
    },
  );

  app.get(
    ApiRoute.titles,
    { config: { audience: 'anonymous' }, schema: { tags: ['catalog'], summary: 'A page of titles, filtered and sorted', querystring: TitleListQuerySchema, response: { 200: TitleListSchema, ...errors } } },
    async (request) => catalog.listTitles(request.query, kidsScopeOf(request.session), defaultSortOf(request.session)),
  );

  // spec catalogue §7 "categories filters detail path".
  app.get(
    ApiRoute.catalogFilters,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['catalog'],
        summary: 'Filters of a category page with faceted counts, the sort options and the caller’s default sort',
        querystring: CatalogFiltersQuerySchema,
        response: { 200: CatalogFiltersSchema, ...errors },
      },
    },
    async (request) => catalog.filters(request.query, kidsScopeOf(request.session), defaultSortOf(request.session)),
  );

  app.get(
    ApiRoute.home,
    { config: { audience: 'anonymous' }, schema: { tags: ['catalog'], summary: 'Rows of the home page', querystring: HomeQuerySchema, response: { 200: HomeSchema, ...errors } } },
    async (request, reply) => {
      const kids = kidsScopeOf(request.session);
      const home = await catalog.home(request.query.for_kids, kids);
      sameForEveryone(reply, kids);
      return home;
    },
  );

  app.get(
    ApiRoute.watch,
    { config: { audience: 'anonymous' }, schema: { tags: ['catalog'], summary: 'A title (product) by alias', params: AliasParams, response: { 200: TitleSchema, 404: ErrorSchema, ...errors } } },
    async (request, reply) => {
      const kids = kidsScopeOf(request.session);
      // Set once found: a not-found answer is nobody's to keep.
      const title = await catalog.title(request.params.alias, kids);
      sameForEveryone(reply, kids);
      return title;
    },
  );
}
