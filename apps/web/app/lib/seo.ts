import type { MetaDescriptor } from 'react-router';

/** The site's public origin for absolute URLs (canonical, Open Graph, JSON-LD); the root loader puts it in its data. */
export interface SeoRoot {
  origin?: string;
}

/** What a page says about itself to search engines and link previews. */
export interface SeoInput {
  title: string;
  description: string;
  /** The canonical path, e.g. /movies/drama/2020; query strings are not canonical. */
  path: string;
  /** An absolute or site-relative image URL (1280 wide jpeg is best for previews). */
  image?: string | null;
  /** og:type: website by default; video.movie, video.tv_show, profile. */
  type?: 'website' | 'video.movie' | 'video.tv_show' | 'profile' | 'article';
  /** Pages that must not be indexed (the archive, personal pages, search results). */
  noindex?: boolean;
  /** JSON-LD objects (schema.org); each becomes a <script type="application/ld+json">. */
  jsonLd?: readonly Record<string, unknown>[];
}

const SITE_NAME = 'Экран';

/** The absolute URL of a path on the site. */
export function absoluteUrl(origin: string | undefined, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${(origin ?? '').replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/** The root loader's origin, read from the matches a meta function receives. */
export function originOf(matches: readonly (({ id: string; data?: unknown } | undefined))[]): string | undefined {
  const root = matches.find((m) => m?.id === 'root')?.data as SeoRoot | undefined;
  return root?.origin;
}

/**
 * Title, description, canonical link, Open Graph and Twitter tags and JSON-LD of a page, as React Router meta
 * descriptors. Use in every page's meta: `seoMeta(originOf(matches), { title, description, path, ... })`.
 */
export function seoMeta(origin: string | undefined, input: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(origin, input.path);
  const tags: MetaDescriptor[] = [
    { title: input.title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'ru_RU' },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
  ];
  if (input.image) tags.push({ property: 'og:image', content: absoluteUrl(origin, input.image) });
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex, follow' });
  for (const ld of input.jsonLd ?? []) tags.push({ 'script:ld+json': { '@context': 'https://schema.org', ...ld } });
  return tags;
}

/** schema.org BreadcrumbList of breadcrumb items (first is Главная); items without a URL get the page's own. */
export function breadcrumbListLd(origin: string | undefined, items: readonly { title: string; url?: string | null }[], pagePath: string) {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.title,
      item: absoluteUrl(origin, item.url ?? pagePath),
    })),
  };
}
