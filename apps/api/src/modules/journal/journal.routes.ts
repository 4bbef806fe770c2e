import { kidsScopeOf } from '@ekran/core';
import {
  AliasSchema, ApiRoute, ArticleListSchema, ArticleSchema, ErrorSchema, JournalListQuerySchema, JournalRubricListSchema, TitleArticlesSchema,
} from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sameForEveryone } from '../../lib/cache-headers.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema };
// The same reference as GET /api/v1/watch/:alias takes: an alias or a title id.
const TitleRefParams = z.object({ alias: z.string().min(1).max(160).regex(/^[a-z0-9-]+$/, 'alias is lowercase latin, digits and -') });

/** The journal: rubrics, pages of articles, an article, its RSS feed, and the articles that mention a title (decision 052). */
export async function journalRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { journal } = app.services;

  app.get(
    ApiRoute.journalRubrics,
    { config: { audience: 'anonymous' }, schema: { tags: ['journal'], summary: 'The journal’s rubrics, in the order of its tabs', response: { 200: JournalRubricListSchema, ...errors } } },
    async (_request, reply) => {
      const answer = await journal.rubrics();
      sameForEveryone(reply, null);
      return answer;
    },
  );

  app.get(
    ApiRoute.journalArticles,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['journal'],
        summary: 'A page of the published articles, all or a rubric’s, newest first',
        querystring: JournalListQuerySchema,
        response: { 200: ArticleListSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const kids = kidsScopeOf(request.session);
      const answer = await journal.list(request.query, kids);
      sameForEveryone(reply, kids);
      return answer;
    },
  );

  app.get(
    ApiRoute.journalArticle,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['journal'],
        summary: 'A published article: its body as blocks (HTML, title cards, galleries), its titles and related articles',
        params: z.object({ alias: AliasSchema }),
        response: { 200: ArticleSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const kids = kidsScopeOf(request.session);
      const answer = await journal.article(request.params.alias, kids);
      sameForEveryone(reply, kids);
      return answer;
    },
  );

  app.get(
    ApiRoute.watchArticles,
    { config: { audience: 'anonymous' },
      schema: {
        tags: ['journal'],
        summary: 'The published articles that mention a title, newest first',
        params: TitleRefParams,
        response: { 200: TitleArticlesSchema, 404: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const kids = kidsScopeOf(request.session);
      const answer = await journal.forTitle(request.params.alias, kids);
      sameForEveryone(reply, kids);
      return answer;
    },
  );

  app.get(
    ApiRoute.journalRss,
    { config: { audience: 'anonymous' },
      schema: { tags: ['journal'], summary: 'The journal’s RSS 2.0 feed (the site serves it as /journal/rss.xml)', produces: ['application/rss+xml'] },
    },
    async (_request, reply) => {
      const xml = await journal.rss();
      return reply.header('content-type', 'application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
    },
  );
}
