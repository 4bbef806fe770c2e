import { PlaybackCheckSchema } from '@ekran/contracts';
import { subscriptions, titles } from '@ekran/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';

// A playback check reads what it may keep (docs/decisions/047-account-answers-cache.md): the item and the tariffs under
// the catalogue's revision, the account's entitlement facts under the account's version. Whatever changes either is
// seen by the next check; with the caches on as in production.
let t: TestApp;
let paid: { id: string };
beforeAll(async () => {
  t = await createTestApp({ CATALOG_CACHE_SECONDS: '30', ACCOUNT_CACHE_SECONDS: '5' });
  await t.make.tariff({ alias: 'month', title: 'Подписка на месяц', price: 399 });
  paid = await t.make.title({ alias: 'kept-platnyy' });
});
afterAll(() => t.close());

const check = async (auth: Record<string, string>) => PlaybackCheckSchema.parse((await t.app.inject({ url: `/api/v1/playback/${paid.id}`, headers: auth })).json());
// The catalogue's revision is read at most once a second (catalog-revision.service.ts).
const aSecondLater = () => void (t.clock.now = new Date(t.clock.now.getTime() + 1100));

describe('a playback check with its answers kept', () => {
  it('plays as soon as the account buys, and stops as soon as the subscription is cancelled', async () => {
    const { auth, _id } = await loginDevice(t);
    expect((await check(auth)).reason).toBe('subscription_required');
    expect((await check(auth)).reason).toBe('subscription_required');
    const sub = await t.make.subscription({ userId: _id, expiresAt: new Date(t.clock.now.getTime() + 30 * 86_400_000) });
    expect((await check(auth)).reason).toBe('ok');
    await t.db.update(subscriptions).set({ status: 'cancelled', expiresAt: t.clock.now, billingExpiresAt: null }).where(eq(subscriptions.id, sub.id));
    expect((await check(auth)).reason).toBe('subscription_required');
  });

  it('follows the catalogue: a title made free plays once the revision moves, and the tariffs offered follow theirs', async () => {
    const { auth } = await loginDevice(t);
    const before = await check(auth);
    expect(before.reason).toBe('subscription_required');
    expect(before.upgrade_options.map((o) => o.price)).toContain(399);
    await t.db.update(titles).set({ isFree: true }).where(eq(titles.id, paid.id));
    aSecondLater();
    expect((await check(auth)).reason).toBe('ok');
    await t.db.update(titles).set({ isFree: false }).where(eq(titles.id, paid.id));
    await t.make.tariff({ alias: 'year', title: 'Подписка на год', price: 2990 });
    aSecondLater();
    const after = await check(auth);
    expect(after.reason).toBe('subscription_required');
    expect(after.upgrade_options.map((o) => o.price)).toEqual(expect.arrayContaining([399, 2990]));
  });
});
