import type { DbHandle } from '@ekran/db';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Env } from '../env.ts';

// queue: background jobs on the application's own PostgreSQL (or embedded PGlite) through pg-boss,
// so scheduled work (expiry, renewals) runs once across every API instance without another server.
// docs/decisions/024-job-queue.md.

/** A job's handler; a throw fails the job (pg-boss retries it by the queue's policy). */
export type JobHandler<T = Record<string, unknown>> = (data: T, job: { id: string; name: string }) => Promise<void>;

/** What jobs log through: the app's pino logger (or any with the same methods). */
export interface JobsLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** How often pg-boss looks for work; the defaults suit production, tests shorten them. */
export interface JobsTiming {
  /** How often a worker polls its queue (pg-boss: at least 0.5 s). */
  pollingIntervalSeconds: number;
  /** How often cron schedules are checked, and how often their due jobs are moved to their queues (1–45 s). */
  cronMonitorIntervalSeconds: number;
  cronWorkerIntervalSeconds: number;
  /** How long stop() waits for running jobs before failing them (retried later); under server.ts's 10 s shutdown limit. */
  stopTimeoutMs: number;
}

const DEFAULT_TIMING: JobsTiming = { pollingIntervalSeconds: 2, cronMonitorIntervalSeconds: 30, cronWorkerIntervalSeconds: 5, stopTimeoutMs: 8_000 };

/** The queue's own tables live in this schema, created (and migrated) by pg-boss on start. */
export const JOBS_SCHEMA = 'pgboss';

export interface CreateJobsOptions {
  database: DbHandle;
  env: Pick<Env, 'JOBS_ENABLED'>;
  logger: JobsLogger;
  timing?: Partial<JobsTiming>;
}

export interface Jobs {
  /** False when JOBS_ENABLED is off: nothing is created, scheduled or run. */
  readonly enabled: boolean;
  /** Creates the queue's schema, then starts every registered worker and schedule. */
  start(): Promise<void>;
  /** Stops polling and waits for running jobs (up to stopTimeoutMs); safe to call twice or before start. */
  stop(): Promise<void>;
  /**
   * Runs `handler` on the cron `cron` (UTC), once per tick across all instances; one run at a time. runOnStart: also
   * once when the queue starts (folded into a waiting run, like a missed tick).
   */
  schedule(name: string, cron: string, handler: JobHandler, options?: { runOnStart?: boolean }): Promise<void>;
  /** Runs `handler` for each job sent to `name`. */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /** Queues a job; answers its id (null when the queue is off or a singleton already waits). */
  send(name: string, data?: object, options?: PgBoss.SendOptions): Promise<string | null>;
  /** The jobs waiting in each registered queue (created or waiting to retry); none while the queue is off or stopped. */
  queueSizes(): Promise<Array<{ queue: string; waiting: number }>>;
}

/**
 * pg-boss's `db` option over either driver of packages/db. PostgreSQL: the pool (scripts on a client of their
 * own). PGlite: parameterised
 * statements go through `query`; pg-boss's own multi-statement scripts (schema creation, migrations, locked
 * maintenance) come without values and need `exec`. PGlite runs every call exclusively (one session), so calls
 * are already serialised, and none runs inside a Drizzle transaction. A script that fails between its BEGIN and
 * COMMIT would leave that one shared session in an aborted transaction, so it is rolled back here.
 */
export function sqlExecutor(database: DbHandle): PgBoss.Db {
  const driver = database.driver;
  if (driver.kind === 'postgres') {
    const pool = driver.pool;
    return {
      async executeSql(text: string, values?: unknown[]) {
        if (values && values.length > 0) return pool.query(text, values);
        // A script runs on a client of its own, so a failed one is rolled back on the very session it broke
        // instead of returning that session to the pool mid-transaction.
        const client = await pool.connect();
        try {
          const result = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
          return { rows: Array.isArray(result) ? (result.at(-1)?.rows ?? []) : result.rows };
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
    };
  }
  const client = driver.client;
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (err) {
        if (/\bBEGIN\b/i.test(text)) await client.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
  };
}

type Registration =
  | { kind: 'work'; name: string; handler: JobHandler<never> }
  | { kind: 'schedule'; name: string; cron: string; handler: JobHandler; runOnStart: boolean };

/** The job queue of the API (createJobs({ database, env, logger }) in buildApp; started on ready, stopped on close). */
export function createJobs(options: CreateJobsOptions): Jobs {
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const log = options.logger;
  const enabled = options.env.JOBS_ENABLED;
  const registrations: Registration[] = [];
  let boss: PgBoss | null = null;
  let started = false;

  /** Runs one registration on a started boss: its queue, its schedule, its worker. */
  async function apply(b: PgBoss, r: Registration) {
    // Scheduled work runs one at a time (stately: one waiting, one running), so a slow renewal run is never
    // doubled by the next tick or by another instance; a backlog of missed ticks collapses into one run.
    await b.createQueue(r.name, { name: r.name, policy: r.kind === 'schedule' ? 'stately' : 'standard', retryLimit: r.kind === 'schedule' ? 0 : 3 });
    if (r.kind === 'schedule') await b.schedule(r.name, r.cron, {}, { tz: 'UTC' });
    await b.work<object>(r.name, { pollingIntervalSeconds: timing.pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) {
        const startedAt = Date.now();
        try {
          await (r.handler as JobHandler<object>)(job.data ?? {}, { id: job.id, name: job.name });
          log.info({ job: job.name, id: job.id, ms: Date.now() - startedAt }, `job ${job.name} done`);
        } catch (err) {
          log.error({ err, job: job.name, id: job.id }, `job ${job.name} failed`);
          throw err;
        }
      }
    });
    if (r.kind === 'schedule' && r.runOnStart) await b.send(r.name, {});
  }

  async function register(r: Registration) {
    registrations.push(r);
    if (boss && started) await apply(boss, r);
  }

  return {
    enabled,

    async start() {
      if (!enabled || started) return;
      const b = new PgBoss({
        db: sqlExecutor(options.database),
        schema: JOBS_SCHEMA,
        migrate: true,
        supervise: true,
        schedule: true,
        cronMonitorIntervalSeconds: timing.cronMonitorIntervalSeconds,
        cronWorkerIntervalSeconds: timing.cronWorkerIntervalSeconds,
      });
      b.on('error', (err: Error) => log.error({ err }, `job queue: ${err.message}`));
      await b.start();
      boss = b;
      started = true;
      for (const r of registrations) await apply(b, r);
      log.info({ queues: registrations.map((r) => r.name) }, 'job queue started');
    },

    async stop() {
      const b = boss;
      if (!b) return;
      boss = null;
      started = false;
      // graceful: stop fetching, wait for running handlers; close: false because the pool is the app's.
      await b.stop({ graceful: true, wait: true, close: false, timeout: timing.stopTimeoutMs });
    },

    schedule: (name, cron, handler, scheduleOptions) => register({ kind: 'schedule', name, cron, handler, runOnStart: scheduleOptions?.runOnStart ?? false }),

    work: (name, handler) => register({ kind: 'work', name, handler: handler }),

    async send(name, data = {}, sendOptions = {}) {
      if (!boss) {
        if (enabled) throw new Error(`job queue not started: cannot send ${name}`);
        return null;
      }
      return boss.send(name, data, sendOptions);
    },

    async queueSizes() {
      const b = boss;
      if (!b) return [];
      const names = [...new Set(registrations.map((r) => r.name))];
      // pg-boss counts the states before `active`: created and retry.
      return Promise.all(names.map(async (queue) => ({ queue, waiting: await b.getQueueSize(queue) })));
    },
  };
}
