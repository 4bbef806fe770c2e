import { ErrorCode, MAX_ALIAS_LENGTH, type ApiError } from '@ekran/contracts';
import type { FastifyError, FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError } from '../lib/errors.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

/**
 * Input no route can mean, refused for every route at once (so a new route is safe without remembering it):
 * NUL and other C0 control characters anywhere in the path, query, headers or body (PostgreSQL refuses NUL
 * in text and jsonb, and a control character in a query or path can end up in a header or a log line), and
 * bodies nested deeper than any request of the API. Text in a body may keep tab, line feed and carriage
 * return. Each is a 400 in the one error shape before any hook or handler reads the value.
 */

/* eslint-disable no-control-regex -- matching control characters is what these are for */
/** Path segments, query values and header values: no C0 control at all (a header may hold a tab), no DEL. */
const CONTROL_IN_IDENTIFIER = /[\u0000-\u001f\u007f]/;
const CONTROL_IN_HEADER = /[\u0000-\u0008\u000a-\u001f\u007f]/;
/** Text in a body: tab, LF and CR are text; the other C0 controls are not. */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */
/** No request of the API nests deeper than a few levels; a deep body only costs the walks over it. */
export const MAX_BODY_DEPTH = 32;
/** The request line and headers together; node answers a larger head with 431 (answered in the error shape below). */
export const MAX_HEAD_SIZE = 16 * 1024;
/** A URL longer than this is refused with 414 (a longer head, the URL included, is node's 431). */
export const MAX_URL_LENGTH = 8192;

const refuse = (path: string, message: string) =>
  new AppError(400, ErrorCode.BadRequest, `Invalid request: ${path} ${message}`, { details: [{ path, message }] });

/** The first string (or key) of a parsed value that fails `bad`, walked without recursion and depth-capped. */
function findBad(root: unknown, where: string, bad: RegExp): AppError | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: root, path: where, depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (bad.test(value)) return refuse(path, 'contains a control character');
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_BODY_DEPTH) return refuse(where, `is nested deeper than ${MAX_BODY_DEPTH} levels`);
    for (const [key, child] of Object.entries(value)) {
      if (bad.test(key)) return refuse(`${path}`, 'has a key with a control character');
      stack.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
    }
  }
  return null;
}

const errorBody = (status: number, code: string, message: string): ApiError => ({ status, code, message });

/**
 * Server options for what the router and node's HTTP parser refuse before any hook runs, answered in the
 * error shape too: a malformed escape in the path (400), a path parameter longer than any identifier of the
 * API (404: no such resource can exist), a head over node's limit (431), a client too slow (408).
 */
export const inputGuardServerOptions = {
  // No alias, id or slug is longer (the contracts' alias schemas stop there too).
  routerOptions: { maxParamLength: MAX_ALIAS_LENGTH },
  bodyLimit: 1024 * 1024,
  http: { maxHeaderSize: MAX_HEAD_SIZE },
  frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const body =
      error.code === 'FST_ERR_BAD_URL'
        ? errorBody(400, ErrorCode.BadRequest, 'The path is not a valid URL (a malformed %-escape)')
        : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? errorBody(404, ErrorCode.NotFound, 'Not found: a path parameter is longer than any identifier')
          : errorBody(500, ErrorCode.Internal, 'Internal server error');
    // No hook runs for these: the request id is named here (plugins/request-id.ts).
    void reply.header(REQUEST_ID_HEADER, request.id).code(body.status).send(body);
  },
  clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const message =
      status === 431 ? 'The request head (URL and headers) is too large' : status === 408 ? 'The request took too long to arrive' : 'Malformed HTTP request';
    const body = JSON.stringify(errorBody(status, ErrorCode.BadRequest, message));
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    }
    socket.destroy(error);
  },
} satisfies Partial<FastifyHttpOptions<Server>>;

/** A route as registered: what a test walks to reach the routes OpenAPI hides (media, images). */
export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app as registered (HEAD twins left out). */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, hidden: Boolean((route.schema)?.hide) });
    }
  });

  // Before every other onRequest hook (the API key and the session read the query and headers).
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) throw new AppError(414, ErrorCode.BadRequest, `The URL is longer than ${MAX_URL_LENGTH} characters`);
    const bad =
      findBad(request.params, 'params', CONTROL_IN_IDENTIFIER) ??
      findBad(request.query, 'querystring', CONTROL_IN_IDENTIFIER) ??
      findBad(request.headers, 'headers', CONTROL_IN_HEADER);
    if (bad) throw bad;
  });
  // The body is parsed by now and not yet validated.
  app.addHook('preValidation', async (request) => {
    const bad = findBad(request.body, 'body', CONTROL_IN_TEXT);
    if (bad) throw bad;
  });
});
