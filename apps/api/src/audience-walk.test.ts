import { ErrorSchema } from '@ekran/contracts';
import { users } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Audience } from './plugins/audience.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

// The audience walk (docs/decisions/035-route-audiences.md): every route of the OpenAPI document, and every
// route the app has, declares who may call it; each kind of caller outside that audience is refused before
// the handler, and each kind inside it is never refused for who it is.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type CallerKind = 'nobody' | 'virtual' | 'child' | 'holder';
const CALLERS: CallerKind[] = ['nobody', 'virtual', 'child', 'holder'];

/** The refusal (status, code) a kind of caller gets from a route of this audience; null when it may call. */
function refusalFor(audience: Audience, caller: CallerKind): [number, string] | null {
  const needsSession = !['anonymous', 'internal'].includes(audience);
  if (caller === 'nobody') return needsSession ? [401, 'UNAUTHORIZED'] : null;
  if (caller === 'virtual') return ['registered', 'holder', 'staff'].includes(audience) ? [403, 'REGISTRATION_REQUIRED'] : null;
  if (caller === 'child') return ['adult', 'holder', 'staff'].includes(audience) ? [403, 'KIDS_PROFILE_RESTRICTED'] : null;
  return audience === 'staff' ? [403, 'FORBIDDEN'] : null;
}

/** The codes the audience hook answers with: a caller inside the audience must never get one of them. */
const AUDIENCE_CODES = new Set(['UNAUTHORIZED', 'REGISTRATION_REQUIRED', 'KIDS_PROFILE_RESTRICTED']);
/** Routes that read the caller's token themselves (config.readsOwnToken), so their 401 is their own. */
const OWN_TOKEN = new Set(['POST /api/v1/auth/refresh']);

const errorCodeOf = (body: string): string | undefined => {
  try {
    return ErrorSchema.safeParse(JSON.parse(body)).data?.code;
  } catch {
    return undefined;
  }
};

/** Fresh callers per route, so a route that ends a session (sign-out) or changes the account affects nothing else. */
async function headersOf(caller: CallerKind): Promise<Record<string, string>> {
  if (caller === 'nobody') return t.headers;
  if (caller === 'virtual') {
    const user = await t.make.user({ isVirtual: true, email: null });
    return (await t.make.session({ userId: user.id })).auth;
  }
  const user = await t.make.user();
  if (caller === 'holder') return (await t.make.session({ userId: user.id })).auth;
  const kid = await t.make.profile({ userId: user.id, isChild: true });
  return (await t.make.session({ userId: user.id, profileId: kid.id })).auth;
}

/** A concrete URL for a route pattern: ids and aliases that exist nowhere (a 404 is an answer, not a refusal). */
const urlOf = (pattern: string) =>
  pattern
    .replace(/:([A-Za-z_]+)/g, (_, name: string) => (/id$|^id|uid/.test(name) ? '00000000-0000-4000-8000-000000000000' : 'no-such-thing'))
    .replace(/\*$/, 'index.m3u8');

describe('every route declares its audience', () => {
  it('the OpenAPI document lists no operation without one', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    expect(operations.length).toBeGreaterThan(100);
    const undeclared = operations.filter((op) => !t.app.routeAudiences.has(op));
    expect(undeclared).toEqual([]);
  });

  it('the account, money, promo, device, linked-identity and notification routes are for the holder’s adult profile', () => {
    // spec platform §6: a child profile never touches money or the account. Promo codes and the sign-up and
    // sign-in flows are `adult` (a virtual visitor may enter a code or sign up; a child profile may not).
    const rules: [RegExp, Audience[]][] = [
      [/^\S+ \/api\/v1\/account\/(?!devices$)/, ['holder']],
      [/^(GET|DELETE) \/api\/v1\/account\/devices/, ['holder']],
      [/^\S+ \/api\/v1\/billing\/(?!tariffs$|notifications\/)/, ['holder']],
      [/^POST \/api\/v1\/billing\/notifications\//, ['internal']],
      [/^\S+ \/api\/v1\/promo\//, ['adult', 'holder']],
      [/^\S+ \/api\/v1\/auth\/social\/identities/, ['holder']],
      [/^\S+ \/api\/v1\/subscribe\/(status|:channel)/, ['holder']],
      [/^\S+ \/api\/v1\/auth\/(phone|email\/register)/, ['anonymous', 'adult']],
      [/^\S+ \/api\/v1\/(pin$|pin\/(?!check|forgot|reset))/, ['holder']],
    ];
    const wrong: string[] = [];
    for (const [route, audience] of t.app.routeAudiences) {
      if (route === 'GET /api/v1/pin') continue; // the PIN's state, which a child profile's switcher reads
      for (const [pattern, allowed] of rules) if (pattern.test(route) && !allowed.includes(audience)) wrong.push(`${route}: ${audience}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('each caller outside a route’s audience is refused, each inside is not', () => {
  it('walks every route with no session, a virtual visitor, a child profile and the holder', { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    const routes = [...t.app.routeAudiences].filter(([, audience]) => audience !== 'internal');
    expect(routes.length).toBeGreaterThan(100);
    for (const [route, audience] of routes) {
      const [method, pattern] = route.split(' ') as [string, string];
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: urlOf(pattern),
          headers: { ...(await headersOf(caller)), ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: '{}' }),
        });
        const refusal = refusalFor(audience, caller);
        const code = res.statusCode >= 400 ? errorCodeOf(res.body) : undefined;
        // 502/503 in the error shape are upstream answers (the payment host is not running in this test).
        if (res.statusCode === 500 || (res.statusCode > 500 && !code)) problems.push(`${route} as ${caller}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (refusal && (res.statusCode !== refusal[0] || code !== refusal[1])) {
          problems.push(`${route} (${audience}) as ${caller}: expected ${refusal.join(' ')}, got ${res.statusCode} ${code ?? ''}`);
        } else if (!refusal && code && AUDIENCE_CODES.has(code) && !(OWN_TOKEN.has(route) && caller === 'nobody')) {
          problems.push(`${route} (${audience}) as ${caller}: refused for who it is (${res.statusCode} ${code}); declare the audience it needs`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('staff routes need a staff client and an account with a staff role (plugins/audience.ts)', () => {
  it('refuses a holder without the role over the staff client, and the role over the web client; lets the two together through', async () => {
    const staffKey = 'walk-staff-key-0001';
    await t.make.apiClient({ key: staffKey, platform: 'staff' });
    const staffRoutes = [...t.app.routeAudiences].filter(([, audience]) => audience === 'staff').map(([route]) => route);
    expect(staffRoutes.length).toBeGreaterThan(0);
    const callerWith = async (roles: string[], key: string | null) => {
      const user = await t.make.user({ roles });
      const { auth } = await t.make.session({ userId: user.id });
      return key ? { ...auth, 'x-api-key': key } : auth;
    };
    const problems: string[] = [];
    for (const route of staffRoutes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const callers: [string, Record<string, string>, boolean][] = [
        ['a holder without a role, staff client', await callerWith([], staffKey), false],
        ['a support account, web client', await callerWith(['support'], null), false],
        ['a support account, staff client', await callerWith(['support'], staffKey), true],
      ];
      for (const [who, headers, allowed] of callers) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: urlOf(pattern),
          headers: { ...headers, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          ...(method === 'GET' ? {} : { payload: '{}' }),
        });
        const code = res.statusCode >= 400 ? errorCodeOf(res.body) : undefined;
        if (!allowed && (res.statusCode !== 403 || code !== 'FORBIDDEN')) problems.push(`${route} as ${who}: expected 403 FORBIDDEN, got ${res.statusCode} ${code ?? ''}`);
        if (allowed && (res.statusCode >= 500 || code === 'FORBIDDEN' || (code && AUDIENCE_CODES.has(code)))) problems.push(`${route} as ${who}: refused (${res.statusCode} ${code ?? ''})`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('a child profile never touches money or the account', () => {
  it('is refused buying, deleting the account, renaming the holder, removing devices and reading the holder’s data, and nothing changes', async () => {
    const user = await t.make.user({ email: 'parent@example.ru' });
    const kid = await t.make.profile({ userId: user.id, isChild: true });
    const child = (await t.make.session({ userId: user.id, profileId: kid.id })).auth;
    const device = await t.make.device({ userId: user.id });
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/v1/billing/buy', { tariff_id: '00000000-0000-4000-8000-000000000000' }],
      ['POST', '/api/v1/account/delete', { code: '123456' }],
      ['POST', '/api/v1/account/delete/code', { channel: 'email' }],
      ['PUT', '/api/v1/account/person/name', { name: 'Взломщик' }],
      ['GET', '/api/v1/account/person'],
      ['GET', '/api/v1/account/payment_methods'],
      ['GET', '/api/v1/account/payment_history'],
      ['DELETE', `/api/v1/account/devices/${device.id}`],
      ['PUT', '/api/v1/subscribe/email', { subscribed: true }],
      ['POST', '/api/v1/promo/activate', { code: 'EKRAN30' }],
      ['POST', '/api/v1/auth/phone/verify', { phone: '+79991234567', code: '1234' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { ...child, 'idempotency-key': 'k-1' }, ...(body ? { payload: body } : {}) });
      expect([url, res.statusCode, ErrorSchema.parse(res.json()).code]).toEqual([url, 403, 'KIDS_PROFILE_RESTRICTED']);
    }
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.email).toBe('parent@example.ru');
    const devices = await t.app.inject({ url: '/api/v1/account/devices', headers: (await t.make.session({ userId: user.id })).auth });
    expect((devices.json<{ items: { id: string }[] }>()).items.map((d) => d.id)).toContain(device.id);
  });
});
