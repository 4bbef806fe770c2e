import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionContext } from '../modules/identity/identity.service.ts';
import { audiencePlugin, requireAudience, type Audience } from './audience.ts';

const session = (o: Partial<SessionContext> = {}): SessionContext => ({
  sessionId: 's', userId: 'u', profileId: 'p', deviceId: null, isVirtual: false, isChild: false, ageCap: null, countryCode: 'RU', token: 't', accountVersion: 0, roles: [], ...o,
});

async function appWith(config: Record<string, unknown>) {
  const app = Fastify();
  await app.register(audiencePlugin);
  app.get('/x', { config }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('audiencePlugin', () => {
  it('refuses to start with a route that declares no audience, or an unknown one', async () => {
    await expect(appWith({})).rejects.toThrow('route GET /x declares no audience');
    await expect(appWith({ audience: 'everyone' })).rejects.toThrow('declares no audience');
  });

  it('refuses a public route (no API key, no session) narrower than anonymous, and an internal route with an API key', async () => {
    await expect(appWith({ public: true, audience: 'holder' })).rejects.toThrow('can only be anonymous or internal');
    await expect(appWith({ audience: 'internal' })).rejects.toThrow('an internal route is public');
  });

  it('keeps every route’s audience for the walk', async () => {
    const app = await appWith({ audience: 'holder' });
    expect([...app.routeAudiences]).toEqual([['GET /x', 'holder']]);
  });
});

describe('requireAudience', () => {
  const table: [Audience, SessionContext | null, string | null][] = [
    ['anonymous', null, null],
    ['virtual', null, 'UNAUTHORIZED'],
    ['virtual', session({ isVirtual: true }), null],
    ['virtual', session({ isChild: true }), null],
    ['adult', session({ isVirtual: true }), null],
    ['adult', session({ isChild: true }), 'KIDS_PROFILE_RESTRICTED'],
    ['registered', session({ isVirtual: true }), 'REGISTRATION_REQUIRED'],
    ['registered', session({ isChild: true }), null],
    ['holder', null, 'UNAUTHORIZED'],
    ['holder', session({ isVirtual: true }), 'REGISTRATION_REQUIRED'],
    ['holder', session({ isChild: true }), 'KIDS_PROFILE_RESTRICTED'],
    ['holder', session(), null],
    ['staff', session(), 'FORBIDDEN'],
    ['staff', session({ roles: ['support'] }), 'FORBIDDEN'],
    ['internal', null, null],
  ];
  it.each(table)('%s with %o → %s', (audience, s, code) => {
    const run = () => requireAudience(audience, { session: s });
    if (code) expect(run).toThrow(expect.objectContaining({ code }));
    else expect(run).not.toThrow();
  });

  it('lets a staff client with the session of a holder with a staff role through', () => {
    expect(() => requireAudience('staff', { session: session({ roles: ['support'] }), platform: 'staff' })).not.toThrow();
  });

  it.each<[string, SessionContext | null, string]>([
    ['no session', null, 'UNAUTHORIZED'],
    ['a holder without a staff role', session(), 'FORBIDDEN'],
    ['a holder with a role that is not staff', session({ roles: ['editor'] }), 'FORBIDDEN'],
    ['a support account in a child profile', session({ roles: ['support'], isChild: true }), 'KIDS_PROFILE_RESTRICTED'],
    ['a virtual visitor', session({ roles: ['support'], isVirtual: true }), 'REGISTRATION_REQUIRED'],
  ])('refuses a staff client with %s', (_, s, code) => {
    expect(() => requireAudience('staff', { session: s, platform: 'staff' })).toThrow(expect.objectContaining({ code }));
  });
});
