// spec platform §7 GET tariffs (optional experiment and channel; pb_special selects the special tariffs) and
// §3 Tariff (weight, allow_trial, url, trial_period_duration.days).
import { TariffListSchema } from '@ekran/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let month: { id: string };
let year: { id: string };
let special: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  year = await t.make.tariff({ alias: 'year', title: 'Подписка на год', price: 2990, durationDays: 365, weight: 10, allowTrial: false, maxStreams: 4 });
  month = await t.make.tariff({ alias: 'month', title: 'Подписка на месяц', price: 399, durationDays: 30, weight: 0, allowTrial: true, trialDays: 7, maxStreams: 2 });
  await t.make.tariff({ alias: 'old', title: 'Снятый с продажи', price: 299, weight: 0, isActive: false });
  // A discount tariff reached only through an offer is not on the list
  await t.make.tariff({ alias: 'first-month-149', title: 'Первый месяц за 149 ₽', price: 149, weight: 0, isListed: false });
  special = await t.make.tariff({ alias: 'pb-special-month', title: 'Специальное предложение', price: 199, weight: 0, allowTrial: true, trialDays: 14, channel: 'pb_special' });
  await t.make.tariff({ alias: 'pb-special-old', title: 'Старое спецпредложение', price: 99, channel: 'pb_special', isActive: false });
});
afterAll(() => t.close());

const tariffs = (query = '', headers: Record<string, string> = t.headers) => t.app.inject({ url: `/api/v1/billing/tariffs${query}`, headers });

describe('GET /api/v1/billing/tariffs', () => {
  it('lists the regular tariffs on sale in weight order, each with its payment link', async () => {
    const res = await tariffs();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(TariffListSchema.parse(res.json())).toEqual([
      {
        _id: month.id, title: 'Подписка на месяц', price: 399, currency: 'RUB', duration_days: 30, weight: 0, allow_trial: true,
        trial_period_duration: { days: 7 }, max_streams: 2, original_id: null, recurrent_price: null, next_tariff_id: null, url: `/api/v1/billing/tariffs/${month.id}/payment`,
      },
      {
        _id: year.id, title: 'Подписка на год', price: 2990, currency: 'RUB', duration_days: 365, weight: 10, allow_trial: false,
        trial_period_duration: { days: 7 }, max_streams: 4, original_id: null, recurrent_price: null, next_tariff_id: null, url: `/api/v1/billing/tariffs/${year.id}/payment`,
      },
    ]);
  });

  it('channel pb_special selects the special tariffs on sale', async () => {
    const list = TariffListSchema.parse((await tariffs('?channel=pb_special')).json());
    expect(list.map((x) => [x._id, x.title, x.price, x.trial_period_duration.days])).toEqual([[special.id, 'Специальное предложение', 199, 14]]);
  });

  it('a channel without tariffs of its own gets the regular list; experiment is accepted', async () => {
    const regular = TariffListSchema.parse((await tariffs()).json());
    expect(TariffListSchema.parse((await tariffs('?channel=partner_landing')).json())).toEqual(regular);
    expect(TariffListSchema.parse((await tariffs('?experiment=offer_off')).json())).toEqual(regular);
  });

  it('needs only the API key (a visitor before any device login may see the prices)', async () => {
    expect((await tariffs('', {})).statusCode).toBe(401);
    expect((await tariffs('', {})).json().code).toBe('INVALID_API_KEY');
    const { auth } = await loginDevice(t);
    expect((await tariffs('', auth)).statusCode).toBe(200);
  });

  it('answers 400 for malformed parameters', async () => {
    for (const query of ['?channel=', '?channel=%3Cscript%3E', `?experiment=${'x'.repeat(65)}`]) {
      const res = await tariffs(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
    }
  });
});
