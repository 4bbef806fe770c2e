// Simultaneous first calls of one account's payment link (or card binding) make one order and one
// hosted page, whatever the database (run it on PostgreSQL too: npm run test:pg -- <this file>).
import { ApiPath, ErrorSchema, PaymentLinkSchema } from '@ekran/contracts';
import { orders } from '@ekran/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingTestApp, registered, type BillingTestApp } from './billing.test-helpers.ts';

let t: BillingTestApp;
let monthly: { id: string };
let year: { id: string };

beforeAll(async () => {
  t = await createBillingTestApp();
  monthly = await t.make.tariff({ alias: 'monthly', title: 'Подписка на месяц', price: 499, durationDays: 30, allowTrial: true, trialDays: 7 });
  year = await t.make.tariff({ alias: 'year', title: 'Подписка на год', price: 2990, durationDays: 365, allowTrial: false });
  // A host that takes a while to open a checkout: the other calls arrive while the first one's page is not there yet.
  t.host.setLatency(40);
});
afterAll(() => t.close());

const link = (tariffId: string, headers: Record<string, string>) => t.app.inject({ url: `/api/v1/billing/tariffs/${tariffId}/payment`, headers });
const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));
const checkoutsOf = (userId: string) => t.host.checkouts().filter((c) => c.body.account_id === userId);
const times = <T>(n: number, fn: () => Promise<T>) => Promise.all(Array.from({ length: n }, fn));

describe('GET payment link: 20 simultaneous first calls of one account', () => {
  it('make one pending order and one checkout at the host, and answer 20 identical URLs', async () => {
    const { user, auth } = await registered(t);
    const answers = await times(20, () => link(monthly.id, auth));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const urls = new Set(answers.map((a) => PaymentLinkSchema.parse(a.json()).url));
    expect(urls.size).toBe(1);
    const mine = await ordersOf(user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'trial', status: 'pending', tariffId: monthly.id });
    expect([...urls][0]).toBe(`${mine[0]!.paymentUrl}?client_key=test-web-key-0001`);
    expect(checkoutsOf(user.id)).toHaveLength(1);
  });

  it('one order per tariff: simultaneous calls for two tariffs make two', async () => {
    const { user, auth } = await registered(t);
    const answers = await Promise.all([...Array.from({ length: 10 }, () => link(monthly.id, auth)), ...Array.from({ length: 10 }, () => link(year.id, auth))]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.slice(0, 10).map((a) => a.json().url)).size).toBe(1);
    expect(new Set(answers.slice(10).map((a) => a.json().url)).size).toBe(1);
    expect((await ordersOf(user.id)).map((o) => o.tariffId).sort()).toEqual([monthly.id, year.id].sort());
  });

  it('the host down for the first call: every waiting call gets its 502, nothing more is ordered, and the next call starts anew', async () => {
    const { user, auth } = await registered(t);
    t.host.failNextCalls(1);
    const answers = await times(20, () => link(monthly.id, auth));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(502));
    expect(new Set(answers.map((a) => ErrorSchema.parse(a.json()).code))).toEqual(new Set(['PAYMENT_PROVIDER_ERROR']));
    expect((await ordersOf(user.id)).map((o) => [o.status, o.failureReason])).toEqual([['failed', 'provider_unavailable']]);
    const retry = await link(monthly.id, auth);
    expect(retry.statusCode).toBe(200);
    expect(await t.db.select().from(orders).where(and(eq(orders.userId, user.id), eq(orders.status, 'pending')))).toHaveLength(1);
  });

  it('a pending order whose page never opened (its process died) is not waited for once the wait is over', async () => {
    const { user, auth } = await registered(t);
    await t.db.insert(orders).values({
      userId: user.id, kind: 'trial', tariffId: monthly.id, amount: 1, idempotencyKey: 'link:dead', requestHash: 'h', createdAt: new Date(t.clock.now.getTime() - 60_000),
    });
    const res = await link(monthly.id, auth);
    expect(res.statusCode).toBe(200);
    expect((await ordersOf(user.id)).filter((o) => o.paymentUrl !== null)).toHaveLength(1);
  });
});

describe('GET bind_card: simultaneous calls', () => {
  it('make one binding order and one checkout, 20 identical URLs', async () => {
    const { user, auth } = await registered(t);
    const answers = await times(20, () => t.app.inject({ url: ApiPath.bindCard, headers: auth }));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.json().url)).size).toBe(1);
    expect((await ordersOf(user.id)).map((o) => o.kind)).toEqual(['bind_card']);
    expect(checkoutsOf(user.id)).toHaveLength(1);
  });
});
