import type { DbHandle } from '@ekran/db';
import type { Env } from './env.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { PaymentProviders } from './modules/billing/providers/index.ts';
import type { Delivery, OutboxReader } from './modules/delivery/delivery.ts';

/**
 * The shared handles every service is built from: settings, the database, the clock, the payment providers and the
 * delivery of mail and SMS.
 * This file sits below every module (docs/decisions/040-api-composition-root.md): modules import their handles
 * from here, never from app.ts, which composes them.
 */
export interface Deps {
  env: Env;
  database: DbHandle;
  /** The clock every rule reads, so tests can move time. */
  now: () => Date;
  /** The payment providers (tests pass a sandbox over a fake host; by default: from the settings). */
  payments: PaymentProviders;
  /** Mail and SMS, where the settings send them (MAIL_DELIVERY, SMS_DELIVERY). */
  delivery: Delivery;
  /** The local outbox while a channel writes to it (the embedded default), else null. */
  outbox: OutboxReader | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** The job queue (started when the app is ready, stopped gracefully on close). */
    jobs: Jobs;
  }
}
