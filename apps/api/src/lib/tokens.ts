import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new opaque bearer token (256 bits, base64url). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Sessions store only this hash, so a database leak does not leak usable tokens. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** HMAC-SHA256 as base64url. */
export const hmac = (secret: string, data: string): string => createHmac('sha256', secret).update(data).digest('base64url');

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
