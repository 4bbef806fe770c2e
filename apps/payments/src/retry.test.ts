// Notifications are retried for at least 3 days with exponential backoff (as real providers retry), and a restart
// resumes them (docs/decisions/032-payment-reconciliation.md). The delivery clock, timers and fetch are injected,
// so three days of retries take no real time.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueueNotification, RETRY_FOR_MS, retryDelayMs, type DeliveryClock } from './notifier.ts';
import { AUTH, createCheckout, makeApp, newDataDir, submitCard } from './test-helpers.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A clock the test moves; timers are only recorded (the test kicks the loop itself). */
function fakeClock(start = Date.parse('2026-11-21T12:00:00Z')) {
  const clock = { t: start, timers: 0 };
  const api: DeliveryClock = {
    now: () => clock.t,
    setTimeout: () => {
      clock.timers++;
      return {};
    },
    clearTimeout: () => undefined,
  };
  return Object.assign(clock, { api });
}

/** The API's stand-in: answers `status` and records when (on the fake clock) each try came. */
function fakeApi(clock: { t: number }, status = () => 503) {
  const tries: { at: number; body: Record<string, unknown> }[] = [];
  const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
    tries.push({ at: clock.t, body: JSON.parse(String(init?.body)) as Record<string, unknown> });
    const code = status();
    return new Response(code === 200 ? '{"code":0}' : 'down', { status: code });
  }) as typeof fetch;
  return { tries, fetch: fetchImpl };
}

const open: FastifyInstance[] = [];
afterEach(async () => {
  for (const a of open.splice(0)) await a.close();
});
async function host(dataDir: string, clock: ReturnType<typeof fakeClock>, api: ReturnType<typeof fakeApi>) {
  const a = await makeApp({ dataDir, notifyUrl: 'http://127.0.0.1:9/api/v1/billing/notifications/sandbox', retryBaseMs: 1000, delivery: { clock: clock.api, fetch: api.fetch } });
  open.push(a);
  return a;
}

function enqueue(a: FastifyInstance, invoice: string) {
  return a.payments.store.update((draft) => enqueueNotification(draft, { InvoiceId: invoice, Amount: 1190, Currency: 'RUB', OperationType: 'Payment', Status: 'Completed' }, new Date()));
}
const entryOf = (a: FastifyInstance, id: string) => a.payments.store.view.outbox.find((e) => e.id === id)!;

describe('the retry schedule', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [10, 512_000],
    [12, 2_048_000],
    [13, HOUR],
    [80, HOUR],
  ])('after the try number %i the next comes %i ms later (doubling from 1 s, at most an hour)', (attempt, ms) => {
    expect(retryDelayMs(attempt)).toBe(ms);
  });

  it('an API that never answers is tried with growing gaps for at least 3 days, then given up on, once', async () => {
    const clock = fakeClock();
    const api = fakeApi(clock);
    const a = await host(newDataDir(), clock, api);
    const id = enqueue(a, 'down-for-days');
    const first = clock.t;
    for (let guard = 0; guard < 500 && !entryOf(a, id).gave_up_at; guard++) {
      clock.t = Math.max(clock.t, entryOf(a, id).next_attempt_at);
      await a.payments.notifier.kick();
    }
    const tries = api.tries.filter((x) => x.body.InvoiceId === 'down-for-days');
    const gaps = tries.slice(1).map((x, i) => x.at - tries[i]!.at);
    expect(gaps.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]!);
    expect(Math.max(...gaps)).toBe(HOUR);
    expect(tries.at(-1)!.at - first).toBeGreaterThanOrEqual(RETRY_FOR_MS);
    expect(RETRY_FOR_MS).toBeGreaterThanOrEqual(3 * DAY);
    expect(tries.length).toBeGreaterThan(70);
    // The same notification each time (re-signed with a fresh SentAt).
    expect(new Set(tries.map((x) => x.body.NotificationId)).size).toBe(1);
    // Given up: no more tries however long after.
    clock.t += 7 * DAY;
    await a.payments.notifier.kick();
    expect(api.tries.filter((x) => x.body.InvoiceId === 'down-for-days')).toHaveLength(tries.length);
  });

  it('an API back after 2 days gets the notification at the next try, and it is not sent again', async () => {
    const clock = fakeClock();
    let up = false;
    const api = fakeApi(clock, () => (up ? 200 : 503));
    const a = await host(newDataDir(), clock, api);
    const id = enqueue(a, 'back-later');
    await a.payments.notifier.kick();
    while (clock.t < Date.parse('2026-11-23T12:00:00Z')) {
      clock.t = entryOf(a, id).next_attempt_at;
      await a.payments.notifier.kick();
    }
    up = true;
    clock.t = entryOf(a, id).next_attempt_at;
    await a.payments.notifier.kick();
    expect(entryOf(a, id).delivered_at).not.toBeNull();
    const count = api.tries.length;
    clock.t += DAY;
    await a.payments.notifier.kick();
    expect(api.tries).toHaveLength(count);
  });
});

describe('a restart resumes what was not delivered', () => {
  it('resumes a notification in its backoff at once, and one that had given up (an older 10-try rule) while its 3 days last', async () => {
    const dataDir = newDataDir();
    const clock = fakeClock();
    const down = fakeApi(clock, () => 503);
    const first = await host(dataDir, clock, down);
    const waiting = enqueue(first, 'in-backoff');
    await first.payments.notifier.kick();
    clock.t += HOUR;
    // What the old rule left: given up after 10 tries, an hour ago (revived) and 4 days ago (its period is over).
    const recent = enqueue(first, 'gave-up-recently');
    const stale = enqueue(first, 'gave-up-long-ago');
    first.payments.store.update((draft) => {
      for (const e of draft.outbox) {
        if (e.id === recent) Object.assign(e, { attempts: 10, first_attempt_at: clock.t - HOUR, gave_up_at: new Date(clock.t).toISOString() });
        if (e.id === stale) Object.assign(e, { attempts: 10, first_attempt_at: clock.t - 4 * DAY, gave_up_at: new Date(clock.t - 4 * DAY).toISOString() });
      }
    });
    await first.close();
    open.splice(open.indexOf(first), 1);

    clock.t += 2 * HOUR;
    const up = fakeApi(clock, () => 200);
    const second = await host(dataDir, clock, up);
    await second.payments.notifier.kick();
    expect(up.tries.map((x) => x.body.InvoiceId).sort()).toEqual(['gave-up-recently', 'in-backoff']);
    expect(entryOf(second, waiting).delivered_at).not.toBeNull();
    expect(entryOf(second, recent).delivered_at).not.toBeNull();
    expect(entryOf(second, stale)).toMatchObject({ delivered_at: null, gave_up_at: expect.any(String) });
  });

  it('a store written before first_attempt_at existed counts the period from when the notification was made', async () => {
    const dataDir = newDataDir();
    const clock = fakeClock();
    const made = new Date(clock.t - DAY).toISOString();
    const entry = { id: 'old-1', payload: { NotificationId: 'old-1', InvoiceId: 'old-store' }, created_at: made, attempts: 10, next_attempt_at: 0, delivered_at: null, gave_up_at: made, last_error: 'HTTP 503' };
    writeFileSync(join(dataDir, 'state.json'), JSON.stringify({ version: 1, checkouts: {}, cards: {}, transactions: {}, outbox: [entry], idempotency: {} }));
    const api = fakeApi(clock, () => 200);
    const a = await host(dataDir, clock, api);
    await a.payments.notifier.kick();
    expect(api.tries.map((x) => x.body.InvoiceId)).toEqual(['old-store']);
  });
});

describe('GET /api/payments (the status query)', () => {
  it('lists an order\'s payment and refund; Basic auth required; an invoice_id required', async () => {
    const clock = fakeClock();
    const a = await host(newDataDir(), clock, fakeApi(clock, () => 200));
    const { id, invoice } = await createCheckout(a, { bind_only: true, recurrent: true });
    await submitCard(a, id, { number: '4242424242424242' });
    const res = await a.inject({ url: `/api/payments?invoice_id=${invoice}`, headers: { authorization: AUTH } });
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: Record<string, unknown>[] }>().items;
    expect(items).toMatchObject([
      { kind: 'payment', amount: 1, currency: 'RUB', status: 'succeeded', refund_of: null, token: expect.stringMatching(/^tk_/), card: { first6: '424242', last4: '4242', brand: 'Visa' } },
      { kind: 'refund', amount: 1, status: 'succeeded', refund_of: items[0]!.transaction_id, token: null },
    ]);
    expect((await a.inject({ url: '/api/payments?invoice_id=nothing-here', headers: { authorization: AUTH } })).json()).toEqual({ items: [] });
    expect((await a.inject({ url: `/api/payments?invoice_id=${invoice}` })).statusCode).toBe(401);
    expect((await a.inject({ url: '/api/payments', headers: { authorization: AUTH } })).statusCode).toBe(400);
  });
});
