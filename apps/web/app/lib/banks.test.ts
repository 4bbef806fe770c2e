import { describe, expect, it } from 'vitest';
import { bankOf, DEFAULT_CARD_BACKGROUND } from './banks.ts';

describe('the bank of a payment method (spec platform §3)', () => {
  it('finds a Russian bank by the first 6 digits, with its logo on our own origin and its colours', () => {
    const look = bankOf({ type: 'card', card_bin: '427600' });
    expect(look.name).toBe('Сбербанк России');
    expect(look.logo).toBe('/banks-logos/ru-sberbank.svg');
    expect(look.background).toContain('#1a9f29');
    expect(look.text).toBe('#fff');
  });
  it.each([
    ['an unknown prefix', { type: 'card' as const, card_bin: '111111' }],
    ['no digits', { type: 'card' as const, card_bin: null }],
    ['too few digits', { type: 'card' as const, card_bin: '4276' }],
  ])('falls back to dark slate for %s', (_n, method) => {
    expect(bankOf(method)).toEqual({ name: null, logo: null, background: DEFAULT_CARD_BACKGROUND, text: '#eef0f5' });
  });
  it.each([
    ['card_googlepay', 'Google Pay'], ['card_cloudpayments_applepay', 'Apple Pay'], ['megafon_payment', 'МегаФон'], ['google_token', 'Google Play'],
    ['itunes_receipt', 'App Store'], ['huawei_token', 'AppGallery'],
  ] as const)('knows %s by its type (%s), whatever the digits', (type, name) => {
    expect(bankOf({ type, card_bin: '427600' }).name).toBe(name);
  });
});
