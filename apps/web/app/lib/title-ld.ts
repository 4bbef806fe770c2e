import { BEST_RATING, parseWatchSubPage, watchPath, type WatchSubPage } from '@ekran/core';
import type { Credit, Title } from '@ekran/contracts';
import { imageUrl } from './images.ts';
import { absoluteUrl } from './seo.ts';

/** An ISO 8601 duration of whole minutes (schema.org duration): 112 → PT1H52M. */
export function isoDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}

/** The sub-pages of a title page (spec platform §2 Watching; catalogue §2 breadcrumbs): what, its path and name. */
export function watchSubPage(page: string | undefined, pageId: string | undefined): { sub: WatchSubPage; path: string; label: { key: string; number?: number } } | null {
  if (!page) return null;
  const sub = parseWatchSubPage(page, pageId);
  if (!sub) return null;
  const path = watchPath('', sub).slice('/watch/'.length);
  if (sub.kind === 'season') return { sub, path, label: { key: 'seo.watchPage.season', number: sub.number } };
  return { sub, path, label: { key: `seo.watchPage.${sub.kind === 'person-of-title' ? 'person' : sub.kind}` } };
}

/** Keys with no value (undefined, an empty list) are left out, as schema.org readers prefer. */
function compact(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0)));
}

/**
 * schema.org Movie or TVSeries of a title page: names, dates, genres, countries, audio
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
    // Each season has a page of its own (/watch/{alias}/season-{n}).
    containsSeason: isSeries
      ? title.items.map((s) => ({
          '@type': 'TVSeason',
          seasonNumber: s.number,
          name: s.title || `Сезон ${s.number}`,
          numberOfEpisodes: s.episodes.length,
          url: absoluteUrl(origin, `/watch/${title.alias}/season-${s.number}`),
        }))
      : undefined,
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

// ---- JSON-LD of the sub-pages

/**
 * schema.org TVSeason of a season page with its episodes (TVEpisode): number, name, description, running time,
 * and whether the episode is free to watch (is_preview, spec platform §3), part of the series' TVSeries.
 */
export function seasonLd(origin: string | undefined, title: Title, seasonNumber: number): Record<string, unknown> | null {
  const season = title.items.find((s) => s.number === seasonNumber);
  if (!season) return null;
  const url = absoluteUrl(origin, `/watch/${title.alias}/season-${season.number}`);
  return compact({
    '@type': 'TVSeason',
    '@id': url,
    url,
    name: season.title || `Сезон ${season.number}`,
    seasonNumber: season.number,
    numberOfEpisodes: season.episodes.length,
    partOfSeries: { '@type': 'TVSeries', '@id': absoluteUrl(origin, `/watch/${title.alias}`), name: title.title, url: absoluteUrl(origin, `/watch/${title.alias}`) },
    episode: season.episodes.map((e) =>
      compact({
        '@type': 'TVEpisode',
        episodeNumber: e.number,
        name: e.title,
        description: e.description || undefined,
        timeRequired: isoDuration(e.duration_minutes),
        url: `${url}#episode-${e.number}`,
        isAccessibleForFree: e.is_preview,
      }),
    ),
  });
}

/** schema.org ItemList of the trailers or extras of a title, each a VideoObject. */
export function videosLd(origin: string | undefined, title: Title, videos: readonly Title['additional_content'][number][], pagePath: string): Record<string, unknown> {
  const url = absoluteUrl(origin, pagePath);
  return {
    '@type': 'ItemList',
    url,
    numberOfItems: videos.length,
    itemListElement: videos.map((v, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      item: compact({
        '@type': 'VideoObject',
        name: `${title.title}. ${v.title}`,
        description: v.description || title.description,
        thumbnailUrl: absoluteUrl(origin, imageUrl(v.packshot, 1280, 'jpeg')),
        uploadDate: title.ekran_release_date,
        url: `${url}#video-${i + 1}`,
        isAccessibleForFree: true,
      }),
    })),
  };
}
