import { randomUUID } from 'node:crypto';
import { orders, paymentMethods, subscriptions } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

// The development shortcut to a subscription's billing window: the holder's own live subscription only, through
// the ledger's decline, and absent from a production app.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-21T12:00:00Z');
});
afterAll(() => t.close());

async function holder() {
  const user = await t.make.user();
  const session = await t.make.session({ userId: user.id });
  const [method] = await t.db
    .insert(paymentMethods)
    .values({ userId: user.id, provider: 'sandbox', type: 'card', brand: 'visa', cardFirst6: '400000', cardLast4: '0259', cardExpire: '12/29', token: `tk_${randomUUID()}`, state: 'active' })
    .returning();
  const sub = await t.make.subscription({ userId: user.id, paymentMethodId: method!.id });
  return { auth: session.auth, sub };
}

const declineRenewal = (auth: Record<string, string>, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/dev/subscriptions/${id}/renewal-declined`, headers: auth });

describe('POST /api/v1/dev/subscriptions/:id/renewal-declined', () => {
  it('ends the period now with a declined renewal: the subscription is in grace and can be extended', async () => {
    const h = await holder();
    expect((await declineRenewal(h.auth, h.sub.id)).statusCode).toBe(204);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, h.sub.id));
    expect(sub).toMatchObject({ status: 'grace', failedAttempts: 1, expiresAt: t.clock.now });
    expect(sub!.billingExpiresAt!.getTime()).toBeGreaterThan(t.clock.now.getTime());
    const renewals = await t.db.select().from(orders).where(eq(orders.subscriptionId, h.sub.id));
    expect(renewals.map((o) => [o.kind, o.status, o.failureReason])).toEqual([['renewal', 'failed', 'insufficient_funds']]);
    // A repeat is another declined attempt of the same period, never a charge.
    expect((await declineRenewal(h.auth, h.sub.id)).statusCode).toBe(204);
    expect((await t.db.select().from(orders).where(eq(orders.subscriptionId, h.sub.id))).every((o) => o.status === 'failed')).toBe(true);
  });

  it("answers 404 for another account's subscription and changes nothing", async () => {
    const owner = await holder();
    const other = await holder();
    expect((await declineRenewal(other.auth, owner.sub.id)).statusCode).toBe(404);
    const [sub] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, owner.sub.id));
    expect(sub!.status).toBe('active');
  });

  it('does not exist in production', async () => {
    const url = '/api/v1/dev/subscriptions/:id/renewal-declined';
    expect(t.app.hasRoute({ method: 'POST', url })).toBe(true);
    const prod = await buildApp({ env: { ...t.env, NODE_ENV: 'production' }, database: t.database, now: () => t.clock.now });
    try {
      expect(prod.hasRoute({ method: 'POST', url })).toBe(false);
    } finally {
      await prod.close();
    }
  });
});
