// The partners of spec platform §2 (/partners, /partners/{domru,ok,kartina,beeline,wink,kion,okko},
// /partners/promo/samsung) as one typed list; the pages render it, their texts are in the translation files
// (partnersInfo.items.<slug>: name, title, description, lead, offer, steps[]).

/** What kind of partner it is: how a viewer gets Экран through it. */
export type PartnerKind = 'provider' | 'operator' | 'video-service' | 'social' | 'tv-maker';

export interface Partner {
  /** The translation key and the last path segment. */
  slug: 'domru' | 'ok' | 'kartina' | 'beeline' | 'wink' | 'kion' | 'okko' | 'samsung';
  /** The page's address. */
  path: string;
  kind: PartnerKind;
  /** The partner's own site, where its customers manage what they bought there. */
  site: string;
  /** How many steps the page lists (partnersInfo.items.<slug>.steps.0 … n-1). */
  steps: number;
}

/** Every partner page, in the order of /partners. */
export const PARTNERS: readonly Partner[] = [
  { slug: 'domru', path: '/partners/domru', kind: 'provider', site: 'https://domru.ru', steps: 3 },
  { slug: 'beeline', path: '/partners/beeline', kind: 'operator', site: 'https://beeline.ru', steps: 3 },
  { slug: 'wink', path: '/partners/wink', kind: 'video-service', site: 'https://wink.ru', steps: 3 },
  { slug: 'kion', path: '/partners/kion', kind: 'video-service', site: 'https://kion.ru', steps: 3 },
  { slug: 'okko', path: '/partners/okko', kind: 'video-service', site: 'https://okko.tv', steps: 3 },
  { slug: 'kartina', path: '/partners/kartina', kind: 'provider', site: 'https://www.kartina.tv', steps: 3 },
  { slug: 'ok', path: '/partners/ok', kind: 'social', site: 'https://ok.ru', steps: 3 },
  { slug: 'samsung', path: '/partners/promo/samsung', kind: 'tv-maker', site: 'https://www.samsung.com/ru/', steps: 4 },
];

/** The partner of a page path segment (the samsung promo has its own address), or null: the page is a 404. */
export function partnerBySlug(slug: string | undefined): Partner | null {
  return PARTNERS.find((p) => p.slug === slug && p.slug !== 'samsung') ?? null;
}
export const SAMSUNG_PROMO = PARTNERS.find((p) => p.slug === 'samsung')!;

/** The ttk partner's site, where its customers manage the package that includes Экран (spec platform §4 step 1). */
export const TTK_MANAGE_URL = 'https://myttk.ru';
