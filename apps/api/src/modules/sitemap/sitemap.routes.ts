import { kidsScopeOf } from '@ekran/core';
import { ErrorSchema, SitemapIndexSchema, SitemapPageQuerySchema, SitemapPartParamsSchema, SitemapUrlsSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const errors = { 400: ErrorSchema, 401: ErrorSchema };
// Search engines read a sitemap a few times a day; the catalogue changes by the day.
const PUBLIC_CACHE = 'public, max-age=3600';

/** The sitemap's catalogue parts for /sitemap.xml and /sitemaps/*.xml of the site. */
export async function sitemapRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { sitemap } = app.services;

  app.get(
    ApiRoute.sitemap,
    { config: { audience: 'anonymous' }, schema: { tags: ['sitemap'], summary: 'The parts of the sitemap: URL counts, files and lastmod', response: { 200: SitemapIndexSchema, ...errors } } },
    async (request, reply) => {
      const kids = kidsScopeOf(request.session);
      void reply.header('cache-control', kids ? 'private, max-age=60' : PUBLIC_CACHE);
      return sitemap.index(kids);
    },
  );

  app.get(
    ApiRoute.sitemapPart,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['sitemap'],
        summary: 'One page of a sitemap part: site paths and lastmod',
        params: SitemapPartParamsSchema,
        querystring: SitemapPageQuerySchema,
        response: { 200: SitemapUrlsSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const kids = kidsScopeOf(request.session);
      void reply.header('cache-control', kids ? 'private, max-age=60' : PUBLIC_CACHE);
      return sitemap.urls(request.params.part, request.query.page, kids);
    },
  );
}
