import {
  AuthDataSchema, CodeRequestSchema, EmailConfirmLinkRequestSchema, EmailLoginRequestSchema, EmailRegisterRequestSchema, EmailResendLinkRequestSchema, ErrorSchema,
  OutboxListSchema, PasswordRecoveryRequestSchema, PasswordResetRequestSchema, SESSION_COOKIE,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import { looksLikeEmail, normalizePhone } from '@ekran/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { codeAttempts, loginCheckAttempts, passwordAttempts } from '../../lib/lockout-rules.ts';
import { bodyField, limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import { phoneRoutes } from './phone.routes.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema };
const bodyEmail = (request: FastifyRequest) => bodyField(request, 'email');

/** Sign-up, confirmation, sign-in and sign-out by email and by phone; the development outbox. */
export async function accountsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  // Mail and SMS go where the settings say (MAIL_DELIVERY, SMS_DELIVERY); the outbox is the embedded default.
  const { outbox } = app.deps;
  const { signIn, accounts, legal } = app.services;
  // Limits per client address, and per account where the body names one.
  const limit = limitPerMinute;

  app.post(
    ApiRoute.emailRegister,
    {
      // A sign-up tells whether the address was free: it shares the login check's count (decision 037).
      config: { audience: 'adult', ...limit(app.deps.env.SIGNUPS_PER_ADDRESS_MINUTE, (r) => r.ip), ...loginCheckAttempts(bodyEmail, (status) => status === 201 || status === 409) },
      schema: { tags: ['accounts'], summary: 'Sign up by email: the current virtual user becomes registered', body: EmailRegisterRequestSchema, response: { 201: AuthDataSchema, ...errors } },
    },
    async (request, reply) => {
      const auth = await accounts.register(requireSession(request), request.body);
      // The sign-up form's sentence names the documents it accepts (decision 050: the consent log).
      await legal.recordConsents({ userId: auth._id, context: 'signup', ip: request.ip });
      return reply.status(201).send(auth);
    },
  );

  app.post(
    ApiRoute.emailConfirm,
    {
      config: { audience: 'holder', ...limit(10, (r) => `${r.ip}:${r.session?.userId ?? ''}`) },
      schema: { tags: ['accounts'], summary: 'Confirm the email with the code it received', body: CodeRequestSchema, response: { 200: AuthDataSchema, ...errors } },
    },
    async (request) => accounts.confirmEmail(requireSession(request), request.body.code),
  );

  app.post(
    ApiRoute.emailResend,
    {
      config: { audience: 'holder', ...limit(3, (r) => `${r.ip}:${r.session?.userId ?? ''}`) },
      schema: { tags: ['accounts'], summary: 'Send a new confirmation code', response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await accounts.resendConfirmation(requireSession(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.emailLogin,
    {
      config: { audience: 'anonymous', ...limit(10, (r) => `${r.ip}:${bodyEmail(r)}`), ...passwordAttempts(bodyEmail) },
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
    ApiRoute.logout,
    { config: { audience: 'virtual' }, schema: { tags: ['accounts'], summary: 'Sign out: revoke this session', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await accounts.logout(requireSession(request));
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.passwordRecovery,
    {
      config: { audience: 'anonymous', ...limit(3, (r) => `${r.ip}:${bodyEmail(r)}`) },
      schema: { tags: ['accounts'], summary: 'Send a password recovery code (the same answer for any address)', body: PasswordRecoveryRequestSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await accounts.requestPasswordReset(request.body.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.passwordReset,
    {
      config: { audience: 'anonymous', ...limit(10, (r) => `${r.ip}:${bodyEmail(r)}`), ...codeAttempts('password_reset', bodyEmail) },
      schema: { tags: ['accounts'], summary: 'Set a new password with the recovery code; all sessions end', body: PasswordResetRequestSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await accounts.resetPassword(request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.emailConfirmLink,
    {
      config: { audience: 'anonymous', ...limit(10, (r) => `${r.ip}:${bodyEmail(r)}`), ...codeAttempts('email_confirm', bodyEmail) },
      schema: {
        tags: ['accounts'],
        summary: 'Confirm an email with the address and code of the letter\'s link (no session needed)',
        body: EmailConfirmLinkRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await accounts.confirmEmailLink(request.body.email, request.body.code);
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.emailResendLink,
    {
      config: { audience: 'anonymous', ...limit(3, (r) => `${r.ip}:${bodyEmail(r)}`) },
      schema: {
        tags: ['accounts'],
        summary: 'A new confirmation letter for an address that waits for one (the same answer for any address)',
        body: EmailResendLinkRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await accounts.resendEmailLink(request.body.email);
      return reply.status(204).send(null);
    },
  );

  await app.register(phoneRoutes);

  // The local outbox is readable only while a channel writes to it (then that channel sends nothing real), and
  // never in production: it is read with the public web key and its codes sign anyone in (loadEnv refuses the
  // outbox there too; this holds even for an app built with settings that skipped it).
  if (outbox && app.deps.env.NODE_ENV !== 'production') {
    app.get(
      ApiRoute.outbox,
      { config: { audience: 'anonymous' },
        schema: {
          tags: ['development'],
          summary: 'Messages of the local outbox, newest first (only while MAIL_DELIVERY or SMS_DELIVERY is outbox)',
          querystring: z.object({ recipient: z.string().trim().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
          response: { 200: OutboxListSchema, ...errors },
        },
      },
      async (request) => {
        const rows = await outbox.list(recipientOf(request.query.recipient), request.query.limit);
        return { items: rows.map((m) => ({ id: m.id, channel: m.channel, recipient: m.recipient, subject: m.subject, body: m.body, created_at: m.createdAt.toISOString() })) };
      },
    );
  }
}

/** An outbox filter as it is stored: an address in lower case, a phone as +7 and ten digits however it was typed. */
function recipientOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (looksLikeEmail(value)) return value.toLowerCase();
  return normalizePhone(value) ?? value;
}
