// The request shapes of the adapters and their notification parsing.
import { describe, expect, it } from 'vitest';
import { createCloudPaymentsProvider } from './cloudpayments.ts';
import { contentHmac } from './hmac.ts';
import { createSandboxProvider } from './sandbox.ts';
import { ProviderError, type FetchLike, type IncomingNotification } from './types.ts';

/** A fetch that records the request and answers with `answer`. */
function recording(answer: unknown, status = 200) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetchImpl: FetchLike = async (url, init) => {
    calls.push({ url, method: init.method, headers: init.headers, body: JSON.parse(init.body ?? 'null') });
    return { status, text: async () => JSON.stringify(answer) };
  };
  return { calls, fetch: fetchImpl };
}

const checkout = {
  invoiceId: 'order-1', accountId: 'user-1', amount: 499, currency: 'RUB', description: 'Подписка на месяц', email: 'a@example.ru', recurrent: true, bindOnly: false,
  successUrl: 'http://localhost:3000/web/success?order=order-1', failUrl: 'http://localhost:3000/web/fail?order=order-1',
};
const now = new Date('2026-11-21T12:00:00Z');
const incoming = (raw: string, headers: Record<string, string>, extra: Partial<IncomingNotification> = {}): IncomingNotification => ({
  rawBody: Buffer.from(raw), headers, query: {}, contentType: 'application/json', now, ...extra,
});

describe('sandbox adapter (the payment host protocol)', () => {
  const settings = { apiUrl: 'http://127.0.0.1:4100', publicId: 'ekran-sandbox', secret: 'sandbox-secret-change-me', replayWindowSeconds: 300 };

  it('POST /api/checkouts with Basic auth, the Idempotency-Key and the protocol\'s fields', async () => {
    const host = recording({ id: 'co_1', url: 'http://localhost:4100/pay/co_1' });
    const result = await createSandboxProvider({ ...settings, fetch: host.fetch }).createCheckout({ ...checkout, amount: 1.239, bindOnly: true }, 'order-1');
    expect(result).toEqual({ id: 'co_1', url: 'http://localhost:4100/pay/co_1' });
    expect(host.calls[0]).toEqual({
      url: 'http://127.0.0.1:4100/api/checkouts',
      method: 'POST',
      headers: { authorization: 'Basic ZWtyYW4tc2FuZGJveDpzYW5kYm94LXNlY3JldC1jaGFuZ2UtbWU=', 'content-type': 'application/json', 'idempotency-key': 'order-1' },
      body: {
        invoice_id: 'order-1', account_id: 'user-1', amount: 1.24, currency: 'RUB', description: 'Подписка на месяц', email: 'a@example.ru', recurrent: true, bind_only: true,
        success_url: checkout.successUrl, fail_url: checkout.failUrl,
      },
    });
  });

  it('charges and refunds; a decline is a result, a refusal or an odd answer is a ProviderError', async () => {
    const declined = recording({ transaction_id: 'tx_9', status: 'declined', reason: 'insufficient_funds' });
    const p = createSandboxProvider({ ...settings, fetch: declined.fetch });
    expect(await p.chargeToken({ invoiceId: 'o', accountId: 'u', token: 'tok', amount: 499, currency: 'RUB', description: 'd' }, 'o')).toEqual({ transactionId: 'tx_9', status: 'declined', reason: 'insufficient_funds' });
    expect(declined.calls[0]!.body).toEqual({ invoice_id: 'o', account_id: 'u', token: 'tok', amount: 499, currency: 'RUB', description: 'd' });
    const refund = recording({ transaction_id: 'rf_1', status: 'succeeded' });
    expect(await createSandboxProvider({ ...settings, fetch: refund.fetch }).refund({ transactionId: 'tx_9', amount: 1 }, 'r')).toEqual({ transactionId: 'rf_1', status: 'succeeded' });
    expect(refund.calls[0]).toMatchObject({ url: 'http://127.0.0.1:4100/api/refunds', body: { transaction_id: 'tx_9', amount: 1 } });
    await expect(createSandboxProvider({ ...settings, fetch: recording({ error: 'bad' }, 400).fetch }).createCheckout(checkout, 'k')).rejects.toBeInstanceOf(ProviderError);
    await expect(createSandboxProvider({ ...settings, fetch: recording({ nope: 1 }).fetch }).createCheckout(checkout, 'k')).rejects.toBeInstanceOf(ProviderError);
    const down: FetchLike = async () => {
      throw new Error('ECONNREFUSED');
    };
    await expect(createSandboxProvider({ ...settings, fetch: down }).chargeToken({ invoiceId: 'o', accountId: 'u', token: 't', amount: 1, currency: 'RUB', description: '' }, 'k')).rejects.toThrow(/did not answer/);
  });

  it('paymentStatus: GET /api/payments?invoice_id= with Basic auth, normalized oldest first; no answer is a ProviderError', async () => {
    const host = recording({
      items: [
        { transaction_id: 'rf_2', kind: 'refund', amount: 1, currency: 'RUB', status: 'succeeded', reason: null, refund_of: 'tx_1', token: null, card: null, created_at: '2026-11-21T12:00:05.000Z' },
        {
          transaction_id: 'tx_1', kind: 'payment', amount: 1, currency: 'RUB', status: 'succeeded', reason: null, refund_of: null, token: 'tk_1',
          card: { first6: '424242', last4: '4242', exp: '12/30', brand: 'Visa' }, created_at: '2026-11-21T12:00:00.000Z',
        },
      ],
    });
    const found = await createSandboxProvider({ ...settings, fetch: host.fetch }).paymentStatus('order 1');
    expect(host.calls[0]).toEqual({ url: 'http://127.0.0.1:4100/api/payments?invoice_id=order%201', method: 'GET', headers: { authorization: 'Basic ZWtyYW4tc2FuZGJveDpzYW5kYm94LXNlY3JldC1jaGFuZ2UtbWU=' }, body: null });
    expect(found).toEqual([
      {
        transactionId: 'tx_1', refundOf: null, invoiceId: 'order 1', amount: 1, currency: 'RUB', operation: 'payment', status: 'completed', reason: null,
        card: { token: 'tk_1', firstSix: '424242', lastFour: '4242', type: 'Visa', expDate: '12/30' }, occurredAt: new Date('2026-11-21T12:00:00.000Z'),
      },
      { transactionId: 'rf_2', refundOf: 'tx_1', invoiceId: 'order 1', amount: 1, currency: 'RUB', operation: 'refund', status: 'completed', reason: null, card: null, occurredAt: new Date('2026-11-21T12:00:05.000Z') },
    ]);
    await expect(createSandboxProvider({ ...settings, fetch: recording({ error: 'unauthorized' }, 401).fetch }).paymentStatus('o')).rejects.toBeInstanceOf(ProviderError);
  });

  it('verifies a signed notification and normalizes it; refuses a wrong signature, a stale header, a SentAt mismatch', () => {
    const p = createSandboxProvider(settings);
    const sentAt = now.getTime() / 1000;
    const body = {
      NotificationId: 'n-1', TransactionId: 'tx_1', RefundOf: null, InvoiceId: 'order-1', AccountId: 'user-1', Amount: 499, Currency: 'RUB', OperationType: 'Payment', Status: 'Completed',
      Reason: null, Token: 'tok_1', CardFirstSix: '424242', CardLastFour: '4242', CardType: 'Visa', CardExpDate: '12/30', DateTime: '2026-11-21T11:59:58Z', SentAt: sentAt,
    };
    const raw = JSON.stringify(body);
    const ok = p.verifyNotification(incoming(raw, { 'content-hmac': contentHmac(settings.secret, raw), 'x-notification-timestamp': String(sentAt) }));
    expect(ok).toEqual({
      ok: true,
      notification: {
        notificationId: 'n-1', transactionId: 'tx_1', refundOf: null, invoiceId: 'order-1', accountId: 'user-1', amount: 499, currency: 'RUB', operation: 'payment', status: 'completed', reason: null,
        card: { token: 'tok_1', firstSix: '424242', lastFour: '4242', type: 'Visa', expDate: '12/30' }, occurredAt: new Date('2026-11-21T11:59:58Z'),
      },
    });
    expect(p.verifyNotification(incoming(raw, { 'content-hmac': contentHmac('other', raw), 'x-notification-timestamp': String(sentAt) }))).toEqual({ ok: false, reason: 'bad signature' });
    expect(p.verifyNotification(incoming(raw, { 'content-hmac': contentHmac(settings.secret, raw), 'x-notification-timestamp': String(sentAt) }, { now: new Date(now.getTime() + 301_000) })).ok).toBe(false);
    const moved = JSON.stringify({ ...body, SentAt: sentAt - 10 });
    expect(p.verifyNotification(incoming(moved, { 'content-hmac': contentHmac(settings.secret, moved), 'x-notification-timestamp': String(sentAt) }))).toEqual({ ok: false, reason: 'SentAt differs from the timestamp header' });
  });
});

describe('CloudPayments adapter', () => {
  const settings = { publicId: 'pk_test', apiSecret: 'cp-secret' };
  const auth = `Basic ${Buffer.from('pk_test:cp-secret').toString('base64')}`;

  it('orders/create for the hosted page (Basic auth Public ID : API secret, X-Request-ID)', async () => {
    const cp = recording({ Success: true, Message: null, Model: { Id: 'f2K8LV6reGE9WBFn', Number: 61, Amount: 499, Url: 'https://orders.cloudpayments.ru/d/f2K8LV6reGE9WBFn' } });
    const result = await createCloudPaymentsProvider({ ...settings, fetch: cp.fetch }).createCheckout(checkout, 'order-1');
    expect(result).toEqual({ id: 'f2K8LV6reGE9WBFn', url: 'https://orders.cloudpayments.ru/d/f2K8LV6reGE9WBFn' });
    expect(cp.calls[0]).toEqual({
      url: 'https://api.cloudpayments.ru/orders/create',
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/json', 'x-request-id': 'order-1' },
      body: {
        Amount: 499, Currency: 'RUB', Description: 'Подписка на месяц', Email: 'a@example.ru', RequireConfirmation: false, SendEmail: false, InvoiceId: 'order-1', AccountId: 'user-1',
        SuccessRedirectUrl: checkout.successUrl, FailRedirectUrl: checkout.failUrl, JsonData: { recurrent: true, bind_only: false },
      },
    });
  });

  it('payments/tokens/charge: Completed succeeds, Declined maps the ReasonCode, a refusal without a transaction is a ProviderError', async () => {
    const ok = recording({ Success: true, Message: null, Model: { TransactionId: 504, Amount: 499, Status: 'Completed', ReasonCode: 0 } });
    const charge = { invoiceId: 'o', accountId: 'u', token: 'tk_1', amount: 499, currency: 'RUB', description: 'Продление' };
    expect(await createCloudPaymentsProvider({ ...settings, fetch: ok.fetch }).chargeToken(charge, 'o')).toEqual({ transactionId: '504', status: 'succeeded', reason: null });
    expect(ok.calls[0]).toMatchObject({
      url: 'https://api.cloudpayments.ru/payments/tokens/charge',
      body: { Amount: 499, Currency: 'RUB', AccountId: 'u', Token: 'tk_1', InvoiceId: 'o', Description: 'Продление', TrInitiatorCode: 0 },
    });
    const declined = recording({ Success: false, Message: null, Model: { TransactionId: 505, Status: 'Declined', Reason: 'InsufficientFunds', ReasonCode: 5051, CardHolderMessage: 'Недостаточно средств на карте' } });
    expect(await createCloudPaymentsProvider({ ...settings, fetch: declined.fetch }).chargeToken(charge, 'o')).toEqual({ transactionId: '505', status: 'declined', reason: 'insufficient_funds' });
    const refused = recording({ Success: false, Message: 'Amount is required' });
    await expect(createCloudPaymentsProvider({ ...settings, fetch: refused.fetch }).chargeToken(charge, 'o')).rejects.toBeInstanceOf(ProviderError);
  });

  it('paymentStatus: payments/find by InvoiceId; Completed and Declined are records, Not found and a pending one are none', async () => {
    const cp = recording({
      Success: true, Message: null,
      Model: {
        TransactionId: 504, Amount: 1190, Currency: 'RUB', Status: 'Completed', InvoiceId: 'order-1', AccountId: 'user-1', CardFirstSix: '411111', CardLastFour: '1111',
        CardType: 'Visa', CardExpDate: '11/30', Token: 'tk_cp', CreatedDateIso: '2026-11-21T12:00:00',
      },
    });
    expect(await createCloudPaymentsProvider({ ...settings, fetch: cp.fetch }).paymentStatus('order-1')).toEqual([
      {
        transactionId: '504', refundOf: null, invoiceId: 'order-1', amount: 1190, currency: 'RUB', operation: 'payment', status: 'completed', reason: null,
        card: { token: 'tk_cp', firstSix: '411111', lastFour: '1111', type: 'Visa', expDate: '11/30' }, occurredAt: new Date('2026-11-21T12:00:00Z'),
      },
    ]);
    expect(cp.calls[0]).toMatchObject({ url: 'https://api.cloudpayments.ru/payments/find', method: 'POST', headers: { authorization: auth }, body: { InvoiceId: 'order-1' } });
    const declined = recording({ Success: true, Model: { TransactionId: 505, Amount: 1190, Currency: 'RUB', Status: 'Declined', ReasonCode: 5051 } });
    expect(await createCloudPaymentsProvider({ ...settings, fetch: declined.fetch }).paymentStatus('order-1')).toMatchObject([{ transactionId: '505', status: 'declined', reason: 'insufficient_funds', card: null }]);
    expect(await createCloudPaymentsProvider({ ...settings, fetch: recording({ Success: false, Message: 'Not found' }).fetch }).paymentStatus('order-1')).toEqual([]);
    expect(await createCloudPaymentsProvider({ ...settings, fetch: recording({ Success: true, Model: { TransactionId: 506, Amount: 1190, Status: 'AwaitingAuthentication' } }).fetch }).paymentStatus('o')).toEqual([]);
    await expect(createCloudPaymentsProvider({ ...settings, fetch: recording({}, 500).fetch }).paymentStatus('o')).rejects.toBeInstanceOf(ProviderError);
  });

  it('payments/refund', async () => {
    const cp = recording({ Success: true, Message: null, Model: { TransactionId: 568 } });
    expect(await createCloudPaymentsProvider({ ...settings, fetch: cp.fetch }).refund({ transactionId: '504', amount: 1 }, 'r-1')).toEqual({ transactionId: '568', status: 'succeeded' });
    expect(cp.calls[0]).toMatchObject({ url: 'https://api.cloudpayments.ru/payments/refund', body: { TransactionId: 504, Amount: 1 } });
  });

  it('parses Pay, Fail and Refund notifications (form-urlencoded, Content-HMAC over the raw body)', () => {
    const p = createCloudPaymentsProvider(settings);
    const sign = (raw: string) => ({ 'content-hmac': contentHmac('cp-secret', raw) });
    const pay = 'TransactionId=504&Amount=499.00&Currency=RUB&DateTime=2026-11-21+11%3A59%3A58&CardFirstSix=424242&CardLastFour=4242&CardType=Visa&CardExpDate=12%2F30'
      + '&TestMode=1&Status=Completed&OperationType=Payment&InvoiceId=order-1&AccountId=user-1&Token=tk_1';
    const form = { contentType: 'application/x-www-form-urlencoded' };
    expect(p.verifyNotification(incoming(pay, sign(pay), { ...form, query: { type: 'pay' } }))).toEqual({
      ok: true,
      notification: {
        notificationId: 'pay:504', transactionId: '504', refundOf: null, invoiceId: 'order-1', accountId: 'user-1', amount: 499, currency: 'RUB', operation: 'payment', status: 'completed',
        reason: null, card: { token: 'tk_1', firstSix: '424242', lastFour: '4242', type: 'Visa', expDate: '12/30' }, occurredAt: new Date('2026-11-21T11:59:58Z'),
      },
    });
    const fail = 'TransactionId=505&Amount=499&Currency=RUB&DateTime=2026-11-21+12%3A00%3A00&CardFirstSix=400000&CardLastFour=0069&CardType=Visa&OperationType=Payment&InvoiceId=order-2&Reason=ExpiredCard&ReasonCode=5054';
    const failed = p.verifyNotification(incoming(fail, sign(fail), { ...form, query: { type: 'fail' } }));
    expect(failed.ok && failed.notification).toMatchObject({ notificationId: 'fail:505', status: 'declined', reason: 'expired_card', operation: 'payment' });
    const refund = 'TransactionId=568&PaymentTransactionId=504&Amount=1.00&DateTime=2026-11-21+12%3A01%3A00&OperationType=Refund&InvoiceId=order-1&AccountId=user-1';
    const refunded = p.verifyNotification(incoming(refund, sign(refund), { ...form, query: { type: 'refund' } }));
    expect(refunded.ok && refunded.notification).toMatchObject({ notificationId: 'refund:568', transactionId: '568', refundOf: '504', operation: 'refund', status: 'completed', card: null });
    expect(p.verifyNotification(incoming(pay, { 'content-hmac': contentHmac('wrong', pay) }, form))).toEqual({ ok: false, reason: 'bad signature' });
    expect(p.verifyNotification(incoming(`${pay}&x=1`, sign(pay), form)).ok).toBe(false);
  });
});
