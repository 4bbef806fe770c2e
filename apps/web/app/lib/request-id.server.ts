/**
 * The header in which the production server (server.js, server/request-id.js) fixes each request's id: nginx's, or
 * one it made. Loaders pass it on to the API and the server's error logs name it, so one id follows a request through
 * every log. Under `react-router dev` there is no server.js and a request may have none.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** The id server.js fixed for this request, if any. */
export const requestIdOf = (request: Request): string | null => request.headers.get(REQUEST_ID_HEADER);
