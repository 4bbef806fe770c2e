import { z } from 'zod';
import { isCidr } from './lib/ip-ranges.ts';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** An optional setting where an empty value (SMTP_URL= in .env) means unset. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
/** A setting that may be absent or empty (both mean unset). */
const optionalText = z.string().trim().optional().transform((v) => v || undefined);

// "10.0.0.0/8, 2001:db8::/32" -> normalized CIDRs; a bad entry stops the start naming it.
const cidrList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const entries = value.split(',').map((v) => v.trim()).filter(Boolean);
    const bad = entries.filter((e) => !isCidr(e));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `not a CIDR (address/prefix, IPv4 or IPv6): ${bad.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

// "UA, LV" -> ['UA', 'LV'] (ISO 3166-1 alpha-2, upper case); a bad entry stops the start naming it.
const countryList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const entries = value.split(',').map((v) => v.trim()).filter(Boolean);
      const bad = entries.filter((e) => !/^[A-Za-z]{2}$/.test(e));
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: `not a two-letter country code (ISO 3166-1 alpha-2): ${bad.join(', ')}` });
        return z.NEVER;
      }
      return [...new Set(entries.map((e) => e.toUpperCase()))];
    });

// Five cron fields (minute hour day month weekday) of digits, *, /, commas and ranges.
const cron = z
  .string()
  .trim()
  .regex(/^(?:[\d*/,-]+\s+){4}[\d*/,-]+$/, 'a cron of five fields, e.g. */5 * * * *');

/**
 * The development defaults: they let the offline demo run without settings, and a production start refuses each
 * of them (loadEnv), since anyone who reads this repository knows them.
 */
export const DEV_DEFAULTS = {
  MEDIA_TOKEN_SECRET: 'dev-only-media-secret-change-me-in-production-0123456789',
  CODE_SECRET: 'dev-only-code-secret-change-me-in-production-0123456789',
  WEB_API_KEY: 'ekran-web-public-key',
  PAYMENTS_API_SECRET: 'sandbox-secret-change-me',
} as const;

/**
 * The operator's demo requisites: the offline demo shows them (the pages say they are demo values) until a deployment
 * sets its own COMPANY_* settings.
 */
export const DEMO_COMPANY = {
  COMPANY_NAME: 'ООО «Экран» (демо-реквизиты)',
  COMPANY_INN: '7700000000',
  COMPANY_OGRN: '1027700000000',
  COMPANY_KPP: '770001001',
  COMPANY_ADDRESS: '123112, г. Москва, Пресненская набережная, д. 0 (демо-адрес)',
  COMPANY_EMAIL: 'support@ekran.ru',
  COMPANY_PHONE: '8 800 700-12-34',
} as const;

/** Every setting of the API, parsed once; a bad value stops the start with a message naming it. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_HOST: z.string().default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  /**
   * Peers whose X-Forwarded-For is believed (addresses, subnets or loopback/linklocal/uniquelocal, comma
   * separated): the web server and proxies in front. Others cannot pick the address rate limits count.
   */
  TRUST_PROXY: z.string().trim().min(1).default('loopback'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The port of the Prometheus listener (GET /metrics), never the API's; unset: no listener. */
  METRICS_PORT: unsetWhenEmpty(z.coerce.number({ error: 'must be a port number' }).int('must be a port number').min(1, 'must be a port number (1–65535)').max(65535, 'must be a port number (1–65535)')),
  /** Where the Prometheus listener binds: loopback by default, the scraper's network when it runs elsewhere. */
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** postgres://… switches from the embedded PGlite to PostgreSQL. */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  /** Where PGlite keeps its data when DATABASE_URL is not set. */
  PGLITE_DIR: z.string().default('.data/pglite'),
  /** Seed the demo catalogue on start when the database has no titles. */
  SEED_ON_START: bool.default(true),
  /** HMAC secret for media URLs and session-independent signatures; at least 32 characters. */
  MEDIA_TOKEN_SECRET: z.string().min(32).default(DEV_DEFAULTS.MEDIA_TOKEN_SECRET),
  /** HMAC secret of one-time codes (mail and SMS); at least 32 characters. */
  CODE_SECRET: z.string().min(32).default(DEV_DEFAULTS.CODE_SECRET),
  // ---- accounts: where mail and SMS go, and the site their links open
  /** Mail: outbox (stored in the database, readable in development) or smtp (sent through SMTP_URL). */
  MAIL_DELIVERY: z.enum(['outbox', 'smtp']).default('outbox'),
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465; needed when MAIL_DELIVERY=smtp. */
  SMTP_URL: unsetWhenEmpty(z.string().regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL with a host')),
  /** The sender of letters, "Экран <noreply@example.ru>" or a bare address; needed when MAIL_DELIVERY=smtp. */
  MAIL_FROM: unsetWhenEmpty(z.string().regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/, 'must be an address or "Name <address>"')),
  /** SMS: outbox (stored in the database) or http (a JSON POST to SMS_GATEWAY_URL, see README). */
  SMS_DELIVERY: z.enum(['outbox', 'http']).default('outbox'),
  /** The SMS gateway's endpoint; needed when SMS_DELIVERY=http. */
  SMS_GATEWAY_URL: unsetWhenEmpty(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  /** Bearer token of the SMS gateway (at least 8 characters); needed when SMS_DELIVERY=http. */
  SMS_GATEWAY_TOKEN: unsetWhenEmpty(z.string().min(8, 'at least 8 characters')),
  /** How long one SMS gateway call may take, in milliseconds. */
  SMS_GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  // ---- end accounts
  /** Lifetime of a signed media URL; short, because the player's heartbeats renew it. */
  MEDIA_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(300),
  /** Folder with the HLS demo media (media/demo in the repository). */
  MEDIA_DIR: z.string().default('media/demo'),
  /** Folder for generated images (posters); recreated on demand. */
  IMAGE_CACHE_DIR: z.string().default('.data/images'),
  /** The most the image cache keeps on disk, in megabytes; the least recently used images go first. */
  IMAGE_CACHE_MAX_MB: z.coerce.number().positive().max(1_000_000).default(1024),
  /** Images one address may have rendered a minute (answers from the cache are not counted); more answer 429. */
  IMAGE_RENDERS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(300),
  /** The web client's public API key (seeded as an API client). */
  WEB_API_KEY: z.string().min(8).default(DEV_DEFAULTS.WEB_API_KEY),
  /** The country of visitors the GeoIP lookup cannot place (loopback, private networks, unknown addresses). */
  DEFAULT_COUNTRY_CODE: z.string().length(2).toUpperCase().default('RU'),
  // ---- Geo rules (spec platform §6) and the TV programme guide
  /** One country for every visitor (development and tests), two letters; unset: looked up by address. */
  GEO_COUNTRY_OVERRIDE: unsetWhenEmpty(z.string().regex(/^[A-Za-z]{2}$/, 'two letters, e.g. RU or DE').toUpperCase()),
  /** An MMDB country database (MaxMind or DB-IP layout); unset: the packaged DB-IP Lite file; off: no lookup. */
  GEOIP_DB_PATH: optionalText,
  /** The XMLTV guide the schedule imports (a file path or an http(s) URL); unset: the generated demo guide. */
  TV_XMLTV_SOURCE: optionalText,
  /** When the guide is imported (cron, UTC); hourly by default, so the demo guide never runs out. */
  TV_IMPORT_CRON: cron.default('23 * * * *'),
  /** How long public catalogue answers are kept in memory; 0 turns the cache off. */
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * How long a session, its account's auth data and entitlement facts are kept in this process; 0 turns it off.
   * A change of the account or the session is seen at once whatever this says (the account's version and the
   * database's announcements, decisions 047 and 049); this bounds only what time alone changes (a period ending).
   */
  ACCOUNT_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** Session lifetime, sliding. */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(90),
  /** Mark the cookies Secure (behind HTTPS); unset: on in production, off otherwise. */
  COOKIE_SECURE: bool.optional(),

  // social sign-in; docs/decisions/007-social-sign-in.md
  /** The public origin of the site: links in letters (email confirmation, forgotten PIN, double opt-in, unsubscribe) and social sign-in callbacks ({WEB_ORIGIN}/token/{provider}). */
  WEB_ORIGIN: z.url().regex(/^https?:\/\/[^/]+$/, 'an origin such as https://ekran.ru (no path, no trailing slash)').default('http://localhost:3000'),
  /** The development identity provider stands in for providers without settings; on outside production by default, refused in production. */
  SOCIAL_DEV_PROVIDER: bool.optional(),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** Sign in with Apple: the Services ID, the team, and the key (PEM of the .p8 file; \n for line breaks is fine). */
  APPLE_CLIENT_ID: optionalText,
  APPLE_TEAM_ID: optionalText,
  APPLE_KEY_ID: optionalText,
  APPLE_PRIVATE_KEY: optionalText,
  /** VK ID: the application id (VK ID exchanges codes with PKCE, without a secret). */
  VK_CLIENT_ID: optionalText,
  YANDEX_CLIENT_ID: optionalText,
  YANDEX_CLIENT_SECRET: optionalText,
  // ---- profiles
  /** Maximum number of profiles per account (the web shows the «maximum number of profiles» popup). */
  PROFILES_MAX: z.coerce.number().int().min(1).max(20).default(5),
  // ---- end profiles
  /** How many devices a registered account may have signed in at once (virtual users: at most 10 devices, see lib/lockout-rules.ts). */
  DEVICE_LIMIT: z.coerce.number().int().min(1).max(100).default(5),
  /** redis://… makes rate limits shared by every API instance; unset keeps them in this process's memory. */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
  /** Prefix of every Redis key this API writes, so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('ekran:'),
  /** Share of accounts (0–100) in the Double_Opt_In experiment: their email subscription waits for a confirmation link. */
  DOUBLE_OPT_IN_PERCENT: z.coerce.number().int().min(0).max(100).default(100),
  // ---- Playback gating by address, simultaneous streams
  /** Addresses of VPNs and anonymizers (comma-separated CIDRs, IPv4 and IPv6): playback answers 400 USER_USE_ANONYMIZER. */
  ANONYMIZER_IP_RANGES: cidrList,
  /** Blocked addresses (comma-separated CIDRs, IPv4 and IPv6): playback answers 400 FORBIDEN_IP. */
  BLOCKED_IP_RANGES: cidrList,
  /** A stream counts as live while its last heartbeat is this recent (players beat every 30 s, so a missed beat is forgiven). */
  STREAM_ALIVE_SECONDS: z.coerce.number().int().min(45).max(600).default(75),
  /** Simultaneous streams of an account without an entitling subscription (free titles, trailers). */
  FREE_STREAM_LIMIT: z.coerce.number().int().min(1).max(20).default(1),
  // ---- Where packaged media live and the public base of signed media URLs
  // (docs/decisions/016-media-pipeline-and-signed-delivery.md)
  /** local: folders under MEDIA_DIR (the API serves them at /api/media); s3: a bucket (MEDIA_S3_*), served by a CDN or nginx. */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  /**
   * The public base of signed media URLs, without a trailing slash: /api/media (the API serves MEDIA_DIR) or
   * the origin of a CDN or nginx that checks the grant itself (deploy/nginx/media.conf), e.g. https://media.ekran.ru.
   */
  MEDIA_BASE_URL: z
    .string()
    .trim()
    .regex(/^(?:https?:\/\/[^/\s?#]+)?(?:\/[A-Za-z0-9._~-]+)*$/, 'a path such as /api/media or an URL such as https://media.ekran.ru/vod, without a trailing slash, query or fragment')
    .refine((v) => v !== '', 'must not be empty')
    .default('/api/media'),
  MEDIA_S3_BUCKET: optionalText,
  /** The S3 API endpoint of a non-AWS store (MinIO, Yandex Object Storage…); unset: AWS. Path-style addressing when set. */
  MEDIA_S3_ENDPOINT: unsetWhenEmpty(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })),
  MEDIA_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Keys of the uploading account; unset: the SDK's usual chain (environment, profile, instance role). */
  MEDIA_S3_ACCESS_KEY_ID: optionalText,
  MEDIA_S3_SECRET_ACCESS_KEY: optionalText,
  /** Key prefix of the assets in the bucket: "" or a folder ending in a slash, e.g. vod/. */
  MEDIA_S3_PREFIX: z.string().trim().regex(/^(?:[A-Za-z0-9._-]+\/)*$/, 'empty or folders ending in a slash, e.g. vod/').default(''),
  // ---- The mobile operator (МегаФон)
  /**
   * Shared secret of the operator's notifications (HMAC-SHA256 of the body in x-operator-signature), at least
   * 32 characters; unset: the notification endpoint answers 503 and only the in-process sandbox changes states.
   */
  OPERATOR_NOTIFY_SECRET: unsetWhenEmpty(z.string().min(32, 'at least 32 characters')),
  /**
   * Spec platform §6 "some configured countries without the operator app get a special popup":
   * comma-separated country codes where the operator's app is not available; an operator customer whose current
   * country is one of them gets the no_app popup (once per country). Empty: nobody gets it. The default is an
   * editorial guess (countries that restrict Russian operators' apps); set the operator's own list.
   */
  OPERATOR_APP_UNAVAILABLE_COUNTRIES: countryList('UA,LT,LV,EE'),
  // ---- Background jobs on the database (docs/decisions/024-job-queue.md)
  /** Run the job queue (expiry, renewals) in this process; unset: on, except under NODE_ENV=test. */
  JOBS_ENABLED: bool.optional(),
  /** When due renewals are charged (cron, UTC); every 5 minutes by default. */
  RENEWALS_CRON: cron.default('*/5 * * * *'),
  /** When lapsed subscriptions move to grace or expired (cron, UTC); every 5 minutes by default. */
  EXPIRY_CRON: cron.default('*/5 * * * *'),
  // ---- Payments (the sandbox host protocol; CloudPayments in production)
  /** sandbox: the payment host of apps/payments (test cards, offline); cloudpayments: real payments. */
  PAYMENTS_PROVIDER: z.enum(['sandbox', 'cloudpayments']).default('sandbox'),
  /** What the API calls server to server on the sandbox host. */
  PAYMENTS_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).default('http://127.0.0.1:4100'),
  /** The sandbox host's Basic auth user (and the public id it shows). */
  PAYMENTS_PUBLIC_ID: z.string().trim().min(1).default('ekran-sandbox'),
  /** The sandbox host's Basic auth password and its notification signing secret. */
  PAYMENTS_API_SECRET: z.string().min(8).default(DEV_DEFAULTS.PAYMENTS_API_SECRET),
  /**
   * How long a call to the provider may go unanswered before the order waits as processing (decision 032); unset:
   * 15 s for the sandbox, 20 s for CloudPayments.
   */
  PAYMENTS_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).optional(),
  /** Notifications signed longer ago (or in the future) than this are refused. */
  PAYMENTS_REPLAY_WINDOW_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** CloudPayments' Public ID and API secret (HTTP Basic; the secret also signs notifications); needed when PAYMENTS_PROVIDER=cloudpayments. */
  CLOUDPAYMENTS_PUBLIC_ID: optionalText,
  CLOUDPAYMENTS_API_SECRET: optionalText,
  // ---- payment reconciliation (docs/decisions/032-payment-reconciliation.md)
  /** When orders are compared with the provider's own record (cron, UTC); every 5 minutes by default. */
  RECONCILE_CRON: cron.default('*/5 * * * *'),
  /** Also compare once when the job queue starts (after a stop nothing waits for the next tick). */
  RECONCILE_ON_START: bool.default(true),
  /** How far back unsettled orders are compared: 3 days by default, as long as the payment host keeps retrying. */
  RECONCILE_WINDOW_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(72),
  /** A processing order the provider has no record of fails after this long (its charge never reached the provider). */
  RECONCILE_SETTLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  // ---- brute-force limits per address (docs/decisions/033-limits-that-follow-the-attacker.md); the limits per
  // account are fixed in lib/lockout-rules.ts. Raise these where many viewers share one address (carrier NAT).
  /** Distinct accounts one address may fail to sign in to within an hour (password spraying); then its sign-ins wait. */
  SIGN_IN_FAILED_ACCOUNTS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Device logins (new virtual users and sessions) one address may make within an hour. */
  DEVICE_LOGINS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Failed promo codes (check or activation) one address may try within an hour, whatever the session. */
  PROMO_FAILURES_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  /** Distinct email addresses one address may ask about within an hour (the /auth login check, email sign-up): decision 037. */
  LOGIN_CHECKS_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Email sign-ups one address may make within a minute (a burst limit, beside the login checks' hourly count). */
  SIGNUPS_PER_ADDRESS_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  // ---- The operator's requisites: put into the legal documents and /corporateinfo (docs/decisions/050-content-and-legal.md).
  // The defaults are demo values, marked so on the pages; a real deployment sets its own.
  COMPANY_NAME: z.string().trim().min(1).default(DEMO_COMPANY.COMPANY_NAME),
  /** ИНН: 10 digits (a company) or 12 (a sole trader). */
  COMPANY_INN: z.string().trim().regex(/^(?:\d{10}|\d{12})$/, 'an ИНН of 10 or 12 digits').default(DEMO_COMPANY.COMPANY_INN),
  /** ОГРН (13 digits) or ОГРНИП (15). */
  COMPANY_OGRN: z.string().trim().regex(/^(?:\d{13}|\d{15})$/, 'an ОГРН of 13 digits or an ОГРНИП of 15').default(DEMO_COMPANY.COMPANY_OGRN),
  /** КПП: 9 characters; empty for a sole trader. */
  COMPANY_KPP: z.string().trim().regex(/^(?:\d{4}[\dA-Z]{2}\d{3})?$/, 'a КПП of 9 characters, or empty').default(DEMO_COMPANY.COMPANY_KPP),
  COMPANY_ADDRESS: z.string().trim().min(1).default(DEMO_COMPANY.COMPANY_ADDRESS),
  /** The support address viewers write to (also the address of personal-data requests). */
  COMPANY_EMAIL: z.email('must be an email address').default(DEMO_COMPANY.COMPANY_EMAIL),
  COMPANY_PHONE: z.string().trim().regex(/^[+\d][\d\s()-]{5,24}$/, 'a phone number such as 8 800 700-12-34').default(DEMO_COMPANY.COMPANY_PHONE),
});
export type Env = Omit<z.infer<typeof EnvSchema>, 'JOBS_ENABLED' | 'COOKIE_SECURE'> & { JOBS_ENABLED: boolean; COOKIE_SECURE: boolean };

/**
 * Parses process.env (or a given record); throws one error that names every bad setting at once, so a deployment
 * is fixed in one go rather than one restart per mistake.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid API settings:\n${lines.join('\n')}`);
  }
  const problems = [
    ...productionProblems(parsed.data, source),
    ...deliveryProblems(parsed.data),
    ...mediaStorageProblems(parsed.data),
    ...paymentProblems(parsed.data),
    ...socialProblems(parsed.data),
    ...metricsProblems(parsed.data),
  ];
  if (problems.length) throw new Error(`Invalid API settings:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  const isProduction = parsed.data.NODE_ENV === 'production';
  return {
    ...parsed.data,
    // Tests build many apps; their jobs stay off unless a test turns them on.
    JOBS_ENABLED: parsed.data.JOBS_ENABLED ?? parsed.data.NODE_ENV !== 'test',
    // Production runs behind HTTPS: a session cookie sent over plain HTTP could be read on the way.
    COOKIE_SECURE: parsed.data.COOKIE_SECURE ?? isProduction,
  };
}

/**
 * Development tools cannot exist in production: the local outbox (its codes sign anyone in), the development
 * identity provider (it signs anyone in as anyone), and the published default secrets and keys. Each is refused
 * by name. docs/decisions/034-production-guards-and-headers.md
 */
function productionProblems(env: z.infer<typeof EnvSchema>, source: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const byDefault = (key: string) => (source[key] ? '' : ' (the default)');
  if (env.MAIL_DELIVERY === 'outbox') {
    problems.push(`MAIL_DELIVERY: outbox${byDefault('MAIL_DELIVERY')} keeps letters where anyone with the public web key reads their codes; set MAIL_DELIVERY=smtp in production`);
  }
  if (env.SMS_DELIVERY === 'outbox') {
    problems.push(`SMS_DELIVERY: outbox${byDefault('SMS_DELIVERY')} keeps SMS where anyone with the public web key reads their codes; set SMS_DELIVERY=http in production`);
  }
  if (env.SOCIAL_DEV_PROVIDER) problems.push('SOCIAL_DEV_PROVIDER: the development identity provider is refused in production');
  for (const key of ['MEDIA_TOKEN_SECRET', 'CODE_SECRET', 'WEB_API_KEY'] as const) {
    if (env[key] === DEV_DEFAULTS[key] || env[key].startsWith('dev-only')) problems.push(`${key}: the development default is published; set a real secret in production`);
  }
  if (env.PAYMENTS_PROVIDER === 'sandbox' && env.PAYMENTS_API_SECRET === DEV_DEFAULTS.PAYMENTS_API_SECRET) {
    problems.push('PAYMENTS_API_SECRET: set a real secret in production (or use PAYMENTS_PROVIDER=cloudpayments)');
  }
  // The legal documents and /corporateinfo name the operator (decision 050): demo requisites are not a company. The demo
  // support address and phone are the site's own defaults, so they may stand.
  for (const key of ['COMPANY_NAME', 'COMPANY_INN', 'COMPANY_OGRN', 'COMPANY_ADDRESS'] as const) {
    if (env[key] === DEMO_COMPANY[key]) problems.push(`${key}: the demo requisites name no company; set the operator's own in production`);
  }
  if (!source.WEB_ORIGIN) problems.push('WEB_ORIGIN: required in production (the public origin of the site that letters and social sign-in send viewers to)');
  return problems;
}

/** A social sign-in provider is configured whole or not at all (decision 007). */
function socialProblems(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  const groups = {
    Google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
    Apple: ['APPLE_CLIENT_ID', 'APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'],
    Yandex: ['YANDEX_CLIENT_ID', 'YANDEX_CLIENT_SECRET'],
  } as const;
  for (const [name, keys] of Object.entries(groups)) {
    const missing = keys.filter((k) => !env[k]);
    if (missing.length && missing.length < keys.length) problems.push(`${missing.join(', ')}: ${name} sign-in needs ${keys.join(', ')} together`);
  }
  return problems;
}

/** accounts: the settings an SMTP or SMS gateway adapter cannot work without. */
function deliveryProblems(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (env.MAIL_DELIVERY === 'smtp') {
    if (!env.SMTP_URL) problems.push('SMTP_URL: required when MAIL_DELIVERY=smtp');
    if (!env.MAIL_FROM) problems.push('MAIL_FROM: required when MAIL_DELIVERY=smtp');
  }
  if (env.SMS_DELIVERY === 'http') {
    if (!env.SMS_GATEWAY_URL) problems.push('SMS_GATEWAY_URL: required when SMS_DELIVERY=http');
    if (!env.SMS_GATEWAY_TOKEN) problems.push('SMS_GATEWAY_TOKEN: required when SMS_DELIVERY=http');
  }
  return problems;
}

/** The settings an S3 store cannot work without, and a base URL the API can actually serve. */
function mediaStorageProblems(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (env.MEDIA_STORAGE !== 's3') return problems;
  if (!env.MEDIA_S3_BUCKET) problems.push('MEDIA_S3_BUCKET: required when MEDIA_STORAGE=s3');
  if (Boolean(env.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(env.MEDIA_S3_SECRET_ACCESS_KEY)) {
    problems.push('MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (env.MEDIA_BASE_URL === '/api/media') {
    problems.push('MEDIA_BASE_URL: the API serves only MEDIA_DIR; with MEDIA_STORAGE=s3 set it to the CDN or nginx in front of the bucket');
  }
  return problems;
}

/** The metrics name routes, queues and pool sizes: they are never served on the public API's port. */
function metricsProblems(env: z.infer<typeof EnvSchema>): string[] {
  return env.METRICS_PORT === env.API_PORT ? [`METRICS_PORT: ${env.METRICS_PORT} is API_PORT; the metrics need a port of their own`] : [];
}

/** The settings real payments cannot work without. */
function paymentProblems(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (env.PAYMENTS_PROVIDER === 'cloudpayments') {
    if (!env.CLOUDPAYMENTS_PUBLIC_ID) problems.push('CLOUDPAYMENTS_PUBLIC_ID: required when PAYMENTS_PROVIDER=cloudpayments');
    if (!env.CLOUDPAYMENTS_API_SECRET) problems.push('CLOUDPAYMENTS_API_SECRET: required when PAYMENTS_PROVIDER=cloudpayments');
  }
  return problems;
}
