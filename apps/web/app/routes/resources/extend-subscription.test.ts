import { describe, expect, it, vi } from 'vitest';
import { order, SUB_ID, viewer } from '../../test/billing.ts';
import { apiError } from '../../test/devices.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { action } from './extend-subscription.ts';

const KEY = '0b3c2d1e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
const post = (fields: Record<string, string>) => new Request('http://localhost/resources/extend-subscription', { method: 'POST', body: new URLSearchParams(fields) });
type DataResult = { data: Record<string, unknown>; init: ResponseInit | null };
const run = async (api: object, fields: Record<string, string>, auth = viewer()) => {
  const r = await outcome(() => action({ request: post(fields), context: contextWith(api, { auth }), params: {} } as never));
  return 'value' in r ? (r.value as DataResult) : null;
};

describe('/resources/extend-subscription (spec platform §4 Pending subscription extension, §8)', () => {
  it('extends with the banner’s idempotency key and says it is paid', async () => {
    const extendSubscription = vi.fn().mockResolvedValue(order({ kind: 'extend', status: 'succeeded' }));
    const r = await run({ extendSubscription }, { subscription_id: SUB_ID, key: KEY });
    expect(extendSubscription).toHaveBeenCalledWith(SUB_ID, KEY);
    expect(r?.data).toEqual({ status: 'succeeded', order_id: 'o1' });
  });

  it('without a card sends the browser to the payment host with our client key', async () => {
    const extendSubscription = vi.fn().mockResolvedValue(order({ kind: 'extend', payment_url: 'https://pay.example.test/p/1' }));
    const r = await run({ extendSubscription }, { subscription_id: SUB_ID, key: KEY });
    expect(r?.data.status).toBe('redirect');
    expect(String(r?.data.url)).toMatch(/^https:\/\/pay\.example\.test\/p\/1\?client_key=/);
  });

  it('a charge the bank has not answered is processing, never a failure', async () => {
    const r = await run({ extendSubscription: vi.fn().mockResolvedValue(order({ kind: 'extend', status: 'processing' })) }, { subscription_id: SUB_ID, key: KEY });
    expect(r?.data).toEqual({ status: 'processing', order_id: 'o1' });
  });

  it('our own wait running out is processing too (the key is kept for asking again), never a failure', async () => {
    const r = await run({ extendSubscription: vi.fn().mockRejectedValue(new DOMException('The operation was aborted due to timeout', 'TimeoutError')) }, { subscription_id: SUB_ID, key: KEY });
    expect(r?.data).toEqual({ status: 'processing', order_id: null });
  });

  it('a declined charge names its reason', async () => {
    const r = await run({ extendSubscription: vi.fn().mockResolvedValue(order({ status: 'failed', failure_reason: 'insufficient_funds' })) }, { subscription_id: SUB_ID, key: KEY });
    expect(r?.data).toEqual({ status: 'failed', reason: 'insufficient_funds' });
  });

  it.each([
    ['no key', { subscription_id: SUB_ID }],
    ['a malformed subscription id', { subscription_id: '1; drop', key: KEY }],
    ['a malformed key', { subscription_id: SUB_ID, key: 'again' }],
  ])('400 on %s, and the API is not asked', async (_n, fields) => {
    const extendSubscription = vi.fn();
    const r = await run({ extendSubscription }, fields);
    expect(r?.init?.status).toBe(400);
    expect(extendSubscription).not.toHaveBeenCalled();
  });

  it('401 for a virtual visitor', async () => {
    const extendSubscription = vi.fn();
    const r = await run({ extendSubscription }, { subscription_id: SUB_ID, key: KEY }, viewer({ virtual: true }));
    expect(r?.init?.status).toBe(401);
    expect(extendSubscription).not.toHaveBeenCalled();
  });

  it('passes a refusal of the API on (403 another account’s subscription, 5xx a failure)', async () => {
    expect((await run({ extendSubscription: vi.fn().mockRejectedValue(apiError(403, 'FORBIDDEN')) }, { subscription_id: SUB_ID, key: KEY }))?.init?.status).toBe(403);
    expect((await run({ extendSubscription: vi.fn().mockRejectedValue(apiError(503, 'UNAVAILABLE')) }, { subscription_id: SUB_ID, key: KEY }))?.data).toEqual({ error: 'failed' });
  });
});
