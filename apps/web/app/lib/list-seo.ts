import type { MetaDescriptor } from 'react-router';
import { absoluteUrl } from './seo.ts';

// What the list pages (collections, hashtags, selections, playlists) add to lib/seo.ts: the schema.org ItemList
// of what a page shows, and the prev/next links of a paged list.

/** schema.org ItemList of the entries a page shows; positions continue across pages (offset). */
export function itemListLd(origin: string | undefined, name: string, entries: readonly { path: string; name: string }[], total: number, offset = 0) {
  return {
    '@type': 'ItemList',
    name,
    numberOfItems: total,
    itemListElement: entries.map((e, i) => ({ '@type': 'ListItem', position: offset + i + 1, url: absoluteUrl(origin, e.path), name: e.name })),
  };
}

/** <link rel=prev/next> of a page of a paged list. */
export function pagingLinks(origin: string | undefined, pathOf: (page: number) => string, page: number, pages: number): MetaDescriptor[] {
  const links: MetaDescriptor[] = [];
  if (page > 1) links.push({ tagName: 'link', rel: 'prev', href: absoluteUrl(origin, pathOf(page - 1)) });
  if (page < pages) links.push({ tagName: 'link', rel: 'next', href: absoluteUrl(origin, pathOf(page + 1)) });
  return links;
}
