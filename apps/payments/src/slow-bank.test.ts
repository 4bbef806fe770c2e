import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { EnvSchema } from './env.ts';
import { AUTH, SECRET, createCheckout, newDataDir, newKey, startReceiver, submitCard, waitFor, type Receiver } from './test-helpers.ts';

// The slow-bank test card (4000 0000 0000 0259): its first payment goes through at once; a recurring charge keeps
// the caller waiting SANDBOX_SLOW_BANK_MS and then succeeds, so a caller that gave up learns it from the notification.

const SLOW_MS = 600;
let receiver: Receiver;
let app: FastifyInstance;

beforeAll(async () => {
  receiver = await startReceiver();
  const env = EnvSchema.parse({
    NODE_ENV: 'test', PAYMENTS_DATA_DIR: newDataDir(), PAYMENTS_NOTIFY_URL: receiver.url, PAYMENTS_PUBLIC_URL: 'http://localhost:4190', PAYMENTS_API_SECRET: SECRET,
    SANDBOX_SLOW_BANK_MS: String(SLOW_MS),
  });
  app = await buildApp({ env, retryBaseMs: 20, settleMs: 2000 });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  receiver.server.close();
});

const forInvoice = (invoice: string) => receiver.received.filter((r) => r.body.InvoiceId === invoice);

describe('the slow-bank test card', () => {
  it('pays at once on the card page, then answers a recurring charge only after the delay, succeeded and notified', async () => {
    const { id, invoice } = await createCheckout(app, { recurrent: true });
    await submitCard(app, id, { number: '4000 0000 0000 0259' });
    await waitFor(() => forInvoice(invoice).length === 1);
    expect(forInvoice(invoice)[0]!.body).toMatchObject({ Status: 'Completed', Token: expect.stringMatching(/^tk_/) });
    const token = String(forInvoice(invoice)[0]!.body.Token);

    const body = { invoice_id: 'renew-slow', account_id: 'acc-1', token, amount: 499, currency: 'RUB', description: 'Продление подписки' };
    const chargeStarted = Date.now();
    const key = newKey();
    const first = app.inject({ method: 'POST', url: '/api/charges', headers: { authorization: AUTH, 'idempotency-key': key }, payload: body });
    // A repeat while the bank still thinks is the same charge, never a second one.
    const repeat = app.inject({ method: 'POST', url: '/api/charges', headers: { authorization: AUTH, 'idempotency-key': key }, payload: body });
    const [a, b] = await Promise.all([first, repeat]);
    expect(Date.now() - chargeStarted).toBeGreaterThanOrEqual(SLOW_MS - 20);
    expect(a.json()).toMatchObject({ status: 'succeeded', reason: null });
    expect(b.json()).toEqual(a.json());
    await waitFor(() => forInvoice('renew-slow').length === 1);
    expect(forInvoice('renew-slow')[0]!.body).toMatchObject({ OperationType: 'Payment', Status: 'Completed', Amount: 499 });
  });
});
