import { AuthDataSchema, AuthRefreshRequestSchema, DeviceLoginRequestSchema, ErrorSchema, SESSION_COOKIE } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors.ts';
import { deviceLoginAttempts } from '../../lib/lockout-rules.ts';
import { sessionCookieOptions, tokenFrom, userAgentOf } from '../../plugins/session.ts';
import { createIdentityService } from './identity.service.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema };

export async function identityRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const identity = createIdentityService(app.deps);
  const cookieOptions = sessionCookieOptions(app.deps.env);

  app.post(
    '/api/v1/auth/device-login',
    {
      config: { audience: 'anonymous', ...deviceLoginAttempts() },
      schema: {
        tags: ['identity'],
        summary: 'Device login: creates a virtual (anonymous) user and its session',
        body: DeviceLoginRequestSchema,
        response: { 201: AuthDataSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.apiClient) throw unauthorized();
      const data = await identity.deviceLogin(request.body, request.apiClient.id, userAgentOf(request));
      void reply.setCookie(SESSION_COOKIE, data.authentication_token, cookieOptions);
      return reply.status(201).send(data);
    },
  );

  app.post(
    '/api/v1/auth/refresh',
    {
      config: { audience: 'anonymous', readsOwnToken: true },
      schema: {
        tags: ['identity'],
        summary: 'The current user data for a session token (body, bearer header or cookie)',
        body: AuthRefreshRequestSchema.nullish(),
        response: { 200: AuthDataSchema, ...errors },
      },
    },
    async (request) => identity.refresh(request.body?.auth_token ?? tokenFrom(request)),
  );
}
