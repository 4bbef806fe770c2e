import {
  AuthDataSchema, CodeRequestSchema, EmailLoginRequestSchema, EmailRegisterRequestSchema, ErrorSchema, OutboxListSchema, PasswordRecoveryRequestSchema,
  PasswordResetRequestSchema, SESSION_COOKIE,
} from '@ekran/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { bodyField, limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import { createSignIn } from '../identity/sign-in.ts';
import { createOutboxDelivery } from '../delivery/delivery.ts';
import { createAccountsService } from './accounts.service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };
const bodyEmail = (request: FastifyRequest) => bodyField(request, 'email');

/** Sign-up, confirmation, sign-in and sign-out by email; the development outbox. */
export async function accountsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const outbox = createOutboxDelivery(app.deps.database.db);
  const accounts = createAccountsService(app.deps, outbox);
  const signIn = createSignIn(app.deps);
  // Limits per client address, and per account where the body names one.
  const limit = limitPerMinute;

  app.post(
    '/api/v1/auth/email/register',
    {
      config: limit(10, (r) => r.ip),
      schema: { tags: ['accounts'], summary: 'Sign up by email: the current virtual user becomes registered', body: EmailRegisterRequestSchema, response: { 201: AuthDataSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await accounts.register(requireSession(request), request.body)),
  );

  app.post(
    '/api/v1/auth/email/confirm',
    {
      config: limit(10, (r) => `${r.ip}:${r.session?.userId ?? ''}`),
      schema: { tags: ['accounts'], summary: 'Confirm the email with the code it received', body: CodeRequestSchema, response: { 200: AuthDataSchema, ...errors } },
    },
    async (request) => accounts.confirmEmail(requireSession(request), request.body.code),
  );

  app.post(
    '/api/v1/auth/email/resend',
    {
      config: limit(3, (r) => `${r.ip}:${r.session?.userId ?? ''}`),
      schema: { tags: ['accounts'], summary: 'Send a new confirmation code', response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await accounts.resendConfirmation(requireSession(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/email/login',
    {
      config: limit(10, (r) => `${r.ip}:${bodyEmail(r)}`),
      schema: { tags: ['accounts'], summary: 'Sign in by email and password', body: EmailLoginRequestSchema, response: { 200: AuthDataSchema, ...errors } },
    },
    async (request, reply) => {
      if (!request.apiClient) throw unauthorized();
      const data = await accounts.login(request.body, request.apiClient.id, request.session);
      signIn.setCookie(reply, data);
      return data;
    },
  );

  app.post(
    '/api/v1/auth/logout',
    { schema: { tags: ['accounts'], summary: 'Sign out: revoke this session', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await accounts.logout(requireSession(request));
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/password/recovery',
    {
      config: limit(3, (r) => `${r.ip}:${bodyEmail(r)}`),
      schema: { tags: ['accounts'], summary: 'Send a password recovery code (the same answer for any address)', body: PasswordRecoveryRequestSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await accounts.requestPasswordReset(request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/auth/password/reset',
    {
      config: limit(10, (r) => `${r.ip}:${bodyEmail(r)}`),
      schema: { tags: ['accounts'], summary: 'Set a new password with the recovery code; all sessions end', body: PasswordResetRequestSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await accounts.resetPassword(request.body);
      return reply.status(204).send(null);
    },
  );

  // The local outbox is readable only while it is the delivery (no real mail or SMS leaves then).
  if (app.deps.env.DELIVERY === 'outbox') {
    app.get(
      '/api/v1/dev/outbox',
      {
        schema: {
          tags: ['development'],
          summary: 'Messages of the local outbox (only when DELIVERY=outbox)',
          querystring: z.object({ recipient: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
          response: { 200: OutboxListSchema, ...errors },
        },
      },
      async (request) => {
        const rows = await outbox.list(request.query.recipient?.toLowerCase(), request.query.limit);
        return { items: rows.map((m) => ({ id: m.id, channel: m.channel, recipient: m.recipient, subject: m.subject, body: m.body, created_at: m.createdAt.toISOString() })) };
      },
    );
  }
}
