import { env } from './env.server.ts';

/**
 * The one writer of the site's plain cookies: the session token (the API sets and reads the same cookie), the
 * device id, the offer flags and the social markers (the page's scripts read some of them). Their values are the
 * raw text the API and the client expect, which React Router's createCookie (base64 JSON) would change; they carry
 * an identifier or a flag, never state the site trusts. A cookie that carries state is a signed createCookie
 * (routes/auth/auth-flow.server.ts).
 */
export function plainCookie(name: string, value: string, options: { maxAgeSeconds: number; httpOnly: boolean }): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${options.maxAgeSeconds}; SameSite=Lax${options.httpOnly ? '; HttpOnly' : ''}${env.COOKIE_SECURE ? '; Secure' : ''}`;
}
