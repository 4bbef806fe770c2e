import { describe, expect, it, vi } from 'vitest';
import { tariff, viewer } from '../../test/billing.ts';
import { contextWith, outcome } from '../../test/visitor.ts';
import { action } from './payment-link.ts';

// The tariff page's channel and the page to come back to after paying.
const post = (fields: Record<string, string>) => new Request('http://localhost/resources/payment-link', { method: 'POST', body: new URLSearchParams(fields) });
const run = (api: object, fields: Record<string, string>) => outcome(() => action({ request: post(fields), context: contextWith(api, { auth: viewer() }), params: {} } as never));

describe('/resources/payment-link with a channel and back_url', () => {
  it('finds a pb_special tariff in that channel’s list and passes a back_url of our site', async () => {
    const special = tariff({ _id: 'sp', url: '/api/v1/billing/tariffs/sp/payment' });
    const api = { tariffs: vi.fn(), tariffsFor: vi.fn().mockResolvedValue([special]), paymentLink: vi.fn().mockResolvedValue({ url: 'https://pay.example.test/x' }) };
    const r = await run(api, { tariff_id: 'sp', channel: 'pb_special', back_url: '/watch/film' });
    expect('value' in r).toBe(true);
    expect(api.tariffsFor).toHaveBeenCalledWith({ channel: 'pb_special' });
    expect(api.tariffs).not.toHaveBeenCalled();
    expect(api.paymentLink.mock.calls[0]![1]).toMatchObject({ back_url: '/watch/film' });
  });

  it('ignores another channel and drops a back_url to another host', async () => {
    const api = { tariffs: vi.fn().mockResolvedValue([tariff()]), tariffsFor: vi.fn(), paymentLink: vi.fn().mockResolvedValue({ url: 'https://pay.example.test/x' }) };
    await run(api, { tariff_id: 't-month', channel: 'other', back_url: '//evil.example/x' });
    expect(api.tariffsFor).not.toHaveBeenCalled();
    expect(api.paymentLink.mock.calls[0]![1]).not.toHaveProperty('back_url', '//evil.example/x');
    expect(api.paymentLink.mock.calls[0]![1].back_url).toBeUndefined();
  });
});
