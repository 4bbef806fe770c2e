import { z } from 'zod';

/** Web server settings; a bad value stops the start with a message naming it. */
const EnvSchema = z.object({
  API_URL: z.url().default('http://127.0.0.1:4000'),
  WEB_API_KEY: z.string().min(8).default('ekran-web-public-key'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  COOKIE_SECURE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
});

function load() {
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`Invalid web settings:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  }
  return parsed.data;
}

export const env = load();
