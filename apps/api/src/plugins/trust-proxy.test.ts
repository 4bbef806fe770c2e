// Per-address rate limits count visitors: X-Forwarded-For is believed only from TRUST_PROXY peers (the web
// server on the loopback by default), so a caller elsewhere cannot dodge a limit by inventing addresses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Password recovery allows 3 a minute per address and email. */
const recover = (remoteAddress: string, forwardedFor: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/password/recovery',
    remoteAddress,
    headers: { ...t.headers, 'x-forwarded-for': forwardedFor },
    payload: { email },
  });

describe('TRUST_PROXY (default loopback)', () => {
  it('ignores X-Forwarded-For from an untrusted peer: invented addresses share its limit', async () => {
    const codes = [];
    for (let i = 1; i <= 4; i++) codes.push((await recover('203.0.113.5', `198.51.100.${i}`, 'proxy-a@example.ru')).statusCode);
    expect(codes).toEqual([204, 204, 204, 429]);
  });

  it('believes the web server on the loopback: each visitor it forwards has a limit of its own', async () => {
    const codes = [];
    for (let i = 1; i <= 4; i++) codes.push((await recover('127.0.0.1', `198.51.100.${i}`, 'proxy-b@example.ru')).statusCode);
    expect(codes).toEqual([204, 204, 204, 204]);
    // …and the same visitor is limited.
    expect((await recover('127.0.0.1', '198.51.100.1', 'proxy-b@example.ru')).statusCode).toBe(204);
    expect((await recover('127.0.0.1', '198.51.100.1', 'proxy-b@example.ru')).statusCode).toBe(204);
    expect((await recover('127.0.0.1', '198.51.100.1', 'proxy-b@example.ru')).statusCode).toBe(429);
  });
});
