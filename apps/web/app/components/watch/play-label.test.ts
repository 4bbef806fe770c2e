import type { PlaybackCheck } from '@ekran/contracts';
import { describe, expect, it } from 'vitest';
import { playLabel } from './play-label.ts';

const base = { reason: 'ok' as const, stream: null, markers: null, prerolls: [], postrolls: [], next: null };
const playable: PlaybackCheck = { ...base, playlists: [{ url: '/m.m3u8', type: 'hls', expires_at: '2099-01-01T00:00:00Z', duration_seconds: 60, thumbnails_url: null }], upgrade_options: [] };
const option = { tariff_id: 't', title: 'Месяц', price: 399, currency: 'RUB', duration_days: 30, allow_trial: true, trial_days: 14 };
const gated: PlaybackCheck = { ...base, reason: 'subscription_required', playlists: [], upgrade_options: [option] };
const tariff = (o: object = {}) => ({
  _id: 't0', title: 'Месяц', price: 399, currency: 'RUB', duration_days: 30, weight: 0, allow_trial: true, trial_period_duration: { days: 7 }, max_streams: 2, original_id: null, recurrent_price: null, next_tariff_id: null, url: '/x', ...o,
});

describe('playLabel: the title page’s main button', () => {
  const input = { isFree: false, isSeries: false, trialAvailable: true, tariffs: [tariff()] };
  it.each<[string, Parameters<typeof playLabel>[0], ReturnType<typeof playLabel>]>([
    ['a free title: «Смотреть бесплатно»', { ...input, check: playable, isFree: true }, { label: 'free', trialDays: null }],
    ['an entitled film: «Смотреть»', { ...input, check: playable }, { label: 'play', trialDays: null }],
    ['an entitled series: «Смотреть 1 серию»', { ...input, check: playable, isSeries: true }, { label: 'first-episode', trialDays: null }],
    ['no session (a crawler) or a refusal play asks about: «Смотреть»', { ...input, check: null }, { label: 'play', trialDays: null }],
    ['not entitled, trial available: the weight-0 tariff’s days', { ...input, check: gated }, { label: 'trial', trialDays: 7 }],
    ['not entitled, the trial used: «Оформить подписку»', { ...input, check: gated, trialAvailable: false }, { label: 'subscribe', trialDays: null }],
    ['no tariff list: the upgrade option’s trial days', { ...input, check: gated, tariffs: null }, { label: 'trial', trialDays: 14 }],
    ['the flow’s tariff has no trial', { ...input, check: gated, tariffs: [tariff({ allow_trial: false })] }, { label: 'subscribe', trialDays: null }],
    ['a trial tariff without days: the default 7', { ...input, check: gated, tariffs: [tariff({ trial_period_duration: { days: 0 } })] }, { label: 'trial', trialDays: 7 }],
  ])('%s', (_name, args, expected) => {
    expect(playLabel(args)).toEqual(expected);
  });
});
