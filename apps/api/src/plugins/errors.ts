import type { ApiError } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

/**
 * PostgreSQL's data exceptions that a value sent by a client causes (SQLSTATE class 22: string too long,
 * number out of range, malformed number, date or time, a character the text type cannot hold); the driver's
 * error may be wrapped (drizzle's query error keeps it as the cause). Division by zero and the other class 22
 * codes are the server's own mistakes and stay 500.
 */
const REFUSED_VALUE = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);
function refusedValue(error: unknown): string | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && REFUSED_VALUE.has(code)) return code;
  }
  return null;
}

/** One error shape for every failure (status, code, message); never a stack trace to a client. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: ApiError;
    if (error instanceof AppError) {
      body = { ...error.extra, status: error.status, code: error.code, message: error.message };
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath ?? '').split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'invalid',
      }));
      body = {
        status: 400,
        code: ErrorCode.BadRequest,
        message: `Invalid request: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`,
        details,
      };
    } else if (refusedValue(error)) {
      // A last line behind validation and the input guard: the route let through a value the database cannot
      // take (out of range, not a number, not text). Still the client's input, so a 400; logged so the route
      // gets a bound in its schema.
      request.log.warn({ err: error }, `the database refused a request value (SQLSTATE ${refusedValue(error)}); the route's schema should bound it`);
      body = { status: 400, code: ErrorCode.BadRequest, message: 'Invalid request: a value is out of range or malformed' };
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      body = { status: 500, code: ErrorCode.Internal, message: 'Internal server error' };
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      body = {
        status: error.statusCode,
        code: error.statusCode === 429 ? ErrorCode.RateLimited : ErrorCode.BadRequest,
        message: error.message,
      };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = { status: 500, code: ErrorCode.Internal, message: 'Internal server error' };
    }
    if (body.status >= 500 && body.code !== ErrorCode.Internal) request.log.error({ err: error }, body.message);
    void reply.status(body.status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ApiError = { status: 404, code: ErrorCode.NotFound, message: `Route ${request.method} ${request.url.split('?')[0]} not found` };
    void reply.status(404).send(body);
  });
});
