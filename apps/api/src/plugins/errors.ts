import type { ApiError } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

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
