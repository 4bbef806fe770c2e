import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { DbHandle } from '@ekran/db';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './env.ts';
import { apiKeyPlugin } from './plugins/api-key.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { sessionPlugin } from './plugins/session.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { imageRoutes } from './modules/images/images.routes.ts';
import { mediaRoutes } from './modules/playback/media.routes.ts';
import { playbackRoutes } from './modules/playback/playback.routes.ts';
// social sign-in (issue 3: social)
import { devIdpRoutes } from './modules/social/dev-idp/dev-idp.routes.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';

/** What the app needs from outside; tests pass their own. */
export interface AppDeps {
  env: Env;
  database: DbHandle;
  /** The clock every rule reads, so tests can move time. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Pick<AppDeps, 'env' | 'database' | 'now'>>;
  }
}

/** Builds the API without listening; server.ts listens, tests call inject(). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: true,
    // Long enough for slow clients, short enough to shed dead ones.
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('deps', { env: deps.env, database: deps.database, now: deps.now ?? (() => new Date()) });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
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
  await app.register(rateLimit, { global: false, hook: 'preHandler' });
  await app.register(apiKeyPlugin);
  await app.register(sessionPlugin);

  await app.register(healthRoutes);
  await app.register(identityRoutes);
  await app.register(accountsRoutes);
  await app.register(catalogRoutes);
  await app.register(playbackRoutes);
  await app.register(mediaRoutes);
  await app.register(imageRoutes);
  // social sign-in (issue 3: social); the development identity provider only where it may run
  await app.register(socialRoutes);
  await app.register(devIdpRoutes);
  await app.register(profilesRoutes); // issue 3 profiles: profiles, avatars, parental PIN

  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
  await app.ready();
  return app;
}
