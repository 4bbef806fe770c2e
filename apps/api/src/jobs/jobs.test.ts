import { queryRows, type DbHandle } from '@ekran/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createJobs, JOBS_SCHEMA, sqlExecutor, type Jobs, type JobsLogger } from './jobs.ts';

// queue: pg-boss really runs on the embedded PGlite (and on PostgreSQL with TEST_DATABASE_URL, where
// the same executor is the pool).

const quietLog: JobsLogger & { errors: unknown[] } = {
  errors: [],
  info: () => undefined,
  warn: () => undefined,
  error(obj) {
    this.errors.push(obj);
  },
};

const fast = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, stopTimeoutMs: 5000 };

async function until<T>(read: () => T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The harness's fresh database: PGlite, or PostgreSQL with TEST_DATABASE_URL (its app keeps jobs off).
let t: TestApp;
let database: DbHandle;
let jobs: Jobs;
beforeAll(async () => {
  t = await createTestApp();
  database = t.database;
});
afterAll(async () => {
  await jobs?.stop();
  await t.close();
});

describe(`sqlExecutor over ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('answers rows for parameterised and multi-statement text', async () => {
    const exec = sqlExecutor(database);
    expect((await exec.executeSql('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
    expect((await exec.executeSql('create temp table t_exec (n int); insert into t_exec values (7); select n from t_exec', [])).rows).toEqual([{ n: 7 }]);
  });

  it('rolls back a failed script so the shared session keeps working', async () => {
    const exec = sqlExecutor(database);
    await expect(exec.executeSql('BEGIN; create temp table t_fail (n int); select 1/0; COMMIT;', [])).rejects.toThrow(/division by zero/);
    expect((await exec.executeSql('select 1 as ok', [])).rows).toEqual([{ ok: 1 }]);
    expect(await queryRows(database.db, sql`select to_regclass('t_fail') as t`)).toEqual([{ t: null }]);
  });
});

describe('createJobs', () => {
  it('is off under tests unless turned on: start creates nothing and send answers null', async () => {
    const off = createJobs({ database, env: { JOBS_ENABLED: false }, logger: quietLog });
    await off.work('nothing', async () => undefined);
    await off.start();
    expect(off.enabled).toBe(false);
    expect(await off.send('nothing', {})).toBeNull();
    expect(await off.queueSizes()).toEqual([]);
    expect(await queryRows(database.db, sql`select schema_name from information_schema.schemata where schema_name = ${JOBS_SCHEMA}`)).toEqual([]);
    await off.stop();
  });

  it('creates its schema on start, runs a sent job and a cron schedule, and stops gracefully', async () => {
    jobs = createJobs({ database, env: { JOBS_ENABLED: true }, logger: quietLog, timing: fast });
    const seen: unknown[] = [];
    let ticks = 0;
    await jobs.work<{ n: number }>('test.echo', async (data) => {
      seen.push(data);
    });
    await jobs.schedule('test.tick', '* * * * *', async () => {
      ticks += 1;
    });
    await jobs.start();
    expect(await queryRows(database.db, sql`select schema_name from information_schema.schemata where schema_name = ${JOBS_SCHEMA}`)).toEqual([{ schema_name: JOBS_SCHEMA }]);

    const id = await jobs.send('test.echo', { n: 1 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => (seen.length ? seen : undefined));
    expect(seen).toEqual([{ n: 1 }]);

    // The every-minute cron's latest tick is less than a minute ago, so pg-boss sends it at once.
    await until(() => (ticks > 0 ? ticks : undefined));
    const schedules = await queryRows<{ name: string; cron: string }>(database.db, sql.raw(`select name, cron from ${JOBS_SCHEMA}.schedule`));
    expect(schedules).toEqual([{ name: 'test.tick', cron: '* * * * *' }]);

    // A worker registered after start runs too; a handler's failure is logged and fails the job.
    await jobs.work('test.fail', async () => {
      throw new Error('boom');
    });
    await jobs.send('test.fail', {}, { retryLimit: 0 });
    await until(() => (quietLog.errors.length ? quietLog.errors : undefined));
    expect(quietLog.errors[0]).toMatchObject({ job: 'test.fail' });

    // The metrics' queue depth: a job not due yet waits in its queue; each registered queue is named.
    await jobs.work('test.later', async () => undefined);
    await jobs.send('test.later', {}, { startAfter: 3600 });
    const sizes = await jobs.queueSizes();
    expect(sizes.map((q) => q.queue).sort()).toEqual(['test.echo', 'test.fail', 'test.later', 'test.tick']);
    expect(sizes.find((q) => q.queue === 'test.later')).toEqual({ queue: 'test.later', waiting: 1 });
    expect(sizes.find((q) => q.queue === 'test.echo')).toEqual({ queue: 'test.echo', waiting: 0 });

    // stop() waits for a running job to finish instead of cutting it.
    let finished = false;
    let running = false;
    await jobs.work('test.slow', async () => {
      running = true;
      await new Promise((r) => setTimeout(r, 1500));
      finished = true;
    });
    await jobs.send('test.slow');
    await until(() => (running ? true : undefined));
    await jobs.stop();
    expect(finished).toBe(true);
    expect(await jobs.queueSizes()).toEqual([]);
    // pg-boss writes the completion just after the handler returns, and its stop may resolve a moment before that
    // write lands on a loaded machine: read the state until it settles (or the wait runs out).
    let slow: { state: string } | undefined;
    for (const deadline = Date.now() + 5_000; ; await new Promise((r) => setTimeout(r, 100))) {
      [slow] = await queryRows<{ state: string }>(database.db, sql.raw(`select state from ${JOBS_SCHEMA}.job where name = 'test.slow'`));
      if (slow?.state !== 'active' || Date.now() > deadline) break;
    }
    expect(slow?.state).toBe('completed');
  }, 60_000);
});
