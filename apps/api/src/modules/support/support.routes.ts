import {
  ApiRoute, ErrorSchema, SupportArticleSchema, SupportFaqSchema, SupportFeedbackRequestSchema, SupportFeedbackResponseSchema, SupportHomeSchema,
  SupportMessageFieldsSchema, SupportSearchQuerySchema, SupportSearchResponseSchema, SupportSectionSchema, SupportTicketCreatedSchema,
  SupportTicketFieldsSchema, SupportTicketListSchema, SupportTicketSchema,
} from '@ekran/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { hmac } from '../../lib/tokens.ts';
import { requireSession } from '../../plugins/session.ts';
import { acceptMultipart, readSupportForm, sendImage, SUPPORT_BODY_LIMIT } from './support-form.ts';

const tags = ['support'];
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema, 429: ErrorSchema };
const Alias = z.string().regex(/^[a-z0-9-]{1,100}$/, 'an alias');
const IdParams = z.object({ id: z.uuid() });
const AttachmentParams = z.object({ id: z.uuid(), attachmentId: z.uuid() });
const TokenParams = z.object({ token: z.string().regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/, 'a private ticket link') });
const GuestAttachmentParams = TokenParams.extend({ attachmentId: z.uuid() });
/** What the multipart routes say of their body in the OpenAPI document (the handler reads and checks it). */
const multipartDescription = 'multipart/form-data: the text fields, and up to 5 `images` parts (JPEG, PNG, WebP, GIF, HEIC or AVIF, 10 MB each)';

const byAddress = (max: number) => limitPerMinute(max, (r) => r.ip);
// Per address here (shared by every API process through Redis); per account and per guest address the service counts
// in the database (TICKETS_PER_HOUR, MESSAGES_PER_TICKET_HOUR).
const byAddressOf = (route: string, max: number) => limitPerMinute(max, (r) => `${route}:${r.ip}`);

/**
 * The help centre (anyone may read it and vote) and the viewer's tickets: an account's through the holder's session,
 * a guest's through its private link. docs/decisions/051-help-centre-and-tickets.md
 */
export async function supportRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { helpCentre, tickets } = app.services;
  acceptMultipart(app);

  // ---------------------------------------------------------------- the help centre
  app.get(
    ApiRoute.supportHome,
    { config: { audience: 'anonymous' }, schema: { tags, summary: 'The help centre: its sections and the popular questions', response: { 200: SupportHomeSchema, ...errors } } },
    async () => helpCentre.home(),
  );

  app.get(
    ApiRoute.supportSection,
    {
      config: { audience: 'anonymous' },
      schema: { tags, summary: 'A section of the help centre with its categories and their articles', params: z.object({ section: Alias }), response: { 200: SupportSectionSchema, ...errors } },
    },
    async (request) => helpCentre.section(request.params.section),
  );

  app.get(
    ApiRoute.supportArticle,
    {
      config: { audience: 'anonymous' },
      schema: { tags, summary: 'A help article, its body as sanitised HTML', params: z.object({ alias: Alias }), response: { 200: SupportArticleSchema, ...errors } },
    },
    async (request) => helpCentre.article(request.params.alias),
  );

  app.get(
    ApiRoute.supportSearch,
    {
      config: { audience: 'anonymous', ...byAddress(60) },
      schema: { tags, summary: 'Search the help centre (ё and е alike, a small typo forgiven)', querystring: SupportSearchQuerySchema, response: { 200: SupportSearchResponseSchema, ...errors } },
    },
    async (request) => helpCentre.search(request.query.q, request.query.limit),
  );

  app.get(
    ApiRoute.supportFaq,
    { config: { audience: 'anonymous' }, schema: { tags, summary: 'The questions marked as FAQ, by section, with their answers', response: { 200: SupportFaqSchema, ...errors } } },
    async () => helpCentre.faq(),
  );

  app.post(
    ApiRoute.supportArticleFeedback,
    {
      config: { audience: 'anonymous', ...byAddress(30) },
      schema: {
        tags,
        summary: '«Был ли ответ полезен?»: one vote per visitor (account, else address) per article; a new vote replaces the old',
        params: z.object({ alias: Alias }),
        body: SupportFeedbackRequestSchema,
        response: { 200: SupportFeedbackResponseSchema, ...errors },
      },
    },
    async (request) => {
      // The address is kept only as a keyed hash: a vote is no record of where someone was.
      const voter = request.session ? `u:${request.session.userId}` : `a:${hmac(app.deps.env.CODE_SECRET, `support-vote:${request.ip}`)}`;
      return helpCentre.vote(request.params.alias, voter, request.body.helpful);
    },
  );

  // ---------------------------------------------------------------- tickets
  app.post(
    ApiRoute.supportTickets,
    {
      bodyLimit: SUPPORT_BODY_LIMIT,
      // A visitor without an account writes too (an email required); a child profile never does (spec platform §6).
      config: { audience: 'adult', ...byAddressOf('ticket', 10) },
      schema: { tags, summary: 'Open a ticket: topic, message, email (required without an account) and up to 5 images', description: multipartDescription, response: { 201: SupportTicketCreatedSchema, ...errors } },
    },
    async (request: FastifyRequest, reply) => {
      const session = requireSession(request);
      const { fields, images } = await readSupportForm(request, SupportTicketFieldsSchema);
      return reply.status(201).send(await tickets.open(session, fields, images));
    },
  );

  app.get(
    ApiRoute.supportTickets,
    { config: { audience: 'holder' }, schema: { tags, summary: 'The account’s tickets, newest first, with the unread mark', response: { 200: SupportTicketListSchema, ...errors } } },
    async (request) => tickets.list(requireSession(request)),
  );

  app.get(
    ApiRoute.supportTicket,
    { config: { audience: 'holder' }, schema: { tags, summary: 'A ticket and its thread; reading it reads support’s answers', params: IdParams, response: { 200: SupportTicketSchema, ...errors } } },
    async (request) => tickets.read(requireSession(request), request.params.id),
  );

  app.post(
    ApiRoute.supportTicketMessages,
    {
      bodyLimit: SUPPORT_BODY_LIMIT,
      config: { audience: 'holder', ...byAddressOf('reply', 30) },
      schema: { tags, summary: 'Reply in a ticket (a closed one reopens)', description: multipartDescription, params: IdParams, response: { 201: SupportTicketSchema, ...errors } },
    },
    async (request, reply) => {
      const { fields, images } = await readSupportForm(request, SupportMessageFieldsSchema);
      return reply.status(201).send(await tickets.reply(requireSession(request), request.params.id, fields.message, images));
    },
  );

  app.get(
    ApiRoute.supportTicketAttachment,
    { config: { audience: 'holder' }, schema: { tags, summary: 'An image of the ticket (WebP)', params: AttachmentParams, response: { ...errors } } },
    async (request, reply) => sendImage(reply, await tickets.attachment(requireSession(request), request.params.id, request.params.attachmentId)),
  );

  // ---- a guest's ticket: the private link is the key (no session needed, none consulted)
  app.get(
    ApiRoute.supportGuestTicket,
    { config: { audience: 'anonymous', ...byAddress(30) }, schema: { tags, summary: 'A guest’s ticket through its private link', params: TokenParams, response: { 200: SupportTicketSchema, ...errors } } },
    async (request) => tickets.readGuest(request.params.token),
  );

  app.post(
    ApiRoute.supportGuestMessages,
    {
      bodyLimit: SUPPORT_BODY_LIMIT,
      config: { audience: 'anonymous', ...byAddressOf('reply', 30) },
      schema: { tags, summary: 'A guest’s reply through the private link', description: multipartDescription, params: TokenParams, response: { 201: SupportTicketSchema, ...errors } },
    },
    async (request, reply) => {
      const { fields, images } = await readSupportForm(request, SupportMessageFieldsSchema);
      return reply.status(201).send(await tickets.replyGuest(request.params.token, fields.message, images));
    },
  );

  app.get(
    ApiRoute.supportGuestAttachment,
    { config: { audience: 'anonymous', ...byAddress(60) }, schema: { tags, summary: 'An image of a guest’s ticket (WebP)', params: GuestAttachmentParams, response: { ...errors } } },
    async (request, reply) => sendImage(reply, await tickets.guestAttachment(request.params.token, request.params.attachmentId)),
  );
}
