import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting of the API, parsed once; a bad value stops the start with a message naming it. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_HOST: z.string().default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** postgres://… switches from the embedded PGlite to PostgreSQL. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  /** Where PGlite keeps its data when DATABASE_URL is not set. */
  PGLITE_DIR: z.string().default('.data/pglite'),
  /** Seed the demo catalogue on start when the database has no titles. */
  SEED_ON_START: bool.default(true),
  /** HMAC secret for media URLs and session-independent signatures; at least 32 characters. */
  MEDIA_TOKEN_SECRET: z.string().min(32).default('dev-only-media-secret-change-me-in-production-0123456789'),
  /** HMAC secret of one-time codes (mail and SMS); at least 32 characters. */
  CODE_SECRET: z.string().min(32).default('dev-only-code-secret-change-me-in-production-0123456789'),
  /** Where mail and SMS go: the local outbox (readable in development and tests). */
  DELIVERY: z.enum(['outbox']).default('outbox'),
  /** Lifetime of a signed media URL. */
  MEDIA_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(6 * 3600),
  /** Folder with the HLS demo media (media/demo in the repository). */
  MEDIA_DIR: z.string().default('media/demo'),
  /** Folder for generated images (posters); recreated on demand. */
  IMAGE_CACHE_DIR: z.string().default('.data/images'),
  /** The web client's public API key (seeded as an API client). */
  WEB_API_KEY: z.string().min(8).default('ekran-web-public-key'),
  /** Country reported for visitors until GeoIP lookup is configured. */
  DEFAULT_COUNTRY_CODE: z.string().length(2).toUpperCase().default('RU'),
  /** How long public catalogue answers are kept in memory; 0 turns the cache off. */
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Session lifetime, sliding. */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  /** Mark the session cookie Secure (behind HTTPS). */
  COOKIE_SECURE: bool.default(false),
  // issue 3 devices and account
  /** How many devices a registered account may have signed in at once (virtual users are not limited). */
  DEVICE_LIMIT: z.coerce.number().int().min(1).max(100).default(5),
  /** redis://… makes rate limits shared by every API instance; unset keeps them in this process's memory. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  /** Prefix of every Redis key this API writes, so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('ekran:'),
  /** The site's public address, for links in letters (double opt-in, unsubscribe). */
  SITE_URL: z.url().default('http://localhost:3000').transform((v) => v.replace(/\/+$/, '')),
  /** Share of accounts (0–100) in the Double_Opt_In experiment: their email subscription waits for a confirmation link. */
  DOUBLE_OPT_IN_PERCENT: z.coerce.number().int().min(0).max(100).default(100),
});
export type Env = z.infer<typeof EnvSchema>;

/** Parses process.env (or a given record); throws an error that names each bad setting. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid API settings:\n${lines.join('\n')}`);
  }
  for (const key of ['MEDIA_TOKEN_SECRET', 'CODE_SECRET'] as const) {
    if (parsed.data.NODE_ENV === 'production' && parsed.data[key].startsWith('dev-only')) {
      throw new Error(`Invalid API settings:\n  ${key}: set a real secret in production`);
    }
  }
  return parsed.data;
}
