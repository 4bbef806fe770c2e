import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header that carries a request's id from nginx through the site to the API, and back in every answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id worth keeping: nginx's $request_id (32 hex digits), a UUID, or another short plain token. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * Fastify's genReqId: the caller's id when it is a sane token (nginx and the site send theirs, so one id names the
 * request in every log), else a fresh UUID. Anything else is dropped, never logged: it could forge log lines or
 * bloat them.
 */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Every answer names its request, so a client's report can be found in the logs (Fastify logs it as reqId). */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
