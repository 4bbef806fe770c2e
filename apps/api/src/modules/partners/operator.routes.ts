import {
  AuthDataSchema,
  ErrorCode,
  ErrorSchema,
  OPERATOR_MSISDN_COOKIE,
  OPERATOR_SIGNATURE_HEADER,
  OPERATOR_SUSPEND_COOKIE,
  OperatorApiPath,
  OperatorCodeRequestSchema,
  OperatorErrorCode,
  OperatorMlkQuerySchema,
  OperatorMlkResultSchema,
  OperatorNotificationSchema,
  OperatorPopupSeenRequestSchema,
  OperatorSubscriptionSchema,
  OperatorVerifyRequestSchema,
  type OperatorNotification,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import { normalizePhone } from '@ekran/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { AppError, notFound, unauthorized } from '../../lib/errors.ts';
import { bodyField, limitPerMinute } from '../../lib/rate-limit.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { requireSession } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema, 503: ErrorSchema };
const bodyMsisdn = (request: FastifyRequest) => {
  const raw = bodyField(request, 'msisdn');
  return normalizePhone(raw) ?? raw;
};

/** spec platform §6 app=mlk cookies: the msisdn is kept 30 days (the next visit prefills it), the suspend flag a day. */
export const MSISDN_COOKIE_MAX_AGE = 30 * 86_400;
export const SUSPEND_COOKIE_MAX_AGE = 86_400;

/**
 * The string an operator notification's signature covers: its fields joined by dots in a fixed order (not the
 * raw body, so key order and whitespace of the operator's JSON do not matter).
 */
export const notificationSigningString = (n: OperatorNotification) => [n.notification_id, n.msisdn, n.event, n.expires_at ?? ''].join('.');
/** Hex HMAC-SHA256 of a notification with the shared secret (what the operator puts in x-operator-signature). */
export const signNotification = (secret: string, n: OperatorNotification) => createHmac('sha256', secret).update(notificationSigningString(n)).digest('hex');

/** The mobile-operator (МегаФон) customer: sign-in by code to the msisdn, the subscription, its popups, app=mlk. */
export async function operatorRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { signIn, operator } = app.services;
  const cookieBase = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: app.deps.env.COOKIE_SECURE };

  app.post(
    OperatorApiPath.code,
    {
      config: { audience: 'adult', ...limitPerMinute(5, (r) => r.ip) },
      schema: { tags: ['operator'], summary: 'Send a sign-in code by SMS to the operator number (sign-up and sign-in)', body: OperatorCodeRequestSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      requireSession(request);
      await operator.sendCode(request.body.msisdn);
      return reply.status(204).send(null);
    },
  );

  app.post(
    OperatorApiPath.verify,
    {
      config: { audience: 'adult', ...limitPerMinute(10, (r) => `${r.ip}:${bodyMsisdn(r)}`) },
      schema: {
        tags: ['operator'],
        summary: 'The SMS code: signs in to (or registers) the account of the msisdn and marks it an operator customer',
        body: OperatorVerifyRequestSchema,
        response: { 200: AuthDataSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.apiClient) throw unauthorized();
      const auth = await operator.verify(requireSession(request), request.body, request.apiClient.id);
      // The operator's phone sign-in is the phone sign-in: the same documents are accepted (decision 050).
      await app.services.legal.recordConsents({ userId: auth._id, context: 'phone', ip: request.ip });
      signIn.setCookie(reply, auth);
      return auth;
    },
  );

  app.get(
    OperatorApiPath.subscription,
    { config: { audience: 'holder' }, schema: { tags: ['operator'], summary: 'The account’s operator subscription', response: { 200: OperatorSubscriptionSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return operator.subscription(requireSession(request));
    },
  );

  app.post(
    OperatorApiPath.connect,
    {
      config: { audience: 'holder', ...limitPerMinute(5, (r) => r.ip) },
      schema: {
        tags: ['operator'],
        summary: 'Connect the operator subscription to the account’s phone (201 new, 200 already active)',
        response: { 200: OperatorSubscriptionSchema, 201: OperatorSubscriptionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await operator.connect(requireSession(request));
      return reply.status(created ? 201 : 200).send(subscription);
    },
  );

  app.post(
    OperatorApiPath.popupSeen,
    { config: { audience: 'virtual' }, schema: { tags: ['operator'], summary: 'The viewer closed an informing operator popup (got_money, info; no_app for the current country)', body: OperatorPopupSeenRequestSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const session = requireSession(request);
      if (session.isVirtual) throw new AppError(401, ErrorCode.AuthRequired, 'Sign in first');
      await operator.popupSeen(session, request.body.popup);
      return reply.status(204).send(null);
    },
  );

  app.get(
    OperatorApiPath.mlk,
    {
      config: { audience: 'adult', ...limitPerMinute(5, (r) => r.ip) },
      schema: {
        tags: ['operator'],
        summary: 'spec platform §6 app=mlk: keeps the msisdn and suspend cookies; the caller signed in with it stays, otherwise a code goes to it',
        querystring: OperatorMlkQuerySchema,
        response: { 200: OperatorMlkResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const { state, msisdn } = await operator.mlk(session, request.query.msisdn);
      void reply.header('cache-control', 'private, no-store');
      void reply.setCookie(OPERATOR_MSISDN_COOKIE, msisdn, { ...cookieBase, maxAge: MSISDN_COOKIE_MAX_AGE });
      void reply.setCookie(OPERATOR_SUSPEND_COOKIE, request.query.suspend ? '1' : '0', { ...cookieBase, maxAge: SUSPEND_COOKIE_MAX_AGE });
      return { state, msisdn, suspend: request.query.suspend };
    },
  );

  app.post(
    OperatorApiPath.notifications,
    {
      config: { audience: 'internal', public: true },
      schema: {
        tags: ['operator'],
        summary: 'A state change from the operator, signed with OPERATOR_NOTIFY_SECRET; applied once per notification_id',
        body: OperatorNotificationSchema,
        headers: z.object({ [OPERATOR_SIGNATURE_HEADER]: z.string().max(256).optional() }),
        response: { 200: z.object({ applied: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      const secret = app.deps.env.OPERATOR_NOTIFY_SECRET;
      if (!secret) throw new AppError(503, ErrorCode.Unavailable, 'Operator notifications are not configured (OPERATOR_NOTIFY_SECRET)');
      const given = request.headers[OPERATOR_SIGNATURE_HEADER] ?? '';
      if (!safeEqual(given, signNotification(secret, request.body))) throw new AppError(401, OperatorErrorCode.InvalidSignature, 'The notification signature does not match');
      return operator.applyNotification(request.body);
    },
  );

  // The sandbox operator's own controls, so suspend and resume can be tried without an operator: never in production.
  if (app.deps.env.NODE_ENV !== 'production') {
    app.post(
      ApiRoute.devOperatorEvents,
      { config: { audience: 'anonymous' },
        schema: {
          tags: ['operator'],
          summary: 'Development only: apply an operator event to a msisdn as the sandbox operator',
          body: OperatorNotificationSchema.omit({ notification_id: true }),
          response: { 200: z.object({ applied: z.boolean() }), ...errors },
        },
      },
      async (request) => {
        const result = await operator.applyNotification({ ...request.body, notification_id: `dev-${Date.now()}-${Math.random().toString(36).slice(2)}` });
        if (!result.applied) throw notFound('Event');
        return result;
      },
    );
  }
}
