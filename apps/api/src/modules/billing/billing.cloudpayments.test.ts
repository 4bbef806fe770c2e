// The API over CloudPayments: a signed Pay notification of a trial starts it and billing refunds
// the card check itself (CloudPayments has no bind-only payment).
import { orders, paymentMethods, payments, subscriptions } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createCloudPaymentsProvider } from './providers/cloudpayments.ts';
import { contentHmac } from './providers/hmac.ts';
import { paymentProviders } from './providers/index.ts';
import type { FetchLike } from './providers/types.ts';

let t: TestApp;
const calls: { url: string; body: Record<string, unknown>; requestId: string | undefined }[] = [];
const fakeCloudPayments: FetchLike = async (url, init) => {
  const body = JSON.parse(init.body ?? '{}') as Record<string, unknown>;
  calls.push({ url, body, requestId: init.headers['x-request-id'] });
  const answer = url.endsWith('/orders/create')
    ? { Success: true, Model: { Id: 'cp-order-1', Url: 'https://orders.cloudpayments.ru/d/cp-order-1' } }
    : url.endsWith('/payments/refund')
      ? { Success: true, Model: { TransactionId: 900 } }
      : { Success: false, Message: 'unexpected' };
  return { status: 200, text: async () => JSON.stringify(answer) };
};

beforeAll(async () => {
  t = await createTestApp({}, { payments: paymentProviders(createCloudPaymentsProvider({ publicId: 'pk_test', apiSecret: 'cp-secret', fetch: fakeCloudPayments })) });
});
afterAll(() => t.close());

describe('billing over CloudPayments', () => {
  it('payment link → orders/create; the Pay notification starts the trial, saves the card and refunds the 1 RUB check', async () => {
    const tariff = await t.make.tariff({ price: 499, allowTrial: true, trialDays: 7 });
    const user = await t.make.user();
    const { auth } = await t.make.session({ userId: user.id });
    const link = await t.app.inject({ url: `/api/v1/billing/tariffs/${tariff.id}/payment`, headers: auth });
    expect(link.json().url).toBe('https://orders.cloudpayments.ru/d/cp-order-1?client_key=test-web-key-0001');
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, user.id));
    expect(calls[0]).toMatchObject({ url: 'https://api.cloudpayments.ru/orders/create', requestId: order!.id, body: { Amount: 1, InvoiceId: order!.id, AccountId: user.id } });

    const raw = new URLSearchParams({
      TransactionId: '777', Amount: '1.00', Currency: 'RUB', DateTime: '2026-11-21 11:59:00', CardFirstSix: '424242', CardLastFour: '4242', CardType: 'Visa', CardExpDate: '10/29',
      Status: 'Completed', OperationType: 'Payment', InvoiceId: order!.id, AccountId: user.id, Token: 'tk_777',
    }).toString();
    const notify = (body: string, secret = 'cp-secret') => t.app.inject({
      method: 'POST', url: '/api/v1/billing/notifications/cloudpayments?type=pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-hmac': contentHmac(secret, body) }, payload: body,
    });
    expect((await notify(raw, 'wrong')).statusCode).toBe(401);
    const res = await notify(raw);
    expect([res.statusCode, res.json()]).toEqual([200, { code: 0 }]);
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)))[0]).toMatchObject({ status: 'trial', isRecurrent: true });
    expect((await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id)))[0]).toMatchObject({ provider: 'cloudpayments', token: 'tk_777', cardExpire: '10/29' });
    expect(calls.at(-1)).toEqual({ url: 'https://api.cloudpayments.ru/payments/refund', requestId: 'card-check-refund:777', body: { TransactionId: 777, Amount: 1 } });
    // CloudPayments retries the same body: a duplicate, no second refund
    const refunds = calls.length;
    expect((await notify(raw)).json()).toEqual({ code: 0 });
    expect(calls.length).toBe(refunds);
    expect((await t.db.select().from(payments).where(eq(payments.userId, user.id))).length).toBe(1);
  });
});
