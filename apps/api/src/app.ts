import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { ACCOUNT_CHANGES_CHANNEL, type DbHandle } from '@ekran/db';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from './deps.ts';
import type { Env } from './env.ts';
import { createServices } from './services.ts';
import { createDelivery } from './modules/delivery/delivery.ts';
import { memoSerializerCompiler } from './lib/memo-serializer.ts';
import { apiKeyPlugin } from './plugins/api-key.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { audiencePlugin } from './plugins/audience.ts';
import { inputGuardPlugin, inputGuardServerOptions } from './plugins/input-guard.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { requestIdOf, requestIdPlugin } from './plugins/request-id.ts';
import { sessionPlugin } from './plugins/session.ts';
import { limitsPlugin } from './lib/lockout.ts';
import { geoPlugin } from './lib/geo-plugin.ts'; // The visitor's country (spec platform §6)
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { genresRoutes } from './modules/genres/genres.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { imageRoutes } from './modules/images/images.routes.ts';
import { mediaRoutes } from './modules/playback/media.routes.ts';
import { playbackRoutes } from './modules/playback/playback.routes.ts';
// social sign-in
import { devIdpRoutes } from './modules/social/dev-idp/dev-idp.routes.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { deviceAuthRoutes } from './modules/device-auth/device-auth.routes.ts'; // a TV signed in by a code (RFC 8628)
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { sitemapRoutes } from './modules/sitemap/sitemap.routes.ts';
// Collections, hashtags, selections, playlists, people
import { collectionsRoutes } from './modules/collections/collections.routes.ts';
import { peopleRoutes } from './modules/collections/people.routes.ts';
import { playlistsRoutes } from './modules/collections/playlists.routes.ts';
import { selectionsRoutes } from './modules/collections/selections.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts'; // search
// Banners (posters by location)
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { listsRoutes } from './modules/lists/lists.routes.ts';
// Analytics events of the site
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
// ---- The collections and selections of a title (its sub-pages)
import { titleListsRoutes } from './modules/collections/title-lists.routes.ts';
// ---- The journal (rubrics, articles, RSS, a title's articles)
import { journalRoutes } from './modules/journal/journal.routes.ts';
// ---- Simultaneous streams, the tariff list
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { streamsRoutes } from './modules/streams/streams.routes.ts';
// ---- Promo codes, gift certificates, coupons
import { promoRoutes } from './modules/promo/promo.routes.ts';
// ---- The mobile-operator customer
import { operatorRoutes } from './modules/partners/operator.routes.ts';
// ---- The job queue, the subscription lifecycle schedules, renewal on/off
import { createJobs, type JobsTiming } from './jobs/jobs.ts';
import { registerLifecycleJobs, type RenewDue } from './modules/billing/lifecycle.jobs.ts';
import { recurrentRoutes } from './modules/billing/recurrent.routes.ts';
// ---- Payments
import { billingPaymentRoutes } from './modules/billing/billing-payments.routes.ts';
import { billingDevRoutes } from './modules/billing/billing.dev.routes.ts';
import { renewDue } from './modules/billing/billing.renewal.ts';
import { providersFromEnv, type PaymentProviders } from './modules/billing/providers/index.ts';
// ---- Landings and the offers of the shell's popups
import { landingsRoutes } from './modules/landings/landings.routes.ts';
import { offersRoutes } from './modules/offers/offers.routes.ts';
// ---- Live TV and recordings (checks, now/next, the signed playlists)
import { tvMediaRoutes } from './modules/tv-playback/tv-media.routes.ts';
import { tvPlaybackRoutes } from './modules/tv-playback/tv-playback.routes.ts';
// ---- Live TV data, favorite channels, the guide's import schedule, the catch-up archive
import { archiveRoutes } from './modules/archive/archive.routes.ts';
import { registerTvJobs } from './modules/tv/tv.jobs.ts';
import { tvRoutes } from './modules/tv/tv.routes.ts';
// ---- Legal documents and their versions, static pages, the consent log
import { legalRoutes } from './modules/legal/legal.routes.ts';
// ---- The help centre and support tickets (the viewer's, a guest's, support's)
import { supportDevRoutes } from './modules/support/support.dev.routes.ts';
import { supportStaffRoutes } from './modules/support/support-staff.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { ApiRoute } from '@ekran/contracts';

/** What the app needs from outside; tests pass their own. */
export interface AppDeps {
  env: Env;
  database: DbHandle;
  /** The clock every rule reads, so tests can move time. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** Charges the subscriptions due at `now` (the billing module's renewDue), run on RENEWALS_CRON. */
  renewDue?: RenewDue;
  /** Faster polling for tests that turn JOBS_ENABLED on. */
  jobsTiming?: Partial<JobsTiming>;
  /** The payment providers (tests pass a sandbox over a fake host); default: from the settings. */
  payments?: PaymentProviders;
}

/** Builds the API without listening; server.ts listens, tests call inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...inputGuardServerOptions, // malformed paths, over-long params and heads answered in the error shape
    logger: deps.logger ?? false,
    // X-Forwarded-For only from these peers: the web server and proxies in front (TRUST_PROXY).
    trustProxy: deps.env.TRUST_PROXY,
    // Long enough for slow clients, short enough to shed dead ones.
    requestTimeout: 30_000,
    // The id nginx and the site pass on, when sane (plugins/request-id.ts); Fastify would take any header value.
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();

  // One delivery of mail and SMS for every module that sends (its SMTP connection is closed with the app).
  const mail = createDelivery(deps.env, deps.database.db, app.log);
  app.addHook('onClose', async () => mail.close());
  const handles: Deps = {
    env: deps.env,
    database: deps.database,
    now: deps.now ?? (() => new Date()),
    payments: deps.payments ?? providersFromEnv(deps.env),
    delivery: mail.delivery,
    outbox: mail.outbox,
  };
  app.decorate('deps', handles);
  app.decorate('services', createServices(handles, app.log));
  // Sessions are kept in this process only while it hears the database announce every change of an account
  // (modules/identity/session-cache.ts, decision 049).
  if (deps.env.ACCOUNT_CACHE_SECONDS > 0) {
    const { identity } = app.services;
    const listener = await deps.database.listen(ACCOUNT_CHANGES_CHANNEL, { notice: identity.accountChanged, heard: identity.accountChangesHeard });
    identity.hearAccountChangesWith(listener);
    app.addHook('onClose', () => listener.stop());
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoSerializerCompiler); // a cached answer is encoded once (lib/memo-serializer.ts)

  await app.register(errorsPlugin);
  // First among the hooks: an answer refused by any later one still names its request.
  await app.register(requestIdPlugin);
  // Before every route, whose context takes the hooks registered so far.
  await app.register(metricsPlugin);
  await app.register(inputGuardPlugin); // bad input is a 400 before any hook or handler reads it
  // The API answers JSON and media, never a page to render: nothing may load, frame or sniff it. Its few HTML pages
  // (the development identity provider) set their own nonce policy. HSTS only in production, which runs behind HTTPS.
  // docs/decisions/034-production-guards-and-headers.md
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Images and media are read by the site's pages through its /api proxy (same origin) or a sibling host.
    crossOriginResourcePolicy: { policy: 'same-site' },
    strictTransportSecurity: deps.env.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Ekran API', version: '1.0.0', description: 'The API of the Ekran online cinema.' },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          session: { type: 'apiKey', in: 'cookie', name: 'ekran_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Schemas with an id (zod .meta({ id })) become components the operations refer to.
    transformObject: jsonSchemaTransformObject,
  });
  // Limits are per route (lib/rate-limit.ts); preHandler so a key can name the account from the body.
  // With REDIS_URL the counters live in Redis, so every API instance counts against the same limit.
  const redis = deps.env.REDIS_URL ? await connectRedis(deps.env.REDIS_URL, app.log) : null;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  await app.register(rateLimit, {
    global: false,
    hook: 'preHandler',
    ...(redis ? { redis, nameSpace: `${deps.env.REDIS_KEY_PREFIX}rate-limit:`, skipOnError: true } : {}),
  });
  await app.register(apiKeyPlugin);
  // Before the session plugin, whose sessions (and auth data) carry the visitor's country
  await app.register(geoPlugin, { settings: deps.env });
  await app.register(sessionPlugin);
  // Every route declares who may call it; this refuses the rest before validation and any handler.
  await app.register(audiencePlugin);
  // Brute-force limits of route config.attempts (lib/lockout.ts), after the session they may count by and the
  // audience (a refused caller is no attempt); on the same Redis as the rate limits, else in the database.
  await app.register(limitsPlugin, { redis, prefix: deps.env.REDIS_KEY_PREFIX });

  await app.register(healthRoutes);
  await app.register(identityRoutes);
  await app.register(accountsRoutes);
  await app.register(catalogRoutes);
  await app.register(genresRoutes); // /api/v1/genres, /api/v1/genres/:alias
  await app.register(playbackRoutes);
  await app.register(mediaRoutes);
  await app.register(imageRoutes);
  // social sign-in; the development identity provider only where it may run
  await app.register(socialRoutes);
  await app.register(devIdpRoutes);
  await app.register(profilesRoutes); // Profiles, avatars, parental PIN
  await app.register(devicesRoutes);
  await app.register(deviceAuthRoutes);
  await app.register(accountRoutes);
  await app.register(notificationsRoutes);
  await app.register(sitemapRoutes);
  await app.register(collectionsRoutes);
  await app.register(selectionsRoutes);
  await app.register(playlistsRoutes);
  await app.register(peopleRoutes);
  await app.register(searchRoutes); // search
  await app.register(bannersRoutes);
  await app.register(listsRoutes); // Favorites, progress, history, ratings of the current profile
  await app.register(analyticsRoutes);
  await app.register(titleListsRoutes); // GET /api/v1/watch/:alias/lists
  await app.register(journalRoutes); // /api/v1/journal/…, GET /api/v1/watch/:alias/articles
  await app.register(streamsRoutes);
  await app.register(billingRoutes);
  await app.register(promoRoutes);
  await app.register(operatorRoutes); // (the sandbox operator until a real adapter exists)
  await app.register(recurrentRoutes); // POST /api/v1/billing/recurrent
  await app.register(landingsRoutes);
  await app.register(offersRoutes);

  // ---- Background jobs (JOBS_ENABLED; off under tests unless a test turns it on)
  const jobs = createJobs({ database: deps.database, env: deps.env, logger: app.log, timing: deps.jobsTiming });
  app.decorate('jobs', jobs);
  // The renewal schedule charges what is due through the billing module (a test may pass its own).
  const renewDueNow: RenewDue = deps.renewDue ?? ((now) => renewDue(app.deps, now));
  await registerLifecycleJobs(jobs, { now: app.deps.now, lifecycle: app.services.lifecycle, env: deps.env, logger: app.log, renewDue: renewDueNow });
  await registerTvJobs(jobs, { db: deps.database.db, now: app.deps.now, env: deps.env, logger: app.log }); // TV_IMPORT_CRON
  app.addHook('onReady', async () => jobs.start());
  // Graceful: running jobs finish before the database closes (server.ts closes it after app.close()).
  app.addHook('onClose', async () => jobs.stop());
  await app.register(billingPaymentRoutes); // Payment links, buy, orders, notifications, payment methods, history
  // A development shortcut to a subscription's billing window; never in production (decision 034).
  if (deps.env.NODE_ENV !== 'production') await app.register(billingDevRoutes);
  // ---- /api/v1/tv-playback (checks, now/next, recordings) and the signed playlists under /api/tv
  await app.register(tvPlaybackRoutes);
  await app.register(tvMediaRoutes);
  await app.register(tvRoutes); // GET TV, channels with a day's guide, on air, categories, favorite channels (RU only)
  await app.register(archiveRoutes); // /api/v2/multiplex/catchups, its filters, search and items (RU only)
  await app.register(legalRoutes); // /api/v1/legal…, /api/v1/content/pages/:alias, /api/v1/account/consents

  await app.register(supportRoutes); // /api/v1/support/… (help centre, tickets, a guest's ticket)
  await app.register(supportStaffRoutes); // /api/v1/support/staff/… (audience staff)
  // Making an account support staff by a call; never in production (decision 051).
  if (deps.env.NODE_ENV !== 'production') await app.register(supportDevRoutes);

  app.get(ApiRoute.openapi, { schema: { hide: true }, config: { public: true, audience: 'anonymous' } }, async () => app.swagger());
  await app.ready();
  return app;
}

/**
 * The Redis client of shared rate limits, connected (or given up on after a few seconds: the API starts
 * anyway). Commands fail fast while Redis is away (the limiter then lets requests through rather than
 * failing sign-ins; the errors are logged), and the client reconnects on its own.
 */
async function connectRedis(url: string, log: FastifyInstance['log']): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 3000 });
  redis.on('error', (err: Error) => log.warn({ err }, `redis: ${err.message}`));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      log.error('redis: not reachable at start; rate limits are not enforced until it is');
      resolve();
    }, 3000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}
