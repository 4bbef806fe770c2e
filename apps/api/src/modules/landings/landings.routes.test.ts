// Spec platform §2 Landings (/pages/{slug}): the landing's copy and what it sells in its period;
// an ended or upcoming landing still answers (the page says so) but sells nothing; an unknown slug is a 404.
import { LandingSchema } from '@ekran/contracts';
import { landings } from '@ekran/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginDevice, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let special: { id: string };
let film: { id: string; alias: string };
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  await t.make.tariff({ alias: 'month', price: 499 });
  special = await t.make.tariff({ alias: 'year-special', title: 'Год Экрана', price: 3990, durationDays: 365, allowTrial: false, channel: 'pb_special' });
  film = await t.make.title({ title: 'Тайна синего дома', description: 'Триллер о доме с секретом.', ratingAge: '16+' });
});
afterAll(() => t.close());

/** A landing running around the test clock (2026-11-21) unless the period says otherwise. */
async function landing(o: Partial<typeof landings.$inferInsert> = {}) {
  const i = ++n;
  const [row] = await t.db
    .insert(landings)
    .values({
      slug: `landing-${i}`, title: `Акция ${i}`, lead: 'Первый месяц за 149 ₽.', sections: [{ heading: 'Условия', text: 'Для новых зрителей.', items: ['Один раз'] }],
      hero: { hue: 10, hue2: 200, pattern: 'rays', seed: i }, seoTitle: `Акция ${i} — Экран`, seoDescription: 'Описание акции.', ctaText: 'Оформить',
      tariffId: special.id, titleId: film.id, startsAt: new Date('2026-11-01T00:00:00Z'), endsAt: new Date('2026-12-01T00:00:00Z'), ...o,
    })
    .returning();
  return row!;
}

const get = (slug: string, headers: Record<string, string> = t.headers) => t.app.inject({ method: 'GET', url: `/api/v1/landings/${slug}`, headers });

describe('GET /api/v1/landings/:slug', () => {
  it('answers a running landing: copy, hero art, SEO texts, the tariff with its payment link and the featured title', async () => {
    const row = await landing();
    const res = await get(row.slug);
    expect(res.statusCode).toBe(200);
    const body = LandingSchema.parse(res.json());
    expect(body).toMatchObject({
      slug: row.slug, title: row.title, state: 'active', cta_text: 'Оформить', promo_code: null, code_entry: false,
      sections: [{ heading: 'Условия', text: 'Для новых зрителей.', items: ['Один раз'] }],
      seo: { title: row.seoTitle, description: 'Описание акции.' },
      tariff: { _id: special.id, price: 3990, url: `/api/v1/billing/tariffs/${special.id}/payment` },
      featured: { alias: film.alias, title: 'Тайна синего дома', description: 'Триллер о доме с секретом.' },
      starts_at: '2026-11-01T00:00:00.000Z', ends_at: '2026-12-01T00:00:00.000Z',
    });
    expect(body.hero.desktop).toMatchObject({ width: 1326, height: 310 });
    expect(body.hero.desktop.url).toMatch(/^\/api\/v1\/images\/art\/banner\/rays-10-200-\d+\.[\w-]{16}$/);
    expect(body.hero.mobile.url).toContain('/banner-mobile/');
  });

  it('works for an anonymous caller with the API key (crawlers read landings), and a session changes nothing', async () => {
    const row = await landing();
    const visitor = await loginDevice(t);
    expect(LandingSchema.parse((await get(row.slug, visitor.auth)).json()).tariff?._id).toBe(special.id);
    expect((await get(row.slug)).statusCode).toBe(200);
  });

  it.each<[string, Partial<typeof landings.$inferInsert>, 'ended' | 'upcoming']>([
    ['over', { startsAt: new Date('2026-06-01T00:00:00Z'), endsAt: new Date('2026-09-01T00:00:00Z') }, 'ended'],
    ['ending exactly now', { endsAt: new Date('2026-11-21T12:00:00Z') }, 'ended'],
    ['switched off', { isActive: false }, 'ended'],
    ['not yet started', { startsAt: new Date('2026-12-15T00:00:00Z'), endsAt: null }, 'upcoming'],
  ])('a landing %s still answers, as %s, and sells nothing', async (_name, period, state) => {
    const row = await landing({ ...period, promoCode: 'LETO2026', codeEntry: true });
    const res = await get(row.slug);
    expect(res.statusCode).toBe(200);
    const body = LandingSchema.parse(res.json());
    expect(body).toMatchObject({ state, tariff: null, promo_code: null, code_entry: false });
    // the page still shows what it was about
    expect(body.featured?.alias).toBe(film.alias);
  });

  it('a promo landing gives its code while it runs; a partner landing leads to the code page', async () => {
    const promo = await landing({ tariffId: null, promoCode: 'STUDENT2026' });
    expect(LandingSchema.parse((await get(promo.slug)).json())).toMatchObject({ promo_code: 'STUDENT2026', tariff: null });
    const partner = await landing({ tariffId: null, codeEntry: true });
    expect(LandingSchema.parse((await get(partner.slug)).json())).toMatchObject({ code_entry: true, promo_code: null, tariff: null });
  });

  it('names the tariff a discount tariff renews on', async () => {
    const month = await t.make.tariff({ price: 499, durationDays: 30 });
    const chain = await t.make.tariff({ price: 1190, durationDays: 90, allowTrial: false, recurrentPrice: 499, nextTariffId: month.id });
    const row = await landing({ tariffId: chain.id });
    expect(LandingSchema.parse((await get(row.slug)).json())).toMatchObject({ tariff: { _id: chain.id }, next_tariff: { _id: month.id, duration_days: 30 } });
    // nothing on sale, nothing named
    const ended = await landing({ tariffId: chain.id, endsAt: new Date('2026-11-01T00:00:00Z'), startsAt: null });
    expect(LandingSchema.parse((await get(ended.slug)).json()).next_tariff).toBeNull();
  });

  it('a tariff taken off sale is not sold, the page stays', async () => {
    const off = await t.make.tariff({ isActive: false });
    const row = await landing({ tariffId: off.id });
    expect(LandingSchema.parse((await get(row.slug)).json())).toMatchObject({ state: 'active', tariff: null });
  });

  it('the featured title is left out for a child profile that may not see it, and when it is disabled', async () => {
    const row = await landing();
    const user = await t.make.user();
    const child = await t.make.profile({ userId: user.id, isChild: true, ageCap: '6+' });
    const { auth } = await t.make.session({ userId: user.id, profileId: child.id });
    expect(LandingSchema.parse((await get(row.slug, auth)).json()).featured).toBeNull();
    const hidden = await t.make.title({ isDisabled: true });
    const other = await landing({ titleId: hidden.id });
    expect(LandingSchema.parse((await get(other.slug)).json()).featured).toBeNull();
  });

  it('answers 404 for an unknown slug (and for gift, which has its own page)', async () => {
    for (const slug of ['no-such-landing', 'gift']) {
      const res = await get(slug);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('answers 400 for a malformed slug', async () => {
    for (const slug of ['Black-Friday', 'a_b', '-x', 'x'.repeat(70)]) expect((await get(slug)).statusCode, slug).toBe(400);
  });

  it('answers 401 without the API key', async () => {
    const row = await landing();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/landings/${row.slug}` });
    expect(res.statusCode).toBe(401);
  });
});
