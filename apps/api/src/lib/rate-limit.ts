import type { FastifyRequest } from 'fastify';

/**
 * Route config for a per-key limit within one minute. The rate-limit plugin is registered once in app.ts
 * (not global, on preHandler, so a key can name the account from the parsed body).
 */
export const limitPerMinute = (max: number, key: (request: FastifyRequest) => string) => ({
  rateLimit: { max, timeWindow: '1 minute', keyGenerator: key },
});

/** The address and the account named in the body (email or phone), for limits per target. */
export const bodyField = (request: FastifyRequest, field: string) =>
  String((request.body as Record<string, unknown> | undefined)?.[field] ?? '').trim().toLowerCase();
