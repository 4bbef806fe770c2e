import { AuthDataSchema, AuthRefreshRequestSchema, DeviceLoginRequestSchema, ErrorSchema, LoginCheckRequestSchema, LoginCheckSchema, SESSION_COOKIE } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors.ts';
import { deviceLoginAttempts, loginCheckAttempts } from '../../lib/lockout-rules.ts';
import { bodyField, limitPerMinute } from '../../lib/rate-limit.ts';
import { sessionCookieOptions, tokenFrom, userAgentOf } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 429: ErrorSchema };

export async function identityRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { identity } = app.services;
  const cookieOptions = sessionCookieOptions(app.deps.env);

  app.post(
    ApiRoute.deviceLogin,
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

  // spec platform §2 /auth «Вход или регистрация»: an email with an account goes on to its password, a new one
  // to sign-up. Each answer tells whether an address has an account, so a client address may learn that of
  // only so many addresses an hour (shared with email sign-up, which tells the same by its 409), besides the
  // per-minute rate (docs/decisions/037-login-check-then-password-or-sign-up.md).
  app.post(
    ApiRoute.loginCheck,
    {
      config: {
        audience: 'anonymous',
        // Retries of one address per minute; the sweep across addresses is what the hourly count stops.
        ...limitPerMinute(10, (r) => `${r.ip}:${bodyField(r, 'email')}`),
        ...loginCheckAttempts((r) => bodyField(r, 'email'), (status) => status === 200),
      },
      schema: {
        tags: ['identity'],
        summary: 'Whether an email has an account: the sign-in step goes on to the password or to sign-up',
        body: LoginCheckRequestSchema,
        response: { 200: LoginCheckSchema, ...errors },
      },
    },
    async (request) => identity.checkLogin(request.body.email),
  );

  app.post(
    ApiRoute.authRefresh,
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
