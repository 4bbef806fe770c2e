import { AccountSubscriptionSchema, ApiPath, ErrorSchema, RecurrentRequestSchema } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors.ts';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';
import { createLifecycleService } from './lifecycle.service.ts';

/** issue 6 queue: turning a subscription's automatic renewal off and on (spec platform §4 Disable recurring subscription). */
export async function recurrentRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const lifecycle = createLifecycleService({ db: app.deps.database.db, now: app.deps.now });

  app.post(
    ApiPath.recurrent,
    {
      config: limitPerMinute(30, (r) => `${r.ip}:${r.session?.userId ?? ''}`),
      schema: {
        tags: ['billing'],
        summary: "Turn a subscription's automatic renewal off, or back on while it is live; the subscription as the account page shows it",
        body: RecurrentRequestSchema,
        response: { 200: AccountSubscriptionSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      // Money is the account holder's business: not a visitor without an account, not a child profile.
      if (session.isVirtual) throw forbidden('Sign up first: a virtual user has no subscriptions to manage');
      if (session.isChild) throw forbidden('A child profile cannot manage subscriptions');
      return reply.header('cache-control', 'private, no-store').send(await lifecycle.setRecurrent(session, request.body));
    },
  );
}
