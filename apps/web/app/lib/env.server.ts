import { z } from 'zod';

/** Web server settings; a bad value stops the start with a message naming it. */
const EnvSchema = z.object({
  API_URL: z.url().default('http://127.0.0.1:4000'),
  WEB_API_KEY: z.string().min(8).default('ekran-web-public-key'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  COOKIE_SECURE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  // How the support section says to reach support.
  /** The support address shown in the account's support section. */
  SUPPORT_EMAIL: z.email().default('support@ekran.ru'),
  /** The support phone (digits; shown in the spec platform §5 display format). */
  /**
   * The public origin of the site (https://ekran.ru) for canonical URLs, Open Graph, JSON-LD and the sitemap.
   * Required in production; in development http://localhost:3000. Never the request's Host, which anyone can forge.
   */
  SITE_ORIGIN: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// origin' }).optional()),
  // ---- The gift/certificate host (platform §2): there the home is the gift landing and popups are off.
  /** Host name (e.g. gift.ekran.ru) of the certificates site; unset: none. */
  GIFT_HOST: z.string().trim().toLowerCase().regex(/^[a-z0-9.-]+(:\d+)?$/, 'a host name, optionally with :port').optional(),
  SUPPORT_PHONE: z.string().regex(/^\+?\d{10,15}$/, 'digits, optionally with a leading +').default('88007001234'),
  /**
   * Signs the cookies that carry state from one request to the next (the login remembered between the steps of
   * /auth), so a visitor cannot forge one. Required in production on a public origin; every process of the site
   * shares it.
   */
  COOKIE_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'at least 32 characters').optional()),
  // ---- Pages rendered for nobody in particular (a crawler's) in shared caches (decision 044); server-env.js checks
  // the same settings for server.js's own cache.
  /** How long a shared cache may serve such a page as fresh (s-maxage); 0 marks no page public and turns the cache off. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** How long after that it may serve it while it fetches a new one (stale-while-revalidate). */
  PAGE_CACHE_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Seconds between checks of the catalogue's revision, which drops kept pages and kept public API answers. */
  PAGE_CACHE_REVISION_SECONDS: z.coerce.number().int().min(1).max(3_600).default(2),
  // ---- The mobile apps' store pages (/ios-android-app): the defaults are demo addresses until the apps are published.
  APP_STORE_URL: z.url({ protocol: /^https$/ }).default('https://apps.apple.com/ru/app/ekran/id000000000'),
  GOOGLE_PLAY_URL: z.url({ protocol: /^https$/ }).default('https://play.google.com/store/apps/details?id=ru.ekran.app'),
  RUSTORE_URL: z.url({ protocol: /^https$/ }).default('https://www.rustore.ru/catalog/app/ru.ekran.app'),
  APPGALLERY_URL: z.url({ protocol: /^https$/ }).default('https://appgallery.huawei.com/app/C000000000'),
});

/** The cookie secret outside production and on a loopback origin (`npm start`, the browser tests): published, so never on a public origin. */
const DEV_COOKIE_SECRET = 'dev-only-web-cookie-secret-change-me-in-production';

/** The site's origin in development when SITE_ORIGIN is not set (the port `npm run dev` and `npm start` use). */
export const DEV_SITE_ORIGIN = 'http://localhost:3000';

function load() {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid web settings:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  // server-env.js stops the production server with the same message before anything loads; this holds for any other host.
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.SITE_ORIGIN) {
    throw new Error('Invalid web settings:\n  SITE_ORIGIN: required in production (the public origin of the site, e.g. https://ekran.ru)');
  }
  const settings = { ...parsed.data, SITE_ORIGIN: (parsed.data.SITE_ORIGIN ?? DEV_SITE_ORIGIN).replace(/\/$/, '') };
  if (!settings.COOKIE_SECRET && !devToolsAllowed(settings)) {
    throw new Error('Invalid web settings:\n  COOKIE_SECRET: required in production (at least 32 random characters, the same in every process of the site)');
  }
  return { ...settings, COOKIE_SECRET: settings.COOKIE_SECRET ?? DEV_COOKIE_SECRET };
}

export const env = load();

/**
 * Whether the site may serve development tools (the outbox page): outside production, or a production build on a
 * loopback origin (`npm start`, the browser tests). A site the public reaches is never on a loopback origin.
 */
export function devToolsAllowed(settings: { NODE_ENV: string; SITE_ORIGIN: string }): boolean {
  if (settings.NODE_ENV !== 'production') return true;
  const host = new URL(settings.SITE_ORIGIN).hostname;
  return host === 'localhost' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}
