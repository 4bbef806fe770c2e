import { BEST_RATING } from '@ekran/core';
import type { Credit, Title } from '@ekran/contracts';
import { imageUrl } from './images.ts';
import { absoluteUrl } from './seo.ts';

/** An ISO 8601 duration of whole minutes (schema.org duration): 112 → PT1H52M. */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}

/** The sub-pages of a title page (spec platform §2 Watching; catalogue §2 breadcrumbs): their path and name. */
export function watchSubPage(page: string | undefined, pageId: string | undefined): { path: string; label: { key: string; number?: number } } | null {
  if (!page) return null;
  const path = `/${page}${pageId ? `/${pageId}` : ''}`;
  const season = /^season-([1-9][0-9]{0,2})$/.exec(page);
  if (season) return { path, label: { key: 'seo.watchPage.season', number: Number(season[1]) } };
  const known = ['trailers', 'characters', 'extras', 'collections', 'selections', 'person', 'articles'];
  return { path, label: { key: known.includes(page) ? `seo.watchPage.${page}` : 'seo.watchPage.other' } };
}

/** Keys with no value (undefined, an empty list) are left out, as schema.org readers prefer. */
function compact(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0)));
}

/**
 * schema.org Movie or TVSeries of a title page (issue 4 SEO): names, dates, genres, countries, audio
 * languages, running time, age rating, our rating out of 10 (spec platform §9: best aggregate rating 10), the
 * people with their pages, seasons and episodes, the trailer, and whether it is free to watch.
 */
export function titleLd(origin: string | undefined, title: Title): Record<string, unknown> {
  const isSeries = title._cls === 'Product.Series';
  const url = absoluteUrl(origin, `/watch/${title.alias}`);
  const people = (list: Credit[]) => list.map((c) => ({ '@type': 'Person', name: c.name, url: absoluteUrl(origin, `/person/${c.alias}`) }));
  const trailer = title.additional_content.find((a) => a.kind === 'trailer');
  return compact({
    '@type': isSeries ? 'TVSeries' : 'Movie',
    '@id': url,
    url,
    name: title.title,
    alternateName: title.title_original,
    description: title.description,
    image: [absoluteUrl(origin, imageUrl(title.vertical_poster, 600, 'jpeg')), absoluteUrl(origin, imageUrl(title.horizontal_poster, 1280, 'jpeg'))],
    datePublished: title.release_date,
    genre: title.genres.map((g) => g.title),
    countryOfOrigin: title.origin_countries.map((c) => ({ '@type': 'Country', name: c.title })),
    inLanguage: title.locales,
    duration: !isSeries && title.duration_minutes ? isoDuration(title.duration_minutes) : undefined,
    contentRating: title.rating_age,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: title.rating_ekran, bestRating: BEST_RATING, worstRating: 1 },
    actor: people(title.cast),
    director: people(title.directors),
    author: people(title.writers),
    producer: people(title.producers),
    musicBy: people(title.composers),
    numberOfSeasons: isSeries ? title.items.length : undefined,
    numberOfEpisodes: isSeries ? title.items.reduce((n, s) => n + s.episodes.length, 0) : undefined,
    trailer: trailer
      ? compact({
          '@type': 'VideoObject',
          name: `${title.title}. ${trailer.title}`,
          description: trailer.description || title.description,
          thumbnailUrl: absoluteUrl(origin, imageUrl(trailer.packshot, 1280, 'jpeg')),
          uploadDate: title.ekran_release_date,
          url,
        })
      : undefined,
    isAccessibleForFree: title.is_free,
    offers: title.is_free ? { '@type': 'Offer', price: 0, priceCurrency: 'RUB', category: 'free', availability: 'https://schema.org/InStock', url } : undefined,
  });
}
