import { randomUUID } from 'node:crypto';
import { paymentMethods, queryRows, subscriptions } from '@ekran/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { BILLING_JOBS } from './lifecycle.jobs.ts';
import { createLifecycleService } from './lifecycle.service.ts';

// The expiry job's transitions on the database, by an injected clock, and the job really
// scheduled and run through the queue on PGlite.

const NOW = new Date('2026-11-21T12:00:00Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function card(userId: string, state: 'active' | 'removed' = 'active') {
  const [row] = await t.db.insert(paymentMethods).values({ userId, provider: 'sandbox', type: 'card', brand: 'visa', cardFirst6: '424242', cardLast4: '4242', cardExpire: '12/29', token: `tk_${randomUUID()}`, state }).returning();
  return row!;
}

const statusOf = async (id: string) => (await t.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, id)))[0]?.status;

describe('expireLapsed (platform §4 Pending subscription: grace within the billing window, else expired)', () => {
  type Case = { name: string; status: 'active' | 'trial' | 'grace' | 'expired' | 'cancelled'; expires: number; window: number | null; recurrent?: boolean; card?: 'active' | 'removed' | null; expected: string };
  const cases: Case[] = [
    { name: 'period ahead: stays active', status: 'active', expires: 5, window: 77, expected: 'active' },
    { name: 'period over, window ahead, renewal on with a card: grace', status: 'active', expires: -1, window: 71, expected: 'grace' },
    { name: 'grace, window still ahead: stays grace', status: 'grace', expires: -10, window: 62, expected: 'grace' },
    { name: 'grace, window passed: expired', status: 'grace', expires: -73, window: -1, expected: 'expired' },
    { name: 'period over with no window: expired', status: 'active', expires: -1, window: null, expected: 'expired' },
    { name: 'a trial without a card: expired at its end', status: 'trial', expires: -1, window: 71, card: null, expected: 'expired' },
    { name: 'a trial whose card was removed: expired', status: 'trial', expires: -1, window: 71, card: 'removed', expected: 'expired' },
    { name: 'a trial with a card and a window: grace', status: 'trial', expires: -1, window: 71, expected: 'grace' },
    { name: 'renewal turned off: expired at the end of the period', status: 'active', expires: -1, window: 71, recurrent: false, expected: 'expired' },
    { name: 'cancelled: untouched', status: 'cancelled', expires: -100, window: null, expected: 'cancelled' },
  ];
  const made: { id: string; expected: string; name: string }[] = [];

  beforeAll(async () => {
    for (const c of cases) {
      const user = await t.make.user();
      const method = c.card === null ? null : await card(user.id, c.card ?? 'active');
      const s = await t.make.subscription({
        userId: user.id, status: c.status, expiresAt: hours(c.expires), billingExpiresAt: c.window === null ? null : hours(c.window),
        isRecurrent: c.recurrent ?? true, paymentMethodId: method?.id ?? null,
      });
      made.push({ id: s.id, expected: c.expected, name: c.name });
    }
  });

  it('moves each subscription as the rules say, and a second run changes nothing', async () => {
    const lifecycle = createLifecycleService({ db: t.db, now: () => NOW });
    const first = await lifecycle.expireLapsed(NOW);
    const statuses = await Promise.all(made.map(async (m) => [m.name, await statusOf(m.id)]));
    expect(statuses).toEqual(made.map((m) => [m.name, m.expected]));
    expect(first).toEqual({ graced: 2, expired: 5 });
    expect(await lifecycle.expireLapsed(NOW)).toEqual({ graced: 0, expired: 0 });
  });

  it('leaves a subscription a renewal moved meanwhile', async () => {
    const user = await t.make.user();
    const s = await t.make.subscription({ userId: user.id, expiresAt: hours(-1) });
    // A renewal lands between the read and the write: the guarded update sees another expires_at.
    await t.db.update(subscriptions).set({ expiresAt: hours(24 * 30) }).where(eq(subscriptions.id, s.id));
    const lifecycle = createLifecycleService({ db: t.db, now: () => NOW });
    await lifecycle.expireLapsed(NOW);
    expect(await statusOf(s.id)).toBe('active');
  });
});

describe('the lifecycle schedules on the queue (JOBS_ENABLED)', () => {
  it('runs billing.expire and the injected renewDue with the app clock, then stops gracefully', async () => {
    const renewCalls: Date[] = [];
    const app = await createTestApp(
      { JOBS_ENABLED: 'true', EXPIRY_CRON: '* * * * *', RENEWALS_CRON: '* * * * *' },
      { renewDue: async (now) => void renewCalls.push(now), jobsTiming: { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, stopTimeoutMs: 5000 } },
    );
    try {
      expect(app.app.jobs.enabled).toBe(true);
      app.clock.now = NOW;
      const user = await app.make.user();
      const lapsed = await app.make.subscription({ userId: user.id, expiresAt: hours(-2) });
      // The every-minute crons' last tick is under a minute ago, so both run shortly after start.
      const deadline = Date.now() + 20_000;
      let status: string | undefined;
      while (Date.now() < deadline) {
        status = (await app.db.select({ status: subscriptions.status }).from(subscriptions).where(eq(subscriptions.id, lapsed.id)))[0]?.status;
        if (status === 'expired' && renewCalls.length) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(status).toBe('expired');
      expect(renewCalls[0]).toEqual(NOW);
      const queues = await queryRows<{ name: string }>(app.db, sql.raw(`select name from pgboss.schedule order by name`));
      // The billing schedules (other modules, the TV guide's import say, schedule theirs on the same queue).
      expect(queues.map((q) => q.name).filter((name) => name.startsWith('billing.'))).toEqual([BILLING_JOBS.expire, BILLING_JOBS.reconcile, BILLING_JOBS.renewals]);
    } finally {
      await app.close();
    }
  }, 90_000);

  it('is off in tests by default and schedules nothing', () => {
    expect(t.env.JOBS_ENABLED).toBe(false);
    expect(t.app.jobs.enabled).toBe(false);
  });
});
