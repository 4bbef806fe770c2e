import type { Deps } from './deps.ts';
import { createCatalogTitlesService } from './modules/catalog/catalog-titles.service.ts';
import { createDevicesService } from './modules/devices/devices.service.ts';
import { createLifecycleService } from './modules/billing/lifecycle.service.ts';
import { createEntitlementService } from './modules/entitlement/entitlement.service.ts';
import { createIdentityService, type AuthDataSources } from './modules/identity/identity.service.ts';
import { createSignIn } from './modules/identity/sign-in.ts';
import { createOperatorRepo } from './modules/partners/operator.repo.ts';
import { createPinRepo } from './modules/profiles/pin.repo.ts';
import { createSocialRepo } from './modules/social/social.repo.ts';
import { createOffersService } from './modules/offers/offers.service.ts';
import { createPlaybackService } from './modules/playback/playback.service.ts';
import { createStreamSessionsService } from './modules/streams/stream-sessions.service.ts';
import { createStreamGuard, createStreamsService } from './modules/streams/streams.service.ts';
import { createTvPlaybackService } from './modules/tv-playback/tv-playback.service.ts';

/**
 * The composition root of the API's services (docs/decisions/040-api-composition-root.md): each is built once, in
 * the order of the module graph, from the shared handles and the services it uses; a service never builds another.
 * Routes and plugins read them from `app.services`.
 */
export function createServices(deps: Deps) {
  // The catalogue, low: the modules that list titles read it.
  const catalogTitles = createCatalogTitlesService(deps.database.db);
  // Sessions and accounts, low: everything that knows the caller reads them.
  const { identity, signIn } = createAuthServices(deps);
  const devices = createDevicesService(deps, { identity });
  // spec platform §4 Playback gating: one gate (entitlement) for VOD (playback) and TV (tv-playback); streams count
  // and renew both.
  const entitlement = createEntitlementService(deps);
  const streamSessions = createStreamSessionsService(deps);
  const playback = createPlaybackService(deps, { entitlement, streams: streamSessions });
  const tvPlayback = createTvPlaybackService(deps, { entitlement, streams: streamSessions });
  const streams = createStreamsService(deps, { playback, tv: tvPlayback });
  const streamGuard = createStreamGuard(deps);
  // The shell's popups (spec platform §4 Offers): who is a subscriber is entitlement's answer.
  const offers = createOffersService(deps, { entitlement });
  // The subscriptions' lifecycle (renewals, expiry, the pending changes the account page shows).
  const lifecycle = createLifecycleService({ db: deps.database.db, now: deps.now });
  return { catalogTitles, identity, signIn, devices, lifecycle, entitlement, streamSessions, playback, tvPlayback, streams, streamGuard, offers };
}
export type Services = ReturnType<typeof createServices>;

/**
 * Identity and the one sign-in, with the auth data's readers of the modules above identity (social identities,
 * parental control, the operator subscription): read straight from their tables, as those modules sign in through
 * identity and so cannot be called by it.
 */
export function createAuthServices(deps: Pick<Deps, 'env' | 'database' | 'now'>) {
  const social = createSocialRepo(deps.database.db);
  const pins = createPinRepo(deps.database.db);
  const operator = createOperatorRepo(deps.database.db);
  const sources: AuthDataSources = {
    socialIdentities: (userId) => social.listIdentities(userId),
    pinFacts: (userId) => pins.facts(userId),
    operatorSubscription: async (userId, now) => (await operator.liveWithTariff(userId, now))?.subscription ?? null,
  };
  const identity = createIdentityService(deps, sources);
  return { identity, signIn: createSignIn(deps, { identity }) };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services of the API, built once by createServices. */
    services: Services;
  }
}
