// Payment links, buying, orders, provider notifications, payment methods and history (HTTP only).
import {
  API_KEY_HEADER, ApiPath, BuyRequestSchema, ErrorSchema, IDEMPOTENCY_HEADER, OrderSchema, PaymentHistoryQuerySchema, PaymentHistorySchema, PaymentLinkQuerySchema,
  PaymentLinkSchema, PaymentMethodsSchema,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../plugins/session.ts';
import { registerReconcileJob } from './lifecycle.jobs.ts';

const tags = ['billing'];
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 422: ErrorSchema, 502: ErrorSchema };
const IdParams = z.object({ id: z.uuid() });
const IdempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().trim().min(1).max(128).regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces') });
const NotificationAck = z.object({ code: z.literal(0) });

/** The API key the caller used (the payment page carries it on as client_key, platform §4 Payment redirect). */
function clientKeyOf(request: FastifyRequest): string {
  const header = request.headers[API_KEY_HEADER];
  const query = (request.query as Record<string, unknown> | undefined)?.apikey;
  return typeof header === 'string' ? header : typeof query === 'string' ? query : '';
}

export async function billingPaymentRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { payments, reconcile } = app.services;
  await registerReconcileJob(app.jobs, { now: app.deps.now, env: app.deps.env, reconcile });

  app.get(
    ApiRoute.tariffPayment,
    { config: { audience: 'holder' },
      schema: {
        tags,
        summary: "A tariff's payment link (platform §4 Payment redirect): the payment host's page for a trial or a purchase; registered accounts only",
        params: IdParams,
        querystring: PaymentLinkQuerySchema.extend({ apikey: z.string().optional() }).loose(),
        response: { 200: PaymentLinkSchema, ...errors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const link = await payments.paymentLink(session, clientKeyOf(request), request.params.id, request.query);
      // The tariff page's sentence under «Оплатить» accepts the terms (decision 050).
      await app.services.legal.recordConsents({ userId: session.userId, context: 'payment', ip: request.ip, reference: request.params.id });
      return link;
    },
  );

  app.get(
    ApiPath.bindCard,
    { config: { audience: 'holder' },
      schema: {
        tags,
        summary: 'The payment host\'s page to add or replace the card (a 1 RUB check, refunded)',
        querystring: PaymentLinkQuerySchema.extend({ apikey: z.string().optional() }).loose(),
        response: { 200: PaymentLinkSchema, ...errors },
      },
    },
    async (request) => payments.bindCard(requireSession(request), clientKeyOf(request), request.query),
  );

  app.post(
    ApiPath.buy,
    { config: { audience: 'holder' },
      schema: {
        tags,
        summary: 'Buy a tariff: charge a saved card, or (without one) an order with the payment host\'s page. Idempotency-Key required: a repeat gets the same answer',
        headers: IdempotencyHeaders,
        body: BuyRequestSchema,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const order = await payments.buy(session, request.headers[IDEMPOTENCY_HEADER], request.body);
      await app.services.legal.recordConsents({ userId: session.userId, context: 'payment', ip: request.ip, reference: order._id });
      return order;
    },
  );

  app.post(
    ApiRoute.extendSubscription,
    { config: { audience: 'holder' },
      schema: {
        tags,
        summary: 'Pay now for a subscription whose renewal failed (the extension banner). Idempotency-Key required',
        headers: IdempotencyHeaders,
        params: IdParams,
        response: { 200: OrderSchema, ...errors },
      },
    },
    async (request) => payments.extend(requireSession(request), request.headers[IDEMPOTENCY_HEADER], request.params.id),
  );

  app.get(
    ApiRoute.order,
    { config: { audience: 'holder' }, schema: { tags, summary: 'An order of the caller and where it stands', params: IdParams, response: { 200: OrderSchema, ...errors } } },
    async (request) => payments.order(requireSession(request), request.params.id),
  );

  app.get(
    ApiPath.paymentMethods,
    { config: { audience: 'holder' }, schema: { tags: ['account'], summary: "The account's payment methods (platform §3 Payment method)", response: { 200: PaymentMethodsSchema, ...errors } } },
    async (request) => payments.paymentMethods(requireSession(request)),
  );

  app.delete(
    ApiRoute.paymentMethod,
    { config: { audience: 'holder' },
      schema: {
        tags: ['account'],
        summary: 'Remove a card: renewals stop. Store subscriptions (google_token, itunes_receipt, huawei_token) answer 409',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await payments.removePaymentMethod(requireSession(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    ApiPath.paymentHistory,
    { config: { audience: 'holder' },
      schema: { tags: ['account'], summary: 'Charges and refunds of the account, newest first', querystring: PaymentHistoryQuerySchema, response: { 200: PaymentHistorySchema, ...errors } },
    },
    async (request) => payments.history(requireSession(request), request.query),
  );

  // Provider notifications: the signature covers the raw bytes, so this route keeps the body as a Buffer
  // (its own content-type parsers, in an encapsulated scope).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      ApiRoute.paymentNotification,
      {
        config: { audience: 'internal', public: true },
        schema: {
          tags,
          summary: 'A payment provider\'s notification (signed; Content-HMAC over the raw body). Answers {code:0} once applied or already applied',
          params: z.object({ provider: z.string().max(32) }),
          response: { 200: NotificationAck, 401: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await payments.handleNotification(
          request.params.provider,
          { rawBody, headers: request.headers, query: request.query as Record<string, unknown>, contentType: request.headers['content-type'] },
          request.log,
        );
        return { code: 0 as const };
      },
    );
  });
}
