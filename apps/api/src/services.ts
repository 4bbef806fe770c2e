import type { Deps } from './deps.ts';
import type { JobsLogger } from './jobs/jobs.ts';
import { createAccountService } from './modules/account/account.service.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createPhoneService } from './modules/accounts/phone.service.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createArchiveService } from './modules/archive/archive.service.ts';
import { createBannersService } from './modules/banners/banners.service.ts';
import { createReconciler } from './modules/billing/billing.reconcile.ts';
import { createPaymentsService } from './modules/billing/billing-payments.service.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createLifecycleService } from './modules/billing/lifecycle.service.ts';
import { createCatalogTitlesService } from './modules/catalog/catalog-titles.service.ts';
import { createCatalogRevisionService } from './modules/catalog/catalog-revision.service.ts';
import { createCatalogService } from './modules/catalog/catalog.service.ts';
import { createCollectionsService } from './modules/collections/collections.service.ts';
import { createPeopleService } from './modules/collections/people.service.ts';
import { createPlaylistsService } from './modules/collections/playlists.service.ts';
import { createSelectionsService } from './modules/collections/selections.service.ts';
import { createTitleListsService } from './modules/collections/title-lists.service.ts';
import { createDevicesService } from './modules/devices/devices.service.ts';
import { createDeviceAuthService } from './modules/device-auth/device-auth.service.ts';
import { createEntitlementService } from './modules/entitlement/entitlement.service.ts';
import { createGenresService } from './modules/genres/genres.service.ts';
import { createJournalService } from './modules/journal/journal.service.ts';
import { createIdentityService, type AuthDataSources } from './modules/identity/identity.service.ts';
import { createSignIn } from './modules/identity/sign-in.ts';
import { createLandingsService } from './modules/landings/landings.service.ts';
import { createLegalService } from './modules/legal/legal.service.ts';
import { createListsService } from './modules/lists/lists.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createOffersService } from './modules/offers/offers.service.ts';
import { createSandboxOperatorGateway } from './modules/partners/operator.gateway.ts';
import { createOperatorRepo } from './modules/partners/operator.repo.ts';
import { createOperatorService } from './modules/partners/operator.service.ts';
import { createPlaybackService } from './modules/playback/playback.service.ts';
import { createPinRepo } from './modules/profiles/pin.repo.ts';
import { createPinService } from './modules/profiles/pin.service.ts';
import { createProfilesService } from './modules/profiles/profiles.service.ts';
import { createPromoService } from './modules/promo/promo.service.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createSitemapService } from './modules/sitemap/sitemap.service.ts';
import { createSocialRepo } from './modules/social/social.repo.ts';
import { createHelpCentreService } from './modules/support/help-centre.service.ts';
import { createTicketsService } from './modules/support/tickets.service.ts';
import { createStreamSessionsService } from './modules/streams/stream-sessions.service.ts';
import { createStreamGuard, createStreamsService } from './modules/streams/streams.service.ts';
import { createTvPlaybackService } from './modules/tv-playback/tv-playback.service.ts';
import { createTvService } from './modules/tv/tv.service.ts';

/**
 * The composition root of the API's services (docs/decisions/040-api-composition-root.md): each is built once, in
 * the order of the module graph, from the shared handles and the services it uses; a service never builds another.
 * Routes, plugins and jobs read them from `app.services`.
 */
export function createServices(deps: Deps, log: JobsLogger) {
  const { db } = deps.database;
  // The public catalogue's answers are the same for everyone and kept briefly (CATALOG_CACHE_SECONDS).
  // Read by every web process's page cache every few seconds and by the caches below: one read a second serves them
  // all, and a change of the catalogue reaches every API process's caches within that second (decision 044).
  const catalogRevision = createCatalogRevisionService(db, { ttlMs: 1000, now: () => deps.now().getTime() });
  const cache = { cacheTtlMs: deps.env.CATALOG_CACHE_SECONDS * 1000, revision: catalogRevision.current };

  // The catalogue, low: the modules that list titles read its titles and cards.
  const catalogTitles = createCatalogTitlesService(db);
  const selections = createSelectionsService(db, { ...cache, log }, { catalog: catalogTitles });
  const catalog = createCatalogService(db, cache, { selections });
  const genres = createGenresService(db, cache, { catalog });
  const search = createSearchService(db, { catalog: catalogTitles });
  const collections = createCollectionsService(db, cache, { catalog: catalogTitles });
  const people = createPeopleService(db, cache, { catalog: catalogTitles });
  const playlists = createPlaylistsService(db, cache);
  const titleLists = createTitleListsService(db, cache, { catalog: catalogTitles, selections });
  const banners = createBannersService(db, { ...cache, now: deps.now });
  const sitemap = createSitemapService(db, { ...cache, now: deps.now });
  const tv = createTvService(deps);
  const archive = createArchiveService(deps);
  // The journal: articles with cards of the titles they mention, kept like the catalogue (decision 052).
  const journal = createJournalService(db, { ...cache, now: deps.now, siteOrigin: deps.env.WEB_ORIGIN }, { catalog: catalogTitles });

  // Sessions and accounts, low: everything that knows the caller reads them.
  const { identity, signIn } = createAuthServices(deps);
  const auth = { identity, signIn };
  // Legal documents, static pages and the consent log the sign-up and payment routes write to (decision 050).
  const legal = createLegalService(deps);
  const devices = createDevicesService(deps, { identity });
  // A TV signed in by a code confirmed on the site (RFC 8628): through the one sign-in.
  const deviceAuth = createDeviceAuthService(deps, auth);
  const accounts = createAccountsService(deps, auth, deps.delivery);
  const phone = createPhoneService(deps, auth, deps.delivery);
  const pin = createPinService(deps, deps.delivery);
  const profiles = createProfilesService(deps, { identity, pin });
  const notifications = createNotificationsService(deps, deps.delivery);
  const lists = createListsService(deps, { catalog: catalogTitles });
  const analytics = createAnalyticsService(db);

  // spec platform §4 Playback gating: one gate (entitlement) for VOD (playback) and TV (tv-playback); streams count
  // and renew both.
  const entitlement = createEntitlementService(deps, { revision: catalogRevision.current });
  const streamSessions = createStreamSessionsService(deps);
  const playback = createPlaybackService(deps, { entitlement, streams: streamSessions, catalog: { revision: catalogRevision.current } });
  const tvPlayback = createTvPlaybackService(deps, { entitlement, streams: streamSessions });
  const streams = createStreamsService(deps, { playback, tv: tvPlayback });
  const streamGuard = createStreamGuard(deps);
  // The shell's popups (spec platform §4 Offers): who is a subscriber is entitlement's answer.
  const offers = createOffersService(deps, { entitlement, catalog: { revision: catalogRevision.current } });

  // Money: the subscriptions' lifecycle (renewals, expiry, pending changes), payments and their reconciliation.
  const lifecycle = createLifecycleService({ db, now: deps.now });
  const account = createAccountService(deps, { lifecycle }, deps.delivery);
  const billing = createBillingService(deps);
  const payments = createPaymentsService(deps, { entitlement });
  // Notifications can be missed: the queue compares unsettled orders with the provider's record (decision 032).
  const reconcile = createReconciler({ ...deps, log }, payments);
  const promo = createPromoService(deps, { identity, accounts });
  const landings = createLandingsService(deps, { catalog: catalogTitles });
  // The mobile operator (МегаФон): its sign-in is the phone sign-in; the sandbox operator until a real adapter exists.
  const operator = createOperatorService(deps, auth, { phone }, createSandboxOperatorGateway());

  // ---- The help centre and support tickets (their letters go through the one delivery)
  const helpCentre = createHelpCentreService(db);
  const tickets = createTicketsService(deps, deps.delivery);

  return {
    catalogTitles, selections, catalog, catalogRevision, genres, search, collections, people, playlists, titleLists, banners, sitemap, tv, archive, journal,
    identity, signIn, devices, deviceAuth, accounts, phone, pin, profiles, notifications, lists, analytics,
    entitlement, streamSessions, playback, tvPlayback, streams, streamGuard, offers,
    lifecycle, account, billing, payments, reconcile, promo, landings, operator, legal,
    helpCentre, tickets,
  };
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
