import { AuthDataSchema, ErrorSchema, PhoneCodeRequestSchema, PhoneVerifyRequestSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import { normalizePhone } from '@ekran/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { codeAttempts } from '../../lib/lockout-rules.ts';
import { bodyField, limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema, 503: ErrorSchema };
/** The phone of the body as stored, so '8 999…' and '+7 999…' share one limit. */
const bodyPhone = (request: FastifyRequest) => {
  const raw = bodyField(request, 'phone');
  return normalizePhone(raw) ?? raw;
};

/** Sign-up and sign-in by a one-time SMS code (spec platform §2 /auth, §5 phone rules). */
export async function phoneRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { signIn, phone } = app.services;

  app.post(
    ApiRoute.phoneCode,
    {
      // Per client address here; per number (one a minute, five an hour) in the service, whoever asks.
      config: { audience: 'anonymous', ...limitPerMinute(5, (r) => r.ip) },
      schema: {
        tags: ['accounts'],
        summary: 'Send a one-time sign-in code by SMS to a Russian mobile number (the same answer whether or not an account has it)',
        body: PhoneCodeRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await phone.sendCode(request.body.phone);
      return reply.status(204).send(null);
    },
  );

  app.post(
    ApiRoute.phoneVerify,
    {
      config: { audience: 'adult', ...limitPerMinute(10, (r) => `${r.ip}:${bodyPhone(r)}`), ...codeAttempts('sign_in', bodyPhone) },
      schema: {
        tags: ['accounts'],
        summary: 'The SMS code: signs in to the account with the phone, or registers the current virtual user with it, or adds it to the current account without a phone',
        body: PhoneVerifyRequestSchema,
        response: { 200: AuthDataSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.apiClient) throw unauthorized();
      const { auth } = await phone.verify(requireSession(request), request.body, request.apiClient.id);
      // The phone form's sentence names the documents its sign-in or sign-up accepts (decision 050).
      await app.services.legal.recordConsents({ userId: auth._id, context: 'phone', ip: request.ip });
      // The cookie follows the answer's session: a new one after a sign-in, the same one otherwise.
      signIn.setCookie(reply, auth);
      return auth;
    },
  );
}
