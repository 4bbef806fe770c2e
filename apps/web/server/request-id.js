// One id per request from nginx through the site to the API, in every log line that names the request. The API
// applies the same rule to what the site sends (apps/api/src/plugins/request-id.ts).
import { randomUUID } from 'node:crypto';

/** Keep in step with app/lib/request-id.server.ts, which reads it in loaders and the render. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id worth keeping: nginx's $request_id (32 hex digits), a UUID, or another short plain token. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

/**
 * The incoming id when it is a sane token, else a fresh UUID: a browser may send anything, and an id with spaces,
 * quotes or line breaks could forge or bloat log lines.
 * @param {string | string[] | undefined} incoming
 * @returns {string}
 */
export function requestIdOf(incoming) {
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The first middleware: fixes the request's id on its headers (the /api proxy and the loaders' API calls pass it on)
 * and names it in the answer.
 * @param {import('express').Request} req
 * @param {import('express').Response} res
 * @param {import('express').NextFunction} next
 * @returns {void}
 */
export function requestId(req, res, next) {
  const id = requestIdOf(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  next();
}
