import {
  ApiRoute, ErrorSchema, SupportStaffAnswerRequestSchema, SupportStaffListQuerySchema, SupportStaffTicketListSchema, SupportStaffTicketSchema,
} from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import { sendImage } from './support-form.ts';

const tags = ['support (staff)'];
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };
const IdParams = z.object({ id: z.uuid() });

/**
 * Support's side of the tickets, for the back office (audience staff: a staff client over the session of an account
 * with the support role, plugins/audience.ts): the queue by status, a thread, an answer (a letter to the viewer), closing.
 */
export async function supportStaffRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { tickets } = app.services;
  const byStaff = (max: number) => limitPerMinute(max, (r) => r.session?.userId ?? r.ip);

  app.get(
    ApiRoute.supportStaffTickets,
    {
      config: { audience: 'staff', ...byStaff(120) },
      schema: { tags, summary: 'Tickets by status (open: the oldest waiting first)', querystring: SupportStaffListQuerySchema, response: { 200: SupportStaffTicketListSchema, ...errors } },
    },
    async (request) => tickets.staffList(request.query.status, request.query.limit),
  );

  app.get(
    ApiRoute.supportStaffTicket,
    { config: { audience: 'staff', ...byStaff(120) }, schema: { tags, summary: 'A ticket, whose it is, and its thread', params: IdParams, response: { 200: SupportStaffTicketSchema, ...errors } } },
    async (request) => tickets.staffRead(request.params.id),
  );

  app.post(
    ApiRoute.supportStaffMessages,
    {
      config: { audience: 'staff', ...byStaff(60) },
      schema: { tags, summary: 'Answer a ticket: it becomes answered and unread, and the viewer gets a letter', params: IdParams, body: SupportStaffAnswerRequestSchema, response: { 201: SupportStaffTicketSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await tickets.answer(requireSession(request), request.params.id, request.body.message)),
  );

  app.post(
    ApiRoute.supportStaffClose,
    { config: { audience: 'staff', ...byStaff(60) }, schema: { tags, summary: 'Close a ticket (a viewer’s reply reopens it)', params: IdParams, response: { 200: SupportStaffTicketSchema, ...errors } } },
    async (request) => tickets.close(request.params.id),
  );

  app.get(
    ApiRoute.supportStaffAttachment,
    { config: { audience: 'staff', ...byStaff(300) }, schema: { tags, summary: 'An image of a ticket (WebP)', params: IdParams.extend({ attachmentId: z.uuid() }), response: { ...errors } } },
    async (request, reply) => sendImage(reply, await tickets.staffAttachment(request.params.id, request.params.attachmentId)),
  );
}
