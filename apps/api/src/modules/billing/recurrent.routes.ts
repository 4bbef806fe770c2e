import { AccountSubscriptionSchema, ApiPath, ErrorSchema, RecurrentRequestSchema } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';

/** Turning a subscription's automatic renewal off and on (spec platform §4 Disable recurring subscription). */
export async function recurrentRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { lifecycle } = app.services;

  app.post(
    ApiPath.recurrent,
    {
      config: { audience: 'holder', ...limitPerMinute(30, (r) => `${r.ip}:${r.session?.userId ?? ''}`) },
      schema: {
        tags: ['billing'],
        summary: "Turn a subscription's automatic renewal off, or back on while it is live; the subscription as the account page shows it",
        body: RecurrentRequestSchema,
        response: { 200: AccountSubscriptionSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      // The audience (holder) keeps virtual visitors and child profiles out: money is the account holder's business.
      return reply.header('cache-control', 'private, no-store').send(await lifecycle.setRecurrent(requireSession(request), request.body));
    },
  );
}
