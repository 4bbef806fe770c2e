import { SitemapPartSchema, type SitemapPart } from '@ekran/contracts';
import { absoluteUrl } from './seo.ts';

/** A part of the sitemap: the site's own static pages, or a catalogue part the API pages through. */
export type SitemapFilePart = 'static' | SitemapPart;

/**
 * The public pages that are not catalogue records: the home page, the category roots and the
 * lists of the catalogue, the tariffs and partners, the TV pages, the film fortune-telling, the service's own pages (about,
 * contacts, help, the journal's front page, legal, devices and apps). Kids duplicates (/kids), the archive, search, personal and account pages are not
 * listed (robots.txt and the pages' noindex keep them out).
 */
export const STATIC_SITEMAP_PATHS = [
  '/', '/movies', '/series', '/animation', '/new', '/genres', '/collections', '/selections', '/playlists', '/promos', '/tariffs', '/partners', '/tv', '/tvchannels', '/channel', '/gadanie-random',
  '/about', '/contacts', '/faq', '/corporateinfo', '/support', '/journal', '/legal', '/ways-to-watch', '/ios-android-app',
  '/legal/terms_of_use', '/legal/privacy_policy', '/legal/terms_of_promocode', '/legal/persondata', '/legal/cookies_policy',
  '/ways-to-watch/samsung', '/ways-to-watch/lg', '/ways-to-watch/sony', '/ways-to-watch/hisense',
] as const;

/** The path of a sitemap file: /sitemaps/titles.xml for the first page of a part, /sitemaps/titles-2.xml for the next. */
export function sitemapFilePath(part: SitemapFilePart, page = 1): string {
  return `/sitemaps/${part}${page > 1 ? `-${page}` : ''}.xml`;
}

/** The part and page of a sitemap file name; null for anything else (including the non-canonical titles-1.xml). */
export function parseSitemapFile(file: string): { part: SitemapFilePart; page: number } | null {
  const m = /^([a-z]+)(?:-([1-9][0-9]{0,5}))?\.xml$/.exec(file);
  if (!m) return null;
  const part = m[1] === 'static' ? 'static' : SitemapPartSchema.safeParse(m[1]).data;
  const page = m[2] ? Number(m[2]) : 1;
  if (!part || (m[2] && page < 2) || (part === 'static' && page > 1)) return null;
  return { part, page };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (s: string) => s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const entry = (tag: 'url' | 'sitemap', loc: string, lastmod: string | null) =>
  `<${tag}><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${xml(lastmod)}</lastmod>` : ''}</${tag}>`;

const document = (root: 'urlset' | 'sitemapindex', entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</${root}>\n`;

/** A sitemap (urlset) of site paths with their lastmod, as absolute URLs of the origin (sitemaps.org 0.9). */
export function urlsetXml(origin: string, urls: readonly { path: string; lastmod: string | null }[]): string {
  return document('urlset', urls.map((u) => entry('url', absoluteUrl(origin, u.path), u.lastmod)));
}

/** A sitemap index of sitemap files (sitemaps.org 0.9). */
export function sitemapIndexXml(origin: string, files: readonly { path: string; lastmod: string | null }[]): string {
  return document('sitemapindex', files.map((f) => entry('sitemap', absoluteUrl(origin, f.path), f.lastmod)));
}

/**
 * Paths crawlers are asked to leave alone: the API and resource routes, sign-in and account
 * pages, personal lists, search results, development pages, payment results and one-time links. The catalogue
 * (home, categories, titles, genres, people, collections) stays open.
 */
export const ROBOTS_DISALLOW = [
  '/api/', '/resources/', '/account', '/auth', '/signin', '/signup', '/password/', '/logout', '/token/', '/profiles/',
  '/child_profile', '/pin_remove', '/email-confirm', '/email_confirm', '/doi-confirm', '/doi_confirm', '/search', '/favorites',
  '/payment_history', '/dev/', '/code', '/premium_code', '/coupon/', '/web/', '/mobile/', '/paymentSuccess', '/paymentFail',
] as const;

/**
 * Query parameters that do not change a page (spec platform §4 Traffic source: s, watch and ap; analytics
 * tags), for Yandex's Clean-param so a tagged link is not crawled as a page of its own.
 */
const CLEAN_PARAMS = ['s', 'ap', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;

/** robots.txt: the catalogue allowed, the private paths disallowed, and the sitemap index's absolute URL. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Clean-param: ${CLEAN_PARAMS.join('&')}`,
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
