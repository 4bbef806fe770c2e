import { ErrorCode } from '@ekran/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, unauthorized } from '../lib/errors.ts';
import type { SessionContext } from '../modules/sessions/session-context.ts';

/**
 * Who may call a route (docs/decisions/035-route-audiences.md), from the widest to the narrowest:
 * - anonymous: anyone with the client's API key; a session, when one is sent, personalises the answer;
 * - virtual: any session, a virtual (not signed-up) visitor's included, in any profile;
 * - adult: any session in an adult profile, a virtual visitor's included: signing up, signing in by a code and
 *   linking add a way into the account, which a child profile must not (spec platform §6 parental PIN);
 * - registered: a signed-up account, in any profile (a child profile's own lists and PIN check);
 * - holder: a signed-up account in an adult profile, the account holder (money, the account, devices,
 *   linked identities and phones, promo codes, notifications: spec platform §6 keeps child profiles out);
 * - staff: a back-office client (an API client of the `staff` platform) over the session of a holder whose account
 *   has a staff role (STAFF_ROLES: `support` answers tickets); a leaked staff key alone, or a role from the
 *   viewers' web client, opens nothing;
 * - internal: machines that prove themselves by a signature the handler checks (payment and operator
 *   notifications); no API key and no session are read.
 */
export const AUDIENCES = ['anonymous', 'virtual', 'adult', 'registered', 'holder', 'staff', 'internal'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** The platform of API clients that may call staff routes. */
export const STAFF_PLATFORM = 'staff';
/** The account roles that make a holder staff (users.roles): support answers the tickets. */
export const STAFF_ROLES = ['support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route declares it, the app refuses to start otherwise. */
    audience?: Audience;
  }
  interface FastifyInstance {
    /** Every route's audience, `METHOD path` → audience (the audience walk test reads it). */
    routeAudiences: Map<string, Audience>;
  }
}

/** What the audience check needs of the caller. */
export interface Caller {
  session: SessionContext | null;
  /** Why a token the caller sent has no session (DEVICE_REMOVED or the plain 401). */
  sessionError?: AppError | null;
  /** The API client's platform (`staff` for back-office clients). */
  platform?: string | null;
}

/**
 * Refuses a caller outside the audience: 401 without a session, 403 REGISTRATION_REQUIRED for a virtual
 * visitor, 403 KIDS_PROFILE_RESTRICTED in a child profile, 403 FORBIDDEN for a non-staff client or an account
 * without a staff role. Routes whose
 * audience depends on the request (a social sign-in that is a link) call it themselves.
 */
export function requireAudience(audience: Audience, caller: Caller): void {
  if (audience === 'anonymous' || audience === 'internal') return;
  const { session } = caller;
  if (!session) throw caller.sessionError ?? unauthorized();
  if (audience === 'virtual') return;
  if (audience === 'adult') {
    if (session.isChild) throw kidsRestricted();
    return;
  }
  if (session.isVirtual) throw new AppError(403, ErrorCode.RegistrationRequired, 'Sign up or sign in first');
  if (audience === 'registered') return;
  if (session.isChild) throw kidsRestricted();
  if (audience === 'holder') return;
  if (caller.platform !== STAFF_PLATFORM) throw new AppError(403, ErrorCode.Forbidden, 'Staff only');
  if (!session.roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role))) throw new AppError(403, ErrorCode.Forbidden, 'Staff only: the account has no staff role');
}

const kidsRestricted = () => new AppError(403, ErrorCode.KidsProfileRestricted, 'Not available in a child profile');

/** The caller of a request, as the session and API-key plugins resolved it. */
export const callerOf = (request: FastifyRequest): Caller => ({
  session: request.session,
  sessionError: request.sessionError,
  platform: request.apiClient?.platform ?? null,
});

/**
 * Every route declares its audience in `config.audience`; a route without one stops the start, so a new
 * endpoint cannot be open by omission. One hook enforces it before validation and before any handler.
 * Registered after the session plugin, whose preValidation hook resolves the session first.
 */
export const audiencePlugin = fp(async (app: FastifyInstance) => {
  const audiences = new Map<string, Audience>();
  app.decorate('routeAudiences', audiences);

  app.addHook('onRoute', (route) => {
    const audience = route.config?.audience;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const name = `${methods.join(',')} ${route.url}`;
    if (!audience || !(AUDIENCES as readonly string[]).includes(audience)) {
      throw new Error(`route ${name} declares no audience (config.audience: ${AUDIENCES.join(' | ')})`);
    }
    // Signed machine calls carry no API key and no session; anything narrower needs the session the
    // key-checked path resolves.
    if (audience === 'internal' && !route.config?.public) throw new Error(`route ${name}: an internal route is public (no API key)`);
    if (route.config?.public && audience !== 'anonymous' && audience !== 'internal') {
      throw new Error(`route ${name}: a public route (no API key, no session) can only be anonymous or internal`);
    }
    for (const method of methods) if (method !== 'HEAD') audiences.set(`${method} ${route.url}`, audience);
  });

  app.addHook('preValidation', async (request) => {
    const audience = request.routeOptions.config?.audience;
    if (audience) requireAudience(audience, callerOf(request));
  });
});
