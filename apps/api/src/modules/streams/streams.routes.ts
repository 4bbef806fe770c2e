import { ErrorSchema, HeartbeatRequestSchema, HeartbeatResponseSchema, StreamLimitSchema } from '@ekran/contracts';
import { ApiRoute } from '@ekran/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitPerMinute } from '../../lib/rate-limit.ts';
import { requireSession } from '../../plugins/session.ts';

const IdParams = z.object({ id: z.uuid('id must be a UUID') });
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };
// A player beats every 30 s and retries a failed beat; a session far beyond that is a script.
const perSession = (max: number) => limitPerMinute(max, (r) => r.session?.sessionId ?? r.ip);

/** Heartbeats, stopping a stream, the account's live streams. */
/** The item the stopping player played and its first grant's expiry (a late stop of this device changes nothing). */
const StopQuery = z.object({ uid: z.uuid().optional(), exp: z.coerce.number().int().positive().max(1e11).optional() });

export async function streamsRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { streams } = app.services;

  app.get(
    ApiRoute.streams,
    { config: { audience: 'virtual' }, schema: { tags: ['streams'], summary: "The account's live streams and how many may play at once", response: { 200: StreamLimitSchema, ...errors } } },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return streams.list(requireSession(request));
    },
  );

  app.post(
    ApiRoute.streamHeartbeat,
    {
      config: { audience: 'virtual', ...perSession(30) },
      schema: {
        tags: ['streams'],
        summary: 'Heartbeat of a playing stream: the first one starts it under the limit; answers a freshly signed URL',
        params: IdParams,
        body: HeartbeatRequestSchema,
        response: { 200: HeartbeatResponseSchema, 410: ErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return streams.heartbeat(requireSession(request), request.params.id, request.body, request.ip);
    },
  );

  app.delete(
    ApiRoute.stream,
    { config: { audience: 'virtual', ...perSession(30) }, schema: { tags: ['streams'], summary: 'Stop a stream of the account (this device or another)', params: IdParams, querystring: StopQuery, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await streams.stop(requireSession(request), request.params.id, request.query.uid, request.query.exp);
      return reply.status(204).send(null);
    },
  );
}
