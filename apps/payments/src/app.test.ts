import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatPrice } from '@ekran/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CARD_TRIES } from './operations.ts';
import {
  AUTH,
  SECRET,
  checkoutBody,
  createCheckout,
  makeApp,
  newDataDir,
  newKey,
  startReceiver,
  submitCard,
  submitCode,
  waitFor,
  type Receiver,
} from './test-helpers.ts';

let receiver: Receiver;
let app: FastifyInstance;
let dataDir: string;
let clock = new Date('2026-05-01T10:00:00Z');

beforeAll(async () => {
  receiver = await startReceiver();
  dataDir = newDataDir();
  app = await makeApp({ dataDir, notifyUrl: receiver.url, now: () => clock });
});
afterAll(async () => {
  await app.close();
  receiver.server.close();
});
afterEach(() => {
  receiver.respond = () => ({ status: 200, body: '{"code":0}' });
  clock = new Date('2026-05-01T10:00:00Z');
});

const forInvoice = (invoice: string) => receiver.received.filter((r) => r.body.InvoiceId === invoice);

describe('GET /health', () => {
  it('answers 200', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('POST /api/checkouts', () => {
  it('creates a checkout whose url is the hosted page', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/checkouts', headers: { authorization: AUTH, 'idempotency-key': newKey() }, payload: checkoutBody() });
    expect(res.statusCode).toBe(201);
    const { id, url } = res.json<{ id: string; url: string }>();
    expect(url).toBe(`http://localhost:4190/pay/${id}`);
  });

  it.each([
    ['a negative amount', { amount: -5 }],
    ['three decimals', { amount: 10.005 }],
    ['a bad currency', { currency: 'rub' }],
    ['a missing success_url', { success_url: undefined }],
    ['a javascript: url', { fail_url: 'javascript:alert(1)' }],
    ['an unknown field', { card_number: '4242424242424242' }],
  ])('refuses %s with 400 {error} and creates nothing', async (_name, over) => {
    const before = Object.keys(app.payments.store.view.checkouts).length;
    const res = await app.inject({ method: 'POST', url: '/api/checkouts', headers: { authorization: AUTH, 'idempotency-key': newKey() }, payload: checkoutBody(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toEqual(expect.any(String));
    expect(Object.keys(app.payments.store.view.checkouts)).toHaveLength(before);
  });

  it.each([
    ['no credentials', undefined],
    ['a wrong secret', `Basic ${Buffer.from('ekran-sandbox:wrong-secret-123456').toString('base64')}`],
    ['another scheme', `Bearer ${SECRET}`],
  ])('refuses %s with 401', async (_name, authorization) => {
    const headers: Record<string, string> = { 'idempotency-key': newKey() };
    if (authorization) headers.authorization = authorization;
    for (const url of ['/api/checkouts', '/api/charges', '/api/refunds']) {
      const res = await app.inject({ method: 'POST', url, headers, payload: checkoutBody() });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Basic');
    }
  });

  it('answers a repeated Idempotency-Key with the first answer and creates one checkout', async () => {
    const key = newKey();
    const body = checkoutBody();
    const first = await app.inject({ method: 'POST', url: '/api/checkouts', headers: { authorization: AUTH, 'idempotency-key': key }, payload: body });
    const again = await app.inject({ method: 'POST', url: '/api/checkouts', headers: { authorization: AUTH, 'idempotency-key': key }, payload: { ...body } });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(Object.values(app.payments.store.view.checkouts).filter((c) => c.invoice_id === body.invoice_id)).toHaveLength(1);
    const other = await app.inject({ method: 'POST', url: '/api/checkouts', headers: { authorization: AUTH, 'idempotency-key': key }, payload: { ...body, amount: 1 } });
    expect(other.statusCode).toBe(400);
  });

  it('requires an Idempotency-Key', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/checkouts', headers: { authorization: AUTH }, payload: checkoutBody() });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/Idempotency-Key/);
  });
});

describe('the hosted page', () => {
  it('shows the merchant, the amount in the platform §5 format, the card form and the test cards', async () => {
    const { id } = await createCheckout(app, { amount: 1190, description: 'Подписка на 3 месяца' });
    const res = await app.inject({ method: 'GET', url: `/pay/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(formatPrice(1190, 'RUB')).toBe('1\u2009190\u00a0₽');
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('Экран');
    expect(html).toContain('Подписка на 3 месяца');
    expect(html).toContain('Оплатить 1\u2009190\u00a0₽');
    for (const card of ['4242 4242 4242 4242', '2200 0000 0000 0004', '5555 5555 5555 4444', '4000 0000 0000 0002', '4000 0000 0000 0069', '5105 1051 0510 5100']) {
      expect(html).toContain(card);
    }
    expect(html).toContain('autocomplete="cc-number"');
    expect(html).toContain('autocomplete="cc-exp"');
    expect(html).toContain('autocomplete="cc-csc"');
    expect(html).toContain('inputmode="numeric"');
    expect(html).toContain('aria-describedby="number-error"');
    expect(html).toMatch(/<label for="number">Номер карты<\/label>/);
    expect(html).toContain('href="http://localhost:3000/web/fail">Вернуться в Экран</a>');
  });

  it('tells a trial (bind_only) that it charges 1 ₽ and returns it', async () => {
    const { id } = await createCheckout(app, { amount: 1, bind_only: true, recurrent: true });
    const html = (await app.inject({ method: 'GET', url: `/pay/${id}` })).body;
    expect(html).toContain('Оплатить 1\u00a0₽');
    expect(html).toContain('спишем 1\u00a0₽ и сразу вернём');
  });

  it('escapes what the merchant sent', async () => {
    const { id } = await createCheckout(app, { description: '<script>alert(1)</script> & «Экран»' });
    const html = (await app.inject({ method: 'GET', url: `/pay/${id}` })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; «Экран»');
  });

  it('is 404 for an unknown checkout', async () => {
    const res = await app.inject({ method: 'GET', url: '/pay/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Платёж не найден');
  });

  it.each([
    ['a number failing Luhn', { number: '4242 4242 4242 4241' }, 'Проверьте номер карты'],
    ['an expired card', { number: '4242424242424242', expiry: '04/26' }, 'Срок действия карты истёк'],
    ['a malformed expiry', { number: '4242424242424242', expiry: '13/30' }, 'Срок действия в формате ММ/ГГ'],
    ['a two-digit CVC', { number: '4242424242424242', cvc: '12' }, 'CVC — 3 цифры с обратной стороны карты'],
    ['an empty number', { number: '' }, 'Введите номер карты'],
  ])('re-renders the form with a 400 for %s and charges nothing', async (_name, card, message) => {
    const { id, invoice } = await createCheckout(app);
    const res = await submitCard(app, id, card);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).not.toContain('value="123"'); // the CVC is never echoed back
    expect(app.payments.store.view.checkouts[id]!.status).toBe('pending');
    expect(forInvoice(invoice)).toHaveLength(0);
  });

  it('shows the expiry page after 30 minutes and takes no card', async () => {
    const { id, invoice } = await createCheckout(app);
    clock = new Date(clock.getTime() + 31 * 60 * 1000);
    const page = await app.inject({ method: 'GET', url: `/pay/${id}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Время на оплату истекло');
    expect(page.body).toContain(`http://localhost:3000/web/fail?order=${invoice}&amp;reason=expired`);
    const post = await submitCard(app, id, { number: '4242424242424242' });
    expect(post.statusCode).toBe(410);
    expect(forInvoice(invoice)).toHaveLength(0);
  });
});

describe('paying on the hosted page', () => {
  it('a success card: a signed Payment notification, then a 303 to success_url with order=', async () => {
    const { id, invoice } = await createCheckout(app);
    const res = await submitCard(app, id, { number: '4242 4242 4242 4242', expiry: '12/30' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/web/success?order=${invoice}`);
    const [n] = forInvoice(invoice);
    expect(n).toBeDefined();
    // Content-HMAC over the raw body bytes with the shared secret; the header timestamp is the body's SentAt.
    expect(n!.headers['content-hmac']).toBe(createHmac('sha256', SECRET).update(n!.raw).digest('base64'));
    expect(n!.headers['x-notification-timestamp']).toBe(String(n!.body.SentAt));
    expect(n!.body).toMatchObject({
      NotificationId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      TransactionId: expect.any(String),
      RefundOf: null,
      InvoiceId: invoice,
      AccountId: 'acc-1',
      Amount: 1190,
      Currency: 'RUB',
      OperationType: 'Payment',
      Status: 'Completed',
      Reason: null,
      Token: null,
      CardFirstSix: '424242',
      CardLastFour: '4242',
      CardType: 'Visa',
      CardExpDate: '12/30',
    });
    expect(Math.abs(Number(n!.body.SentAt) - Date.now() / 1000)).toBeLessThan(5);
    // Never the full number or the CVC in the provider's store.
    const stored = readFileSync(join(dataDir, 'state.json'), 'utf8');
    expect(stored).not.toContain('4242424242424242');
    // A finished checkout cannot be paid again: it shows its result.
    const again = await submitCard(app, id, { number: '4242424242424242' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('Оплата прошла');
    expect((await app.inject({ method: 'GET', url: `/pay/${id}` })).body).toContain('Оплата прошла');
    expect(forInvoice(invoice)).toHaveLength(1);
  });

  it('a double submit settles the checkout once', async () => {
    const { id, invoice } = await createCheckout(app);
    const answers = await Promise.all([submitCard(app, id, { number: '4242424242424242' }), submitCard(app, id, { number: '4000000000000002' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 303]);
    await new Promise((done) => setTimeout(done, 100));
    expect(forInvoice(invoice)).toHaveLength(1);
    expect(Object.values(app.payments.store.view.transactions).filter((t) => t.invoice_id === invoice)).toHaveLength(1);
  });

  it('a Mir card with recurrent saves the card: the notification carries a token', async () => {
    const { id, invoice } = await createCheckout(app, { recurrent: true });
    await submitCard(app, id, { number: '2200000000000004' });
    const [n] = forInvoice(invoice);
    expect(n!.body).toMatchObject({ Status: 'Completed', CardType: 'Mir', Token: expect.stringMatching(/^tk_/) });
  });

  it('a 3-D Secure card goes to the confirmation page; 1234 succeeds', async () => {
    const { id, invoice } = await createCheckout(app);
    const res = await submitCard(app, id, { number: '5555555555554444' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/pay/${id}/3ds`);
    expect(forInvoice(invoice)).toHaveLength(0);
    expect((await app.inject({ method: 'GET', url: `/pay/${id}` })).headers.location).toBe(`/pay/${id}/3ds`);
    const page = await app.inject({ method: 'GET', url: `/pay/${id}/3ds` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('1234');
    expect(page.body).toContain('MasterCard •••• 4444');
    const confirm = await submitCode(app, id, '1234');
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`http://localhost:3000/web/success?order=${invoice}`);
    expect(forInvoice(invoice).map((r) => [r.body.Status, r.body.CardType])).toEqual([['Completed', 'MasterCard']]);
  });

  it('a wrong 3-D Secure code is a declined try (3ds_failed): back to the card form with the reason', async () => {
    const { id, invoice } = await createCheckout(app);
    await submitCard(app, id, { number: '5555 5555 5555 4444' });
    const res = await submitCode(app, id, '0000');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/pay/${id}`);
    await waitFor(() => forInvoice(invoice).length === 1);
    expect(forInvoice(invoice).map((r) => [r.body.Status, r.body.Reason])).toEqual([['Declined', '3ds_failed']]);
    const form = await app.inject({ method: 'GET', url: `/pay/${id}` });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('MasterCard •••• 4444');
    expect(form.body).toContain('неверный код 3-D Secure');
  });

  it('an empty 3-D Secure code is asked again', async () => {
    const { id } = await createCheckout(app);
    await submitCard(app, id, { number: '5555555555554444' });
    const res = await submitCode(app, id, '');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Введите код подтверждения');
    expect(app.payments.store.view.checkouts[id]!.status).toBe('awaiting_3ds');
  });

  it.each([
    ['4000000000000002', 'insufficient_funds', 'Недостаточно средств на карте.'],
    ['4000000000000069', 'expired_card', 'Срок действия карты истёк.'],
    ['4111111111111111', 'do_not_honor', 'Банк отклонил платёж.'],
  ])('%s is a declined try (%s): a Declined notification, and the card holder stays on the form with the reason', async (number, reason, text) => {
    const { id, invoice } = await createCheckout(app);
    const res = await submitCard(app, id, { number });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/pay/${id}`);
    await waitFor(() => forInvoice(invoice).length === 1);
    expect(forInvoice(invoice).map((r) => [r.body.OperationType, r.body.Status, r.body.Reason, r.body.Token])).toEqual([['Payment', 'Declined', reason, null]]);
    const form = await app.inject({ method: 'GET', url: `/pay/${id}` });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('data-testid="decline"');
    expect(form.body).toContain(text);
    expect(form.body).toContain(`•••• ${number.slice(-4)}`);
    expect(form.body).toContain('Осталось 2 попытки');
    // The number is not kept: an empty field to type into; leaving goes back with the order and the reason.
    expect(form.body).toMatch(/id="number"[^>]*value=""/);
    expect(form.body).toContain(`http://localhost:3000/web/fail?order=${invoice}&amp;reason=${reason}`);
    expect(app.payments.store.view.checkouts[id]!.status).toBe('pending');
  });

  it('pays with another card after a decline, and only then goes back to the shop', async () => {
    const { id, invoice } = await createCheckout(app);
    await submitCard(app, id, { number: '4000000000000002' });
    const res = await submitCard(app, id, { number: '4242424242424242' });
    expect(res.headers.location).toBe(`http://localhost:3000/web/success?order=${invoice}`);
    await waitFor(() => forInvoice(invoice).length === 2);
    expect(forInvoice(invoice).map((r) => [r.body.Status, r.body.Reason])).toEqual([
      ['Declined', 'insufficient_funds'],
      ['Completed', null],
    ]);
    const done = await app.inject({ method: 'GET', url: `/pay/${id}` });
    expect(done.body).toContain('Оплата прошла');
    expect(done.body).not.toContain('data-testid="decline"');
  });

  it(`the last allowed declined try (of ${MAX_CARD_TRIES}) is final: a 303 to fail_url with the reason`, async () => {
    const { id, invoice } = await createCheckout(app);
    await submitCard(app, id, { number: '4000000000000002' });
    const second = await app.inject({ method: 'GET', url: `/pay/${id}` });
    expect(second.body).toContain('Осталось 2 попытки');
    await submitCard(app, id, { number: '4000000000000069' });
    expect((await app.inject({ method: 'GET', url: `/pay/${id}` })).body).toContain('Осталась последняя попытка');
    const res = await submitCard(app, id, { number: '4111111111111111' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://localhost:3000/web/fail?order=${invoice}&reason=do_not_honor`);
    await waitFor(() => forInvoice(invoice).length === 3);
    expect(forInvoice(invoice).map((r) => r.body.Reason)).toEqual(['insufficient_funds', 'expired_card', 'do_not_honor']);
    expect((await app.inject({ method: 'GET', url: `/pay/${id}` })).body).toContain('Оплата не прошла');
  });

  it('keeps the query of success_url and adds order=', async () => {
    const { id, invoice } = await createCheckout(app, { success_url: 'http://localhost:3000/mobile/success?lang=ru' });
    const res = await submitCard(app, id, { number: '4242424242424242' });
    expect(res.headers.location).toBe(`http://localhost:3000/mobile/success?lang=ru&order=${invoice}`);
  });

  it('bind_only charges 1.00, notifies the Payment with a token, then refunds it and notifies the Refund', async () => {
    const { id, invoice } = await createCheckout(app, { amount: 1, bind_only: true, recurrent: true });
    const res = await submitCard(app, id, { number: '4242424242424242' });
    expect(res.headers.location).toBe(`http://localhost:3000/web/success?order=${invoice}`);
    await waitFor(() => forInvoice(invoice).length === 2);
    const [payment, refund] = forInvoice(invoice).map((r) => r.body);
    expect(payment).toMatchObject({ OperationType: 'Payment', Status: 'Completed', Amount: 1, Token: expect.stringMatching(/^tk_/) });
    expect(refund).toMatchObject({ OperationType: 'Refund', Status: 'Completed', Amount: 1, RefundOf: payment!.TransactionId, Token: null });
    expect(refund!.TransactionId).not.toBe(payment!.TransactionId);
    expect(refund!.NotificationId).not.toBe(payment!.NotificationId);
  });
});

describe('POST /api/charges and /api/refunds', () => {
  async function savedCard(number: string) {
    const { id, invoice } = await createCheckout(app, { recurrent: true });
    await submitCard(app, id, { number });
    return String(forInvoice(invoice)[0]!.body.Token);
  }
  const charge = (body: Record<string, unknown>, key = newKey()) =>
    app.inject({ method: 'POST', url: '/api/charges', headers: { authorization: AUTH, 'idempotency-key': key }, payload: body });
  const refund = (body: Record<string, unknown>, key = newKey()) =>
    app.inject({ method: 'POST', url: '/api/refunds', headers: { authorization: AUTH, 'idempotency-key': key }, payload: body });
  const chargeBody = (token: string, invoice: string) => ({ invoice_id: invoice, account_id: 'acc-1', token, amount: 499, currency: 'RUB', description: 'Продление подписки' });

  it('charges a saved card: succeeded, with a notification carrying the token', async () => {
    const token = await savedCard('4242424242424242');
    const res = await charge(chargeBody(token, 'renew-1'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ transaction_id: expect.any(String), status: 'succeeded', reason: null });
    await waitFor(() => forInvoice('renew-1').length === 1);
    expect(forInvoice('renew-1')[0]!.body).toMatchObject({ TransactionId: res.json<{ transaction_id: string }>().transaction_id, OperationType: 'Payment', Status: 'Completed', Amount: 499, Token: token });
  });

  it('declines recurring charges of 5105… (insufficient_funds) though its first payment succeeded', async () => {
    const token = await savedCard('5105105105105100');
    const res = await charge(chargeBody(token, 'renew-2'));
    expect(res.json()).toEqual({ transaction_id: expect.any(String), status: 'declined', reason: 'insufficient_funds' });
    await waitFor(() => forInvoice('renew-2').length === 1);
    expect(forInvoice('renew-2')[0]!.body).toMatchObject({ Status: 'Declined', Reason: 'insufficient_funds' });
  });

  it('declines a saved card whose expiry has passed', async () => {
    const token = await savedCard('4242424242424242'); // expires 12/30
    clock = new Date('2031-01-05T00:00:00Z');
    const res = await charge(chargeBody(token, 'renew-3'));
    expect(res.json()).toMatchObject({ status: 'declined', reason: 'expired_card' });
  });

  it('answers a repeated Idempotency-Key with the first answer and charges once', async () => {
    const token = await savedCard('4242424242424242');
    const key = newKey();
    const first = await charge(chargeBody(token, 'renew-4'), key);
    const again = await charge(chargeBody(token, 'renew-4'), key);
    expect(again.json()).toEqual(first.json());
    expect(Object.values(app.payments.store.view.transactions).filter((t) => t.invoice_id === 'renew-4')).toHaveLength(1);
  });

  it('refuses an unknown token, another account\'s token and bad input with 400', async () => {
    const token = await savedCard('4242424242424242');
    expect((await charge(chargeBody('tk_nope', 'x'))).statusCode).toBe(400);
    expect((await charge({ ...chargeBody(token, 'x'), account_id: 'acc-2' })).statusCode).toBe(400);
    expect((await charge({ ...chargeBody(token, 'x'), amount: 0 })).statusCode).toBe(400);
    expect(Object.values(app.payments.store.view.transactions).filter((t) => t.invoice_id === 'x')).toHaveLength(0);
  });

  it('refunds a payment (its own transaction id, a Refund notification) and never more than was paid', async () => {
    const token = await savedCard('4242424242424242');
    const paid = (await charge(chargeBody(token, 'renew-5'))).json<{ transaction_id: string }>();
    const part = await refund({ transaction_id: paid.transaction_id, amount: 200 });
    expect(part.statusCode).toBe(200);
    const body = part.json<{ transaction_id: string; status: string }>();
    expect(body.status).toBe('succeeded');
    expect(body.transaction_id).not.toBe(paid.transaction_id);
    await waitFor(() => forInvoice('renew-5').length === 2);
    expect(forInvoice('renew-5')[1]!.body).toMatchObject({ OperationType: 'Refund', Status: 'Completed', TransactionId: body.transaction_id, RefundOf: paid.transaction_id, Amount: 200 });
    const tooMuch = await refund({ transaction_id: paid.transaction_id, amount: 299.01 });
    expect(tooMuch.statusCode).toBe(400);
    expect((await refund({ transaction_id: paid.transaction_id, amount: 299 })).statusCode).toBe(200);
    expect((await refund({ transaction_id: 'tx_unknown', amount: 1 })).statusCode).toBe(400);
  });

  it('refuses to refund a declined payment', async () => {
    const token = await savedCard('5105105105105100');
    const declined = (await charge(chargeBody(token, 'renew-6'))).json<{ transaction_id: string }>();
    expect((await refund({ transaction_id: declined.transaction_id, amount: 1 })).statusCode).toBe(400);
  });
});
