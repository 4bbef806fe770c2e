import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

// A page on another port of the same site posts a body-less form to the API through the site's /api proxy: the
// SameSite=Lax session cookie rides along, so the cookie must not count for such a request.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_ORIGIN: 'http://localhost:3000' });
});
afterAll(() => t.close());

async function logout(headers: Record<string, string>) {
  const user = await t.make.user();
  const session = await t.make.session({ userId: user.id });
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { ...session.auth, host: 'localhost:3000', ...headers } });
}

describe('a state-changing request with the session cookie from another origin', () => {
  it.each([
    ['Sec-Fetch-Site: same-site (another port of the site)', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['an Origin of another port, from a browser without Fetch Metadata', { origin: 'http://localhost:3001' }],
  ])('is refused with 403 and changes nothing: %s', async (_, headers) => {
    const res = await logout(headers);
    expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it.each([
    ['the site’s own page (same-origin)', { 'sec-fetch-site': 'same-origin' }],
    ['the site’s origin', { origin: 'http://localhost:3000' }],
    ['the site’s server or an app (no browser headers)', {}],
  ])('is let through from %s', async (_, headers) => {
    expect((await logout(headers)).statusCode).toBe(204);
  });

  it('lets a token the caller put in a header through, and never refuses a read', async () => {
    const user = await t.make.user();
    const session = await t.make.session({ userId: user.id });
    const bearer = await t.app.inject({
      method: 'POST', url: '/api/v1/auth/logout', headers: { ...t.headers, authorization: `Bearer ${session.token}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(bearer.statusCode).toBe(204);
    const other = await t.make.session({ userId: user.id });
    const read = await t.app.inject({ url: '/api/v1/profiles', headers: { ...other.auth, 'sec-fetch-site': 'same-site' } });
    expect(read.statusCode).toBe(200);
  });
});
