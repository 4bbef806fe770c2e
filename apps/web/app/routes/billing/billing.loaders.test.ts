import { describe, expect, it, vi } from 'vitest';
import { apiError } from '../../test/devices.ts';
import { order, subscription, tariff, viewer } from '../../test/billing.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { loader as historyLoader, PAGE_SIZE } from './payment-history.tsx';
import { loader as resultLoader, viewOf } from './payment-result.tsx';
import { loader as tariffsLoader } from './tariffs.tsx';

const get = (url: string) => new Request(`http://localhost${url}`);
const redirectOf = (r: { thrown: unknown } | { value: unknown }) => ('thrown' in r && r.thrown instanceof Response ? r.thrown.headers.get('location') : null);

describe('/tariffs loader (spec platform §2 Static, §7 GET tariffs)', () => {
  it('lists the tariffs by weight with what the buttons need', async () => {
    const tariffsFor = vi.fn().mockResolvedValue([tariff({ _id: 'b', weight: 2 }), tariff({ _id: 'a', weight: 0 })]);
    const r = await tariffsLoader({ request: get('/tariffs'), context: contextWith({ tariffsFor }, { auth: viewer() }) } as never);
    expect(r.tariffs?.map((t) => t._id)).toEqual(['a', 'b']);
    expect(r).toMatchObject({ channel: null, trialAvailable: true, canPay: true });
    expect(tariffsFor).toHaveBeenCalledWith({});
  });

  it('passes channel only when it is pb_special, and a well-formed experiment', async () => {
    const tariffsFor = vi.fn().mockResolvedValue([]);
    await tariffsLoader({ request: get('/tariffs?channel=pb_special&experiment=exp_1'), context: contextWith({ tariffsFor }) } as never);
    expect(tariffsFor).toHaveBeenLastCalledWith({ channel: 'pb_special', experiment: 'exp_1' });
    await tariffsLoader({ request: get('/tariffs?channel=other&experiment=%3Cscript%3E'), context: contextWith({ tariffsFor }) } as never);
    expect(tariffsFor).toHaveBeenLastCalledWith({});
  });

  it('gives null on a failed call (the retry state), not an error page', async () => {
    const r = await tariffsLoader({ request: get('/tariffs'), context: contextWith({ tariffsFor: vi.fn().mockRejectedValue(apiError(503, 'UNAVAILABLE')) }) } as never);
    expect(r.tariffs).toBeNull();
  });

  it('a virtual visitor or one without email and phone signs in first; a used trial is not offered', async () => {
    const tariffsFor = vi.fn().mockResolvedValue([tariff()]);
    const virtual = await tariffsLoader({ request: get('/tariffs'), context: contextWith({ tariffsFor }, { auth: viewer({ virtual: true }) }) } as never);
    expect(virtual.canPay).toBe(false);
    const noContact = await tariffsLoader({ request: get('/tariffs'), context: contextWith({ tariffsFor }, { auth: viewer({ email: null, phone: null, trial_is_available: false }) }) } as never);
    expect(noContact).toMatchObject({ canPay: false, trialAvailable: false });
  });
});

describe('payment result pages (spec platform §2 Payment result)', () => {
  const ctx = (api: object, auth = viewer()) => contextWith(api, { auth });

  it('reads the order and, once paid, the next charge of the subscription', async () => {
    const api = { order: vi.fn().mockResolvedValue(order({ status: 'succeeded' })), subscriptions: vi.fn().mockResolvedValue({ data: { subscriptions: [subscription()] } }) };
    const r = await resultLoader({ request: get('/web/success?order=o1'), context: ctx(api) } as never);
    expect(api.order).toHaveBeenCalledWith('o1');
    expect(r).toMatchObject({ mobile: false, failPath: false, order: { status: 'succeeded' }, next: { at: '2026-05-10T09:00:00.000Z', amount: 499, currency: 'RUB' } });
  });

  it('knows the mobile and the fail variants by the path', async () => {
    const api = { order: vi.fn().mockResolvedValue(order({ status: 'failed', failure_reason: 'insufficient_funds' })) };
    expect(await resultLoader({ request: get('/mobile/fail?order=o1'), context: ctx(api) } as never)).toMatchObject({ mobile: true, failPath: true });
    expect(await resultLoader({ request: get('/paymentFail?order=o1'), context: ctx(api) } as never)).toMatchObject({ mobile: false, failPath: true });
  });

  it('a missing, malformed or foreign order id asks the API nothing or shows no order', async () => {
    const api = { order: vi.fn().mockRejectedValue(apiError(404, 'NOT_FOUND')) };
    expect(await resultLoader({ request: get('/web/success?order=..%2F..%2Fadmin'), context: ctx(api) } as never)).toMatchObject({ order: null });
    expect(api.order).not.toHaveBeenCalled();
    expect(await resultLoader({ request: get('/web/success?order=o2'), context: ctx(api) } as never)).toMatchObject({ order: null });
  });

  it.each([
    ['paid', order({ status: 'succeeded' }), false, false, 'success'],
    ['paid though the host said fail', order({ status: 'succeeded' }), true, false, 'success'],
    ['pending on the success page', order(), false, false, 'pending'],
    ['pending too long', order(), false, true, 'slow'],
    ['failed on the success page', order({ status: 'failed' }), false, false, 'fail'],
    ['pending on the fail page', order(), true, false, 'fail'],
    ['no order on the fail page', null, true, false, 'fail'],
    ['no order on the success page', null, false, false, 'unknown'],
  ] as const)('%s → %s', (_n, o, failPath, timedOut, view) => expect(viewOf(o, failPath, timedOut)).toBe(view));
});

describe('/payment_history loader', () => {
  it('loads a page from skip', async () => {
    const paymentHistory = vi.fn().mockResolvedValue({ data: { items: [], items_total: 45 } });
    const r = await historyLoader({ request: get('/payment_history?skip=20'), context: contextWith({ paymentHistory }, { auth: viewer() }) } as never);
    expect(paymentHistory).toHaveBeenCalledWith({ skip: 20, limit: PAGE_SIZE });
    expect(r).toMatchObject({ total: 45, skip: 20 });
  });
  it('starts at the top on a malformed skip', async () => {
    const paymentHistory = vi.fn().mockResolvedValue({ data: { items: [], items_total: 0 } });
    await historyLoader({ request: get('/payment_history?skip=-5'), context: contextWith({ paymentHistory }, { auth: viewer() }) } as never);
    expect(paymentHistory).toHaveBeenCalledWith({ skip: 0, limit: PAGE_SIZE });
  });
  it('sends a virtual visitor to /auth and back', async () => {
    const paymentHistory = vi.fn();
    const r = await outcome(() => historyLoader({ request: get('/payment_history'), context: contextWith({ paymentHistory }, { auth: viewer({ virtual: true }) }) } as never));
    expect(redirectOf(r)).toBe('/auth?back=%2Fpayment_history');
    expect(paymentHistory).not.toHaveBeenCalled();
  });
});
