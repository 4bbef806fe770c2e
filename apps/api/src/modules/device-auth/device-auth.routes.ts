import {
  ApiRoute, DeviceAuthorizationRequestSchema, DeviceAuthorizationSchema, DeviceDecisionSchema, DeviceTokenErrorSchema, DeviceTokenRequestSchema,
  DeviceTokenSchema, ErrorSchema, PendingDeviceSchema, UserCodeRequestSchema,
} from '@ekran/contracts';
import { HOUR_MS, MINUTE_MS } from '@ekran/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors.ts';
import { atMost, type AttemptsConfig } from '../../lib/lockout.ts';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession, userAgentOf } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema };
const codeErrors = { ...errors, 409: ErrorSchema, 410: ErrorSchema };

/** Wrong user codes one account may type: the sixth within the window is refused (429) until the first leaves it. */
export const WRONG_CODES_PER_ACCOUNT = 5;
const WRONG_CODE_WINDOW_MS = 15 * MINUTE_MS;
/** Wrong user codes from one address across accounts within an hour (many accounts do not buy many guesses). */
export const WRONG_CODES_PER_ADDRESS_HOUR = 20;
/** Codes one address may ask for within an hour (besides 10 a minute): a TV asks for a new one every 10 minutes. */
export const DEVICE_CODES_PER_ADDRESS_HOUR = 60;

/**
 * The user code typed on the site guesses at someone's TV: a wrong one (400) counts against the account and the
 * address, whichever of lookup, approve or deny it came through (docs/decisions/033 limits that follow the attacker).
 */
const wrongCodeAttempts = (): { attempts: AttemptsConfig } => ({
  attempts: {
    rules: (request) => [
      { key: `device-code:account:${request.session?.userId ?? ''}`, windowMs: WRONG_CODE_WINDOW_MS, lockedUntil: atMost(WRONG_CODES_PER_ACCOUNT, WRONG_CODE_WINDOW_MS) },
      { key: `device-code:address:${request.ip}`, windowMs: HOUR_MS, lockedUntil: atMost(WRONG_CODES_PER_ADDRESS_HOUR, HOUR_MS) },
    ],
    counts: (status) => status === 400,
  },
});

/** Signing a TV in by a code (RFC 8628; docs/decisions/053-tv-sign-in-by-code.md). */
export async function deviceAuthRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { deviceAuth } = app.services;

  app.post(
    ApiRoute.deviceAuthorization,
    {
      config: {
        audience: 'anonymous',
        ...limitPerMinute(10, (r) => r.ip),
        attempts: {
          rules: (request) => [{ key: `device-authorization:address:${request.ip}`, windowMs: HOUR_MS, lockedUntil: atMost(DEVICE_CODES_PER_ADDRESS_HOUR, HOUR_MS) }],
          counts: (status) => status === 200,
        },
      },
      schema: {
        tags: ['device-auth'],
        summary: 'RFC 8628 device authorization: a code for the TV to show and a device code to poll with',
        body: DeviceAuthorizationRequestSchema,
        response: { 200: DeviceAuthorizationSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.apiClient) throw unauthorized();
      void reply.header('cache-control', 'no-store');
      return deviceAuth.authorize(request.body, request.apiClient.id, userAgentOf(request));
    },
  );

  app.post(
    ApiRoute.deviceToken,
    {
      // The pace of one code is the interval (slow_down); this bounds an address polling many codes.
      config: { audience: 'anonymous', ...limitPerMinute(120, (r) => r.ip) },
      schema: {
        tags: ['device-auth'],
        summary: 'RFC 8628 device access token: the session once the viewer confirmed, else authorization_pending, slow_down, access_denied, expired_token',
        body: DeviceTokenRequestSchema,
        response: { 200: DeviceTokenSchema, 400: DeviceTokenErrorSchema.or(ErrorSchema), 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      if (!request.apiClient) throw unauthorized();
      void reply.header('cache-control', 'no-store');
      const outcome = await deviceAuth.token(request.body.device_code, request.apiClient.id);
      if (!outcome.ok) return reply.status(400).send(outcome.body);
      return outcome.token;
    },
  );

  app.post(
    ApiRoute.deviceCodeLookup,
    {
      config: { audience: 'holder', ...wrongCodeAttempts() },
      schema: { tags: ['device-auth'], summary: 'The device waiting behind a user code, shown before the viewer confirms', body: UserCodeRequestSchema, response: { 200: PendingDeviceSchema, ...codeErrors } },
    },
    async (request) => deviceAuth.lookup(request.body.user_code),
  );

  app.post(
    ApiRoute.deviceCodeApprove,
    {
      config: { audience: 'holder', ...wrongCodeAttempts() },
      schema: {
        tags: ['device-auth'],
        summary: 'Confirm a user code: the TV signs in to this account at its next poll (403 DEVICE_COUNT_EXCEEDED without room)',
        body: UserCodeRequestSchema,
        response: { 200: DeviceDecisionSchema, ...codeErrors },
      },
    },
    async (request) => deviceAuth.approve(request.body.user_code, requireSession(request)),
  );

  app.post(
    ApiRoute.deviceCodeDeny,
    {
      config: { audience: 'holder', ...wrongCodeAttempts() },
      schema: { tags: ['device-auth'], summary: 'Refuse a user code: the TV gets access_denied', body: UserCodeRequestSchema, response: { 200: DeviceDecisionSchema, ...codeErrors } },
    },
    async (request) => deviceAuth.deny(request.body.user_code, requireSession(request)),
  );
}
