import {
  DoiConfirmRequestSchema, ErrorSchema, NotifyChannelSchema, NotifyStatusResponseSchema, NotifySubscriptionSchema, NotifyToggleRequestSchema,
  UnsubscribeQuerySchema, UnsubscribeRequestSchema,
} from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bodyField, limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 429: ErrorSchema };
const tags = ['notifications'];
const ChannelParams = z.object({ channel: NotifyChannelSchema });
const AccountParams = z.object({ account_id: z.uuid('account_id must be a UUID') });

/** Notification subscriptions (spec platform §7 GET subscribe email / push / SMS status), double opt-in, unsubscribe. */
export async function notificationsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { notifications } = app.services;
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    ApiRoute.subscribeStatusAll,
    { config: { audience: 'holder' }, schema: { tags, summary: 'The email, push and SMS subscriptions of the account', response: { 200: NotifyStatusResponseSchema, ...errors } } },
    async (request, reply) => reply.headers(noStore).send(await notifications.status(requireSession(request))),
  );

  app.get(
    ApiRoute.subscribeStatus,
    { config: { audience: 'holder' }, schema: { tags, summary: 'One channel\'s subscription status: data.items', params: ChannelParams, response: { 200: NotifyStatusResponseSchema, ...errors } } },
    async (request, reply) => reply.headers(noStore).send(await notifications.status(requireSession(request), request.params.channel)),
  );

  app.put(
    ApiRoute.subscribe,
    {
      config: { audience: 'holder', ...limitPerMinute(10, (r) => `${r.ip}:${r.session?.userId ?? ''}`) },
      schema: {
        tags,
        summary: 'Turn a channel on or off; email in the Double_Opt_In group turns pending and gets a confirmation letter',
        params: ChannelParams,
        body: NotifyToggleRequestSchema,
        response: { 200: NotifySubscriptionSchema, ...errors },
      },
    },
    async (request) => notifications.toggle(requireSession(request), request.params.channel, request.body.subscribed),
  );

  app.post(
    ApiRoute.doiConfirm,
    {
      // Per address and link: the site's server calls for all its visitors from one address.
      config: { audience: 'anonymous', ...limitPerMinute(10, (r) => `${r.ip}:${bodyField(r, 'token').slice(0, 16)}`) },
      schema: { tags, summary: 'Confirm an email subscription with the token of its letter (/doi-confirm)', body: DoiConfirmRequestSchema, response: { 200: NotifySubscriptionSchema, ...errors } },
    },
    async (request) => notifications.confirmDoi(request.body.token),
  );

  app.get(
    ApiRoute.unsubscribe,
    {
      config: { audience: 'anonymous', ...limitPerMinute(30, (r) => `${r.ip}:${(r.params as { account_id?: string }).account_id ?? ''}`) },
      schema: { tags, summary: 'The email subscription behind a signed unsubscribe link', params: AccountParams, querystring: UnsubscribeQuerySchema, response: { 200: NotifySubscriptionSchema, ...errors } },
    },
    async (request, reply) => reply.headers(noStore).send(await notifications.unsubscribeStatus(request.params.account_id, request.query.sig)),
  );

  app.post(
    ApiRoute.unsubscribe,
    {
      config: { audience: 'anonymous', ...limitPerMinute(10, (r) => `${r.ip}:${(r.params as { account_id?: string }).account_id ?? ''}`) },
      schema: { tags, summary: 'Unsubscribe (or subscribe again) by the signed link, without signing in', params: AccountParams, body: UnsubscribeRequestSchema, response: { 200: NotifySubscriptionSchema, ...errors } },
    },
    async (request) => notifications.unsubscribeSet(request.params.account_id, request.body.sig, request.body.subscribed),
  );
}
