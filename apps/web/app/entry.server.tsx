// React Router's default node entry (streaming; crawlers get the whole page at once), plus the CSP nonce of the
// request on every script it writes: ServerRouter's and React's own inline scripts, and root.tsx's <Scripts> and
// <ScrollRestoration> through NonceContext. docs/decisions/034-production-guards-and-headers.md
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import { NonceContext, nonceOf } from './lib/csp-nonce.ts';
import './lib/i18n-languages.server.ts';
import { requestIdOf } from './lib/request-id.server.ts';

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const nonce = nonceOf(request);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers and SPA mode wait for all content (react.dev renderToPipeableStream: waiting for all content).
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell reject and are logged by React Router (handleError); later ones only here.
          if (shellRendered) console.error(`web: request ${requestIdOf(request)}:`, error);
        },
      },
    );
  });
}

/**
 * React Router's own logging of loader, action and render errors, with the request's id so the line meets the API's
 * lines of the same request. A request the visitor abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A route error response (a 404 of no route) carries the error behind it, as React Router's default logs it.
  const behind = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(`web: request ${requestIdOf(request)}:`, behind ?? error);
};
