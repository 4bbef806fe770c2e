import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../client.ts';
import { promoCampaigns, promoCodes, tariffs } from '../schema.ts';
import { PROMO_CAMPAIGNS, seedPromo } from './promo.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
  await handle.migrate();
  await handle.db.insert(tariffs).values({ alias: 'month', title: 'Подписка на месяц', price: 399, durationDays: 30 });
  // The students' campaign sells this discount tariff
  await handle.db.insert(tariffs).values({ alias: 'month-399', title: 'Подписка на месяц', price: 399, durationDays: 30, isListed: false });
});
afterAll(() => handle.close());

describe('issue 6 seed: promo campaigns', () => {
  it('seeds every demo situation once, and a second run changes nothing (uses kept)', async () => {
    await handle.db.transaction((tx) => seedPromo(tx));
    await handle.db.update(promoCodes).set({ uses: 1 }).where(eq(promoCodes.code, 'EKRAN-ONCE-1'));
    await handle.db.transaction((tx) => seedPromo(tx));
    const campaigns = await handle.db.select().from(promoCampaigns);
    expect(campaigns.map((c) => c.alias).sort()).toEqual(PROMO_CAMPAIGNS.map((c) => c.alias).sort());
    const codes = await handle.db.select().from(promoCodes);
    expect(codes).toHaveLength(PROMO_CAMPAIGNS.reduce((n, c) => n + c.codes.length, 0));
    const byCode = new Map(codes.map((k) => [k.code, k]));
    expect(byCode.get('EKRAN30')!.maxUses).toBeNull();
    expect(byCode.get('EKRAN-ONCE-1')).toMatchObject({ maxUses: 1, uses: 1 });
    const byAlias = new Map(campaigns.map((c) => [c.alias, c]));
    expect(byAlias.get('future')!.startsAt! > new Date()).toBe(true);
    expect(byAlias.get('expired')!.endsAt! < new Date()).toBe(true);
    expect(byAlias.get('new-users')!.newUsersOnly).toBe(true);
    expect(byAlias.get('welcome')!.kind).toBe('coupon');
    expect(byAlias.get('gift')!.kind).toBe('gift');
    expect(byAlias.get('premium')!.isPremium).toBe(true);
  });
});
