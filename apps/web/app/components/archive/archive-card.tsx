import { BADGE_SHORT_BELOW, expiryBadge } from '@ekran/core';
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ASPECT, imageUrl, posterRequestWidth, posterSources } from '../../lib/images.ts';
import type { ArchiveCardView } from './archive-view.ts';

/** The picture a card shows when neither of its own loads (spec catalogue §4: "The cover falls back to a default image on error"). */
export const ARCHIVE_DEFAULT_IMAGE = '/images/archive-default.svg';

// spec catalogue §4: "Доступно ещё" from 405 px, "Ещё" below; both are in the markup and the stylesheet picks
// (components/archive/archive-css.ts), so the server's page is right at any width.
const EXPIRY_LONG = expiryBadge(BADGE_SHORT_BELOW);
const EXPIRY_SHORT = expiryBadge(BADGE_SHORT_BELOW - 1);

/** About how wide a card is on a wide screen: the width and height attributes, and the src of browsers without srcset. */
const CARD_WIDTH = 260;

/**
 * A card's picture (16:9): frame_wide, then cover when it fails, then the default picture, each in webp or jpeg
 * at the pixel ratio's size (lib/images.ts). An image that failed before the page hydrated is caught too.
 */
export function ArchiveImage({ images, sizes, priority = false }: { images: ArchiveCardView['images']; sizes: string; priority?: boolean }) {
  const [attempt, setAttempt] = useState(0);
  const image = images[attempt];
  const fail = useCallback(() => setAttempt((n) => n + 1), []);
  const ref = useCallback(
    (img: HTMLImageElement | null) => {
      if (img?.complete && img.naturalWidth === 0 && img.currentSrc) fail();
    },
    [fail],
  );
  const size = { width: CARD_WIDTH, height: Math.round(CARD_WIDTH * ASPECT.horizontal) };
  const loading = priority ? 'eager' : 'lazy';
  if (!image) {
    return <img className="archive-card__image" src={ARCHIVE_DEFAULT_IMAGE} alt="" {...size} loading={loading} data-fallback="default" />;
  }
  const webp = posterSources(image, CARD_WIDTH, sizes, 'webp');
  return (
    // A new element per attempt, so the browser starts over with the next picture.
    <picture key={attempt}>
      <source type="image/webp" srcSet={webp.srcSet} sizes={webp.sizes} />
      <img
        ref={ref}
        className="archive-card__image"
        src={imageUrl(image, posterRequestWidth(CARD_WIDTH), 'jpeg')}
        alt=""
        {...size}
        loading={loading}
        decoding={priority ? undefined : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        onError={fail}
      />
    </picture>
  );
}

/**
 * An archive card (spec catalogue §3, §4, §9): the 16:9 picture with the age and the time left, the title, year
 * and genres, the channel and time of the newest airing, and «по подписке Экран» for a viewer without a
 * subscription. It opens the recording's page. Grids pass their translate function (one hook per grid).
 */
export function ArchiveCard({ item, t, sizes, bySubscription, priority = false }: { item: ArchiveCardView; t: TFunction; sizes: string; bySubscription: boolean; priority?: boolean }) {
  const facts = [item.year === null ? null : String(item.year), item.genres.join(', ') || null].filter(Boolean).join(' · ');
  return (
    <Link to={`/archive/watch/${item.id}`} className="archive-card" data-testid="archive-card" data-id={item.id} prefetch="intent">
      <span className="archive-card__frame">
        <ArchiveImage images={item.images} sizes={sizes} priority={priority} />
        <span className="badge badge--age archive-card__age">{item.ratingAge}</span>
        {item.timeLeft ? (
          <span className="archive-card__expiry" data-testid="archive-card-expiry">
            <span className="archive-card__expiry-long">{EXPIRY_LONG}</span>
            <span className="archive-card__expiry-short">{EXPIRY_SHORT}</span> {item.timeLeft}
          </span>
        ) : null}
      </span>
      <span className="archive-card__title">{item.title}</span>
      {item.episode ? <span className="archive-card__episode">{t('archive.episode', item.episode)}</span> : null}
      {facts ? <span className="archive-card__facts">{facts}</span> : null}
      {item.channel && item.aired ? (
        <span className="archive-card__aired">
          <img className="archive-card__logo" src={item.channel.logo} alt={item.channel.title} width={24} height={24} loading="lazy" />
          <span>{item.aired}</span>
        </span>
      ) : null}
      {bySubscription ? <span className="archive-card__note">{t('archive.bySubscription')}</span> : null}
    </Link>
  );
}
