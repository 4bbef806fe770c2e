import { createContext, useContext } from 'react';

/**
 * The header through which the production server (server.js) hands the render its per-request CSP nonce; it
 * overwrites whatever a browser sent. Under `react-router dev` there is none and the page carries no nonce (the
 * development server sends no CSP).
 */
export const CSP_NONCE_HEADER = 'x-ekran-csp-nonce';

/** The nonce of this page's scripts, on the server; undefined in the browser (which hides it anyway). */
export const NonceContext = createContext<string | undefined>(undefined);

/** The nonce root.tsx gives <Scripts> and <ScrollRestoration>. */
export const useNonce = () => useContext(NonceContext);

/** The nonce server.js made for this request, if it is a well-formed one. */
export function nonceOf(request: Request): string | undefined {
  const nonce = request.headers.get(CSP_NONCE_HEADER);
  return nonce && /^[A-Za-z0-9+/]{16,64}={0,2}$/.test(nonce) ? nonce : undefined;
}
