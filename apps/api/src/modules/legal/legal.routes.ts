import {
  ApiRoute, ConsentListSchema, ErrorSchema, LegalAliasParamsSchema, LegalDocumentListSchema, LegalDocumentSchema, LegalVersionListSchema, LegalVersionParamsSchema,
  PageAliasParamsSchema, StaticPageSchema,
} from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sameForEveryone } from '../../lib/cache-headers.ts';
import { requireSession } from '../../plugins/session.ts';

const tags = ['legal'];
const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema };

/** Spec platform §2 Legal and Static: the legal documents with their versions, the static pages, the consent log. */
export async function legalRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { legal } = app.services;

  app.get(
    ApiRoute.legalDocuments,
    { config: { audience: 'anonymous' }, schema: { tags, summary: 'The legal documents with the version in force of each, and the operator\'s requisites', response: { 200: LegalDocumentListSchema, ...errors } } },
    async (_request, reply) => {
      const answer = await legal.list();
      sameForEveryone(reply, false);
      return answer;
    },
  );

  app.get(
    ApiRoute.legalDocument,
    {
      config: { audience: 'anonymous' },
      schema: { tags, summary: 'A legal document\'s version in force, rendered (sanitised HTML with the requisites filled in), with its table of contents and versions', params: LegalAliasParamsSchema, response: { 200: LegalDocumentSchema, ...errors } },
    },
    async (request, reply) => {
      const answer = await legal.current(request.params.alias);
      sameForEveryone(reply, false);
      return answer;
    },
  );

  app.get(
    ApiRoute.legalVersions,
    { config: { audience: 'anonymous' }, schema: { tags, summary: 'Every version of a legal document, newest first, with effective dates and what changed', params: LegalAliasParamsSchema, response: { 200: LegalVersionListSchema, ...errors } } },
    async (request, reply) => {
      const answer = await legal.versions(request.params.alias);
      sameForEveryone(reply, false);
      return answer;
    },
  );

  app.get(
    ApiRoute.legalVersion,
    { config: { audience: 'anonymous' }, schema: { tags, summary: 'One version of a legal document (an earlier or an upcoming one), rendered', params: LegalVersionParamsSchema, response: { 200: LegalDocumentSchema, ...errors } } },
    async (request, reply) => {
      const answer = await legal.version(request.params.alias, request.params.version);
      sameForEveryone(reply, false);
      return answer;
    },
  );

  app.get(
    ApiRoute.staticPage,
    { config: { audience: 'anonymous' }, schema: { tags, summary: 'A static page (/about, /corporateinfo, /confirmed, /denied), rendered, with the requisites', params: PageAliasParamsSchema, response: { 200: StaticPageSchema, ...errors } } },
    async (request, reply) => {
      const answer = await legal.page(request.params.alias);
      sameForEveryone(reply, false);
      return answer;
    },
  );

  app.get(
    ApiRoute.accountConsents,
    { config: { audience: 'holder' }, schema: { tags: ['account'], summary: 'The documents this account accepted: which version, when and where', response: { 200: ConsentListSchema, ...errors } } },
    async (request) => legal.consentsOf(requireSession(request).userId),
  );
}
