import { AnalyticsBatchSchema, ErrorSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { tokenFrom } from '../../plugins/session.ts';

/** A batch is at most 50 events of bounded fields; a body beyond this never reaches validation. */
export const EVENTS_BODY_LIMIT = 128 * 1024;
/** Batches per minute per session (the browser client sends about one a second while a viewer clicks). */
export const EVENTS_PER_MINUTE = 120;

/**
 * POST /api/v1/events: the browser's analytics batches (apps/web/app/lib/analytics.ts). The browser sends
 * them with navigator.sendBeacon, which can set no header: the route needs no API key and reads the session
 * cookie itself; a sendBeacon body may arrive as text/plain, which is read as JSON here (this plugin only).
 */
export async function analyticsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { identity, analytics } = app.services;

  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error('The body is not JSON'), { statusCode: 400 }), undefined);
    }
  });

  app.post(
    ApiRoute.events,
    {
      bodyLimit: EVENTS_BODY_LIMIT,
      config: { audience: 'anonymous', public: true, ...limitPerMinute(EVENTS_PER_MINUTE, (request) => `events:${tokenFrom(request) ?? request.ip}`) },
      schema: {
        tags: ['analytics'],
        summary: 'Store a batch of analytics events (click events and others) of the caller’s session',
        security: [{ session: [] }],
        body: AnalyticsBatchSchema,
        response: { 204: z.null(), 400: ErrorSchema, 401: ErrorSchema, 413: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const token = tokenFrom(request);
      const session = token ? await identity.resolveSession(token) : null;
      if (!session) throw unauthorized();
      await analytics.record(session, request.body.events, app.deps.now());
      return reply.code(204).send(null);
    },
  );
}
