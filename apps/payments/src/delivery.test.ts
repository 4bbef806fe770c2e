import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AUTH, SECRET, createCheckout, makeApp, newDataDir, newKey, startReceiver, submitCard, waitFor, type Receiver } from './test-helpers.ts';

const open: { apps: FastifyInstance[]; receivers: Receiver[] } = { apps: [], receivers: [] };
afterEach(async () => {
  for (const app of open.apps.splice(0)) await app.close();
  for (const r of open.receivers.splice(0)) r.server.close();
});
async function receiver() {
  const r = await startReceiver();
  open.receivers.push(r);
  return r;
}
async function app(opts: Parameters<typeof makeApp>[0]) {
  const a = await makeApp(opts);
  open.apps.push(a);
  return a;
}

async function chargeSaved(a: FastifyInstance, r: Receiver, invoice: string) {
  const { id, invoice: first } = await createCheckout(a, { recurrent: true });
  await submitCard(a, id, { number: '4242424242424242' });
  await waitFor(() => r.received.some((n) => n.body.InvoiceId === first && n.body.Token));
  const token = String(r.received.find((n) => n.body.InvoiceId === first)!.body.Token);
  const res = await a.inject({
    method: 'POST',
    url: '/api/charges',
    headers: { authorization: AUTH, 'idempotency-key': newKey() },
    payload: { invoice_id: invoice, account_id: 'acc-1', token, amount: 499, currency: 'RUB', description: 'Продление' },
  });
  expect(res.statusCode).toBe(200);
}

describe('notification delivery', () => {
  it('retries after the API answered 500 twice (re-signed, same NotificationId), then stops after success', async () => {
    const r = await receiver();
    const a = await app({ dataDir: newDataDir(), notifyUrl: r.url });
    let failures = 0;
    r.respond = () => {
      const last = r.received.at(-1)!;
      if (last.body.InvoiceId === 'retry-1' && failures < 2) {
        failures += 1;
        return { status: 500, body: '{"error":"boom"}' };
      }
      return { status: 200, body: '{"code":0}' };
    };

    await chargeSaved(a, r, 'retry-1');
    const attempts = () => r.received.filter((n) => n.body.InvoiceId === 'retry-1');
    await waitFor(() => attempts().length === 3);
    expect(new Set(attempts().map((n) => n.body.NotificationId)).size).toBe(1);
    for (const n of attempts()) {
      expect(n.headers['content-hmac']).toBe(createHmac('sha256', SECRET).update(n.raw).digest('base64'));
      expect(n.headers['x-notification-timestamp']).toBe(String(n.body.SentAt));
    }
    await new Promise((done) => setTimeout(done, 300)); // well past the next backoff steps (20, 40, 80 ms)
    expect(attempts()).toHaveLength(3);
    const entry = a.payments.store.view.outbox.find((e) => e.payload.InvoiceId === 'retry-1')!;
    expect(entry.attempts).toBe(3);
    expect(entry.delivered_at).not.toBeNull();
  });

  it('treats a 200 without {"code":0} as not applied and retries', async () => {
    const r = await receiver();
    const a = await app({ dataDir: newDataDir(), notifyUrl: r.url });
    let odd = true;
    r.respond = () => {
      const last = r.received.at(-1)!;
      if (last.body.InvoiceId === 'retry-2' && odd) {
        odd = false;
        return { status: 200, body: '{"code":13}' };
      }
      return { status: 200, body: '{"code":0}' };
    };
    await chargeSaved(a, r, 'retry-2');
    await waitFor(() => r.received.filter((n) => n.body.InvoiceId === 'retry-2').length === 2);
  });
});

describe('the store survives a restart', () => {
  it('keeps checkouts, saved cards and idempotent answers, and retries undelivered notifications on start', async () => {
    const dataDir = newDataDir();
    const r = await receiver();
    const first = await app({ dataDir, notifyUrl: r.url, retryBaseMs: 60_000 });
    const { id } = await createCheckout(first);
    const key = newKey();
    const payload = { invoice_id: 'restart-1', account_id: 'acc-1', amount: 299, currency: 'RUB', description: 'Подписка', email: null, recurrent: true, bind_only: false, success_url: 'http://localhost:3000/web/success', fail_url: 'http://localhost:3000/web/fail' };
    const created = await first.inject({ method: 'POST', url: '/api/checkouts', headers: { authorization: AUTH, 'idempotency-key': key }, payload });
    // The API is down while the card holder pays: the notification stays in the outbox.
    r.respond = () => ({ status: 503, body: 'down' });
    const paid = await submitCard(first, created.json<{ id: string }>().id, { number: '4242424242424242' });
    expect(paid.statusCode).toBe(303);
    expect(r.received.filter((n) => n.body.InvoiceId === 'restart-1')).toHaveLength(1);
    await first.close();
    open.apps.splice(open.apps.indexOf(first), 1);

    r.respond = () => ({ status: 200, body: '{"code":0}' });
    const second = await app({ dataDir, notifyUrl: r.url, retryBaseMs: 60_000 });
    // Retried on start, though its backoff said a minute.
    await waitFor(() => r.received.filter((n) => n.body.InvoiceId === 'restart-1').length === 2);
    const delivered = r.received.filter((n) => n.body.InvoiceId === 'restart-1');
    expect(delivered[1]!.body.NotificationId).toBe(delivered[0]!.body.NotificationId);
    // The checkout, its result and the idempotent answer are still there.
    expect((await second.inject({ method: 'GET', url: `/pay/${id}` })).statusCode).toBe(200);
    expect((await second.inject({ method: 'GET', url: `/pay/${created.json<{ id: string }>().id}` })).body).toContain('Оплата прошла');
    const again = await second.inject({ method: 'POST', url: '/api/checkouts', headers: { authorization: AUTH, 'idempotency-key': key }, payload });
    expect(again.json()).toEqual(created.json());
    // The saved card still charges.
    const token = String(delivered[0]!.body.Token);
    const charged = await second.inject({
      method: 'POST',
      url: '/api/charges',
      headers: { authorization: AUTH, 'idempotency-key': newKey() },
      payload: { invoice_id: 'restart-2', account_id: 'acc-1', token, amount: 299, currency: 'RUB', description: 'Продление' },
    });
    expect(charged.json()).toMatchObject({ status: 'succeeded' });
  });
});
