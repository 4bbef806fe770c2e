import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { PARTNERS } from '../../lib/partners.ts';
import { outcome } from '../../test/visitor.ts';
import { loader as partnerLoader, meta as partnerMeta } from './partner.tsx';
import { loader as listLoader } from './partners.tsx';

const load = (path: string, partner?: string) => outcome(async () => partnerLoader({ request: new Request(`http://localhost${path}`), params: partner ? { partner } : {} } as never));

describe('/partners and the partner pages (spec platform §2 Partners)', () => {
  it('lists every partner of the spec, the samsung promo last', () => {
    expect(listLoader().partners.map((p) => p.path)).toEqual([
      '/partners/domru', '/partners/beeline', '/partners/wink', '/partners/kion', '/partners/okko', '/partners/kartina', '/partners/ok', '/partners/promo/samsung',
    ]);
  });

  it.each(['domru', 'ok', 'kartina', 'beeline', 'wink', 'kion', 'okko'])('/partners/%s is a page', async (slug) => {
    const r = await load(`/partners/${slug}`, slug);
    expect('value' in r && r.value.partner.slug).toBe(slug);
  });

  it('/partners/promo/samsung is the samsung promo', async () => {
    const r = await load('/partners/promo/samsung');
    expect('value' in r && r.value.partner.slug).toBe('samsung');
  });

  it.each(['megafon', 'samsung', 'DOMRU', 'ttk'])('/partners/%s is a 404', async (slug) => {
    const r = await load(`/partners/${slug}`, slug);
    expect('thrown' in r && (r.thrown as { init: { status: number } }).init.status).toBe(404);
  });

  it('the SEO title and canonical path of a partner page', () => {
    const tags = partnerMeta({ data: { partner: PARTNERS[0]! }, matches: [{ id: 'root', data: { origin: 'https://ekran.ru' } }] } as never);
    expect(tags).toContainEqual({ title: 'Экран для абонентов Дом.ру — подписка в пакете провайдера' });
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://ekran.ru/partners/domru' });
  });

  it('every partner has its texts and each of its steps in ru and en', () => {
    for (const locale of [ru, en] as const) {
      const items = (locale as unknown as { partnersInfo: { items: Record<string, { name: string; title: string; description: string; lead: string; offer: string; steps: string[] }> } }).partnersInfo.items;
      for (const p of PARTNERS) {
        const item = items[p.slug]!;
        for (const field of [item.name, item.title, item.description, item.lead, item.offer]) expect(field.length).toBeGreaterThan(2);
        expect(item.steps).toHaveLength(p.steps);
      }
    }
  });
});
