// The demo campaigns of /code, /premium_code, /coupon/registration/{promo} and /pages/gift, one per
// situation of catalogue §8 the demo and the browser journeys need. Dates are fixed, so a re-run changes nothing.
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { promoCampaigns, promoCodes, tariffs } from '../schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface SeedPromoCampaign {
  alias: string;
  title: string;
  kind: 'promo' | 'coupon' | 'gift';
  isPremium?: boolean;
  grantDays: number;
  /** A discount campaign sells this tariff (by alias) instead of granting days. */
  discountTariff?: string;
  startsAt: string;
  endsAt?: string;
  newUsersOnly?: boolean;
  /** Codes and how many accounts each may serve (null: any number). */
  codes: { code: string; maxUses: number | null }[];
}

/** The demo campaigns, all on the month tariff. */
export const PROMO_CAMPAIGNS: SeedPromoCampaign[] = [
  // 30 days, once per account, for any number of accounts
  { alias: 'ekran30', title: '30 дней Экрана в подарок', kind: 'promo', grantDays: 30, startsAt: '2026-01-01T00:00:00Z', codes: [{ code: 'EKRAN30', maxUses: null }] },
  // single-use codes (one account each)
  { alias: 'one-time', title: 'Неделя Экрана', kind: 'promo', grantDays: 7, startsAt: '2026-01-01T00:00:00Z', codes: ['EKRAN-ONCE-1', 'EKRAN-ONCE-2', 'EKRAN-ONCE-3'].map((code) => ({ code, maxUses: 1 })) },
  // not yet started: «Эта акция еще не началась»
  { alias: 'future', title: 'Будущая акция', kind: 'promo', grantDays: 30, startsAt: '2099-01-01T00:00:00Z', codes: [{ code: 'EKRANSOON', maxUses: null }] },
  // over: «Промокод недействителен»
  { alias: 'expired', title: 'Прошедшая акция', kind: 'promo', grantDays: 30, startsAt: '2020-01-01T00:00:00Z', endsAt: '2020-12-31T00:00:00Z', codes: [{ code: 'EKRANOLD', maxUses: null }] },
  // only for accounts made after 2026-01-01 that never had a subscription
  { alias: 'new-users', title: 'Для новых зрителей', kind: 'promo', grantDays: 14, startsAt: '2026-01-01T00:00:00Z', newUsersOnly: true, codes: [{ code: 'EKRANNEW', maxUses: null }] },
  // /premium_code
  { alias: 'premium', title: 'Премиум на 60 дней', kind: 'promo', isPremium: true, grantDays: 60, startsAt: '2026-01-01T00:00:00Z', codes: [{ code: 'PREMIUM60', maxUses: null }] },
  // /coupon/registration/welcome
  { alias: 'welcome', title: 'Добро пожаловать на Экран', kind: 'coupon', grantDays: 14, startsAt: '2026-01-01T00:00:00Z', codes: [] },
  // /pages/gift: certificates, one account each
  { alias: 'gift', title: 'Подарочный сертификат на 3 месяца', kind: 'gift', grantDays: 90, startsAt: '2026-01-01T00:00:00Z', codes: ['GIFT-2026-0001', 'GIFT-2026-0002', 'GIFT-2026-0003'].map((code) => ({ code, maxUses: 1 })) },
  // ---- The codes of the promo landings (/pages/students, leto-promotion, halvacard, storytel)
  // students: the 399 ₽ tariff instead of free days
  { alias: 'students', title: 'Экран для студентов', kind: 'promo', grantDays: 30, discountTariff: 'month-399', startsAt: '2026-09-01T00:00:00Z', endsAt: '2027-07-01T00:00:00Z', codes: [{ code: 'STUDENT2026', maxUses: null }] },
  // summer: over
  { alias: 'leto-2026', title: 'Лето с Экраном', kind: 'promo', grantDays: 14, startsAt: '2026-06-01T00:00:00Z', endsAt: '2026-09-01T00:00:00Z', codes: [{ code: 'LETO2026', maxUses: null }] },
  // the bank partner: personal codes from its app, one account each
  { alias: 'halvacard', title: '60 дней Экрана от банка-партнёра', kind: 'promo', grantDays: 60, startsAt: '2026-07-01T00:00:00Z', endsAt: '2027-07-01T00:00:00Z', codes: ['KARTA-60-0001', 'KARTA-60-0002', 'KARTA-60-0003'].map((code) => ({ code, maxUses: 1 })) },
  // the audiobook partner: one shared code, once per account
  { alias: 'storytel', title: 'Экран и аудиокниги вместе', kind: 'promo', grantDays: 45, startsAt: '2026-10-01T00:00:00Z', endsAt: '2027-04-01T00:00:00Z', codes: [{ code: 'KNIGI45', maxUses: null }] },
];

/** Writes the demo campaigns and codes (upserted by alias; codes kept as they are, uses included). */
export async function seedPromo(tx: Tx, campaigns: readonly SeedPromoCampaign[] = PROMO_CAMPAIGNS): Promise<number> {
  const [month] = await tx.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.alias, 'month'));
  if (!month) throw new Error('seed promo: the month tariff is missing');
  for (const c of campaigns) {
    // A discount campaign names its tariff and grants no days
    const discount = c.discountTariff ? (await tx.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.alias, c.discountTariff)))[0] : null;
    if (c.discountTariff && !discount) throw new Error(`seed promo: the tariff ${c.discountTariff} is missing`);
    const values = {
      alias: c.alias, title: c.title, kind: c.kind, isPremium: c.isPremium ?? false, tariffId: discount ? null : month.id, grantDays: discount ? null : c.grantDays,
      discountTariffId: discount?.id ?? null,
      startsAt: new Date(c.startsAt), endsAt: c.endsAt ? new Date(c.endsAt) : null, newUsersOnly: c.newUsersOnly ?? false,
    };
    const [row] = await tx
      .insert(promoCampaigns)
      .values(values)
      .onConflictDoUpdate({ target: promoCampaigns.alias, set: values })
      .returning({ id: promoCampaigns.id });
    if (c.codes.length) await tx.insert(promoCodes).values(c.codes.map((k) => ({ code: k.code, maxUses: k.maxUses, campaignId: row!.id }))).onConflictDoNothing();
  }
  return campaigns.length;
}
