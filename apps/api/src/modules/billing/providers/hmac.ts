import { createHmac, timingSafeEqual } from 'node:crypto';

/** base64(HMAC-SHA256(secret, raw body)): CloudPayments' Content-HMAC, also the sandbox host's. */
export function contentHmac(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Constant-time comparison of a received signature with the expected one. */
export function isValidContentHmac(secret: string, rawBody: Buffer, received: string | undefined): boolean {
  if (!received) return false;
  const expected = Buffer.from(contentHmac(secret, rawBody));
  const got = Buffer.from(received.trim());
  return got.length === expected.length && timingSafeEqual(got, expected);
}
