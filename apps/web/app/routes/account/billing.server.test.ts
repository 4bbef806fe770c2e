import { describe, expect, it, vi } from 'vitest';
import { CARD_ID, card, SUB_ID, subscription, viewer } from '../../test/billing.ts';
import { apiError } from '../../test/devices.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { action, loader } from './account.tsx';

const post = (fields: Record<string, string>) => new Request('http://localhost/account/subscriptions', { method: 'POST', body: new URLSearchParams(fields) });
type DataResult = { data: Record<string, unknown>; init: ResponseInit | null };
const run = (api: object, fields: Record<string, string>, auth = viewer()) =>
  outcome(() => action({ request: post(fields), params: { type: 'subscriptions' }, context: contextWith(api, { auth }) } as never));
const value = (r: { thrown: unknown } | { value: unknown }) => ('value' in r ? (r.value as DataResult) : null);

describe('/account/subscriptions loader (issue 6 web)', () => {
  it('loads the subscriptions and the active payment methods with their bank', async () => {
    const api = {
      subscriptions: vi.fn().mockResolvedValue({ data: { subscriptions: [subscription()] } }),
      paymentMethods: vi.fn().mockResolvedValue({ data: { items: [card(), card({ id: 'gone', state: 'removed' })] } }),
    };
    const r = await loader({ request: new Request('http://localhost/account/subscriptions'), params: { type: 'subscriptions' }, context: contextWith(api, { auth: viewer() }) } as never);
    expect(r).toMatchObject({ section: 'subscriptions', subscriptions: [{ _id: SUB_ID }], methods: [{ id: CARD_ID, bank: { name: 'Сбербанк России' } }] });
    expect((r as { methods: unknown[] }).methods).toHaveLength(1);
  });

  it('still shows the subscriptions when the payment methods fail', async () => {
    const api = { subscriptions: vi.fn().mockResolvedValue({ data: { subscriptions: [] } }), paymentMethods: vi.fn().mockRejectedValue(apiError(503, 'UNAVAILABLE')) };
    const r = await loader({ request: new Request('http://localhost/account/subscriptions'), params: { type: 'subscriptions' }, context: contextWith(api, { auth: viewer() }) } as never);
    expect(r).toMatchObject({ methods: null });
  });
});

describe('/account/subscriptions actions (spec platform §4 Disable recurring subscription; payment methods)', () => {
  it('turns renewal off and back on', async () => {
    const setRecurrent = vi.fn().mockResolvedValue(null);
    expect(value(await run({ setRecurrent }, { intent: 'renewal', subscription_id: SUB_ID, enabled: 'false' }))?.data).toEqual({ intent: 'renewal', ok: true, enabled: false, subscription_id: SUB_ID });
    expect(setRecurrent).toHaveBeenLastCalledWith(SUB_ID, false);
    await run({ setRecurrent }, { intent: 'renewal', subscription_id: SUB_ID, enabled: 'true' });
    expect(setRecurrent).toHaveBeenLastCalledWith(SUB_ID, true);
  });

  it.each([
    ['a malformed subscription id', { intent: 'renewal', subscription_id: 'nope', enabled: 'false' }],
    ['no enabled', { intent: 'renewal', subscription_id: SUB_ID }],
    ['enabled not a boolean', { intent: 'renewal', subscription_id: SUB_ID, enabled: 'maybe' }],
    ['a malformed card id', { intent: 'remove-card', payment_method_id: '../x' }],
  ])('400 on %s, and nothing changes', async (_n, fields) => {
    const api = { setRecurrent: vi.fn(), removePaymentMethod: vi.fn() };
    expect(value(await run(api, fields))?.init?.status).toBe(400);
    expect(api.setRecurrent).not.toHaveBeenCalled();
    expect(api.removePaymentMethod).not.toHaveBeenCalled();
  });

  it('a refusal of the API (another account’s subscription) is passed on', async () => {
    const r = value(await run({ setRecurrent: vi.fn().mockRejectedValue(apiError(403, 'FORBIDDEN')) }, { intent: 'renewal', subscription_id: SUB_ID, enabled: 'false' }));
    expect(r?.init?.status).toBe(403);
    expect(r?.data).toMatchObject({ ok: false });
  });

  it('removes a card', async () => {
    const removePaymentMethod = vi.fn().mockResolvedValue(null);
    expect(value(await run({ removePaymentMethod }, { intent: 'remove-card', payment_method_id: CARD_ID }))?.data).toEqual({ intent: 'remove-card', ok: true });
    expect(removePaymentMethod).toHaveBeenCalledWith(CARD_ID);
  });

  it('«Сменить карту» goes to the payment host with our client key', async () => {
    const bindCard = vi.fn().mockResolvedValue({ url: 'https://pay.example.test/bind/1' });
    const r = await run({ bindCard }, { intent: 'change-card' });
    expect(bindCard).toHaveBeenCalledWith({ return_to: 'web', back_url: '/account/subscriptions' });
    expect('thrown' in r || 'value' in r).toBe(true);
    const res = ('value' in r ? r.value : r.thrown) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^https:\/\/pay\.example\.test\/bind\/1\?client_key=/);
  });

  it('a virtual visitor is sent to /auth and nothing is called', async () => {
    const setRecurrent = vi.fn();
    const r = await run({ setRecurrent }, { intent: 'renewal', subscription_id: SUB_ID, enabled: 'false' }, viewer({ virtual: true }));
    expect('thrown' in r && (r.thrown as Response).headers.get('location')).toBe('/auth?back=%2Faccount%2Fsubscriptions');
    expect(setRecurrent).not.toHaveBeenCalled();
  });
});
