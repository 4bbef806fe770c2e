// Development only, never registered in production (as the outbox): a month cannot pass in a browser journey or
// a local try, so this brings a subscription to the state a month and a declined renewal would leave it in.
import { ENTITLING_STATUSES } from '@ekran/core';
import { ErrorSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import { subscriptions, tariffs } from '@ekran/db';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { requireSession } from '../../plugins/session.ts';
import { failUnanswered } from './billing.ledger.ts';
import { createRenewalOrder } from './billing.renewal.ts';

/**
 * POST /api/v1/dev/subscriptions/:id/renewal-declined: the holder's live subscription ends its paid period now and
 * its renewal is declined by the bank (insufficient funds), through the ledger's own decline: the subscription is
 * in its billing window (spec platform §4 Pending subscription extension) and «Продлить» can be tried. The renewal
 * job then waits a day before charging again, as after any decline.
 */
export async function billingDevRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.post(
    ApiRoute.devRenewalDeclined,
    { config: { audience: 'holder' },
      schema: {
        tags: ['development'],
        summary: 'Development: the subscription\'s period ends now and its renewal is declined, so it is in its billing window',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const now = app.deps.now();
      const [sub] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.id, request.params.id), eq(subscriptions.userId, session.userId), inArray(subscriptions.status, ENTITLING_STATUSES)));
      if (!sub) throw notFound('Subscription');
      const [tariff] = await db.select().from(tariffs).where(eq(tariffs.id, sub.tariffId));
      if (!tariff) throw notFound('Tariff');
      await db.update(subscriptions).set({ expiresAt: now, updatedAt: now }).where(eq(subscriptions.id, sub.id));
      const order = await createRenewalOrder(db, sub, tariff, now);
      if (order) await failUnanswered(db, order.id, now, 'insufficient_funds');
      return reply.status(204).send(null);
    },
  );
}
