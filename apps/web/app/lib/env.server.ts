import { z } from 'zod';

/** Web server settings; a bad value stops the start with a message naming it. */
const EnvSchema = z.object({
  API_URL: z.url().default('http://127.0.0.1:4000'),
  WEB_API_KEY: z.string().min(8).default('ekran-web-public-key'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  COOKIE_SECURE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  // issue 3 account: how the support section says to reach support.
  /** The support address shown in the account's support section. */
  SUPPORT_EMAIL: z.email().default('support@ekran.ru'),
  /** The support phone (digits; shown in the spec platform §5 display format). */
  /** The public origin of the site (https://ekran.ru) for canonical URLs, Open Graph and the sitemap; else the request's. */
  SITE_ORIGIN: z.url().optional(),
  // ---- issue 6 promo: the gift/certificate host (platform §2): there the home is the gift landing and popups are off.
  /** Host name (e.g. gift.ekran.ru) of the certificates site; unset: none. */
  GIFT_HOST: z.string().trim().toLowerCase().regex(/^[a-z0-9.-]+(:\d+)?$/, 'a host name, optionally with :port').optional(),
  SUPPORT_PHONE: z.string().regex(/^\+?\d{10,15}$/, 'digits, optionally with a leading +').default('88007001234'),
});

function load() {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid web settings:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return parsed.data;
}

export const env = load();
