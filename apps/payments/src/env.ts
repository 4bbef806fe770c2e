import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const httpUrl = (example: string) =>
  z.url({ protocol: /^https?$/, error: `must be an http:// or https:// URL such as ${example}` });

/** Every setting of the sandbox payment host (docs: the sandbox payment host protocol); a bad value stops the start naming it. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The host listens on PAYMENTS_HOST:PAYMENTS_PORT. */
  PAYMENTS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  PAYMENTS_PORT: z.coerce.number().int().min(1).max(65535).default(4100),
  /** What browsers open: checkouts answer `${PAYMENTS_PUBLIC_URL}/pay/${id}`. */
  PAYMENTS_PUBLIC_URL: httpUrl('http://localhost:4100')
    .regex(/^https?:\/\/[^?#]*[^/?#]$/, 'no trailing slash, query or fragment')
    .default('http://localhost:4100'),
  /** The API authenticates with HTTP Basic PAYMENTS_PUBLIC_ID:PAYMENTS_API_SECRET. */
  PAYMENTS_PUBLIC_ID: z.string().trim().min(1).regex(/^[^:]+$/, 'must not contain ":"').default('ekran-sandbox'),
  /** The Basic-auth secret, also the HMAC key of notifications; at least 16 characters. */
  PAYMENTS_API_SECRET: z.string().min(16, 'at least 16 characters').default('sandbox-secret-change-me'),
  /** Where notifications go (host -> API). */
  PAYMENTS_NOTIFY_URL: httpUrl('http://127.0.0.1:4000/api/v1/billing/notifications/sandbox').default(
    'http://127.0.0.1:4000/api/v1/billing/notifications/sandbox',
  ),
  /** Checkouts, saved cards, transactions and the notification outbox (a JSON file store); relative to the repository root. */
  PAYMENTS_DATA_DIR: z.string().trim().min(1).default('.data/payments'),
  /**
   * How long the slow-bank test card (4000 0000 0000 0259) keeps a recurring charge unanswered before it goes through:
   * longer than the API waits (PAYMENTS_TIMEOUT_MS, 15 s), so a hung bank can be tried.
   */
  SANDBOX_SLOW_BANK_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
});
export type Env = z.infer<typeof EnvSchema>;

/** Parses process.env (or a given record); throws an error that names each bad setting. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid payment host settings:\n${lines.join('\n')}`);
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.PAYMENTS_API_SECRET === 'sandbox-secret-change-me') {
    throw new Error('Invalid payment host settings:\n  PAYMENTS_API_SECRET: set a real secret in production');
  }
  return parsed.data;
}

// src/env.ts and dist/server.js both sit two folders below apps/, so the repository root is three up.
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** The data folder made absolute against the repository root, so `npm start` from anywhere finds the same store. */
export function resolveDataDir(env: Env): Env {
  return { ...env, PAYMENTS_DATA_DIR: isAbsolute(env.PAYMENTS_DATA_DIR) ? env.PAYMENTS_DATA_DIR : resolve(root, env.PAYMENTS_DATA_DIR) };
}
