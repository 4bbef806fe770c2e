import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { CardView } from '../../lib/card-view.ts';
import { Poster } from '../ui/poster.tsx';
import { FavoriteToggle } from '../lists/favorite-button.tsx';

/**
 * A title card: vertical poster, age badge, rating, title and a line of facts. Rows and grids pass their
 * translate function: a page renders hundreds of cards, and a translation hook per card is costly.
 */
export function TitleCard({ title, sizes, t, priority = false, preloaded = false }: { title: CardView; sizes: string; t: TFunction; priority?: boolean; preloaded?: boolean }) {
  const facts = [String(title.year), title.isSeries && title.seasonsCount > 0 ? t('card.seasons', { count: title.seasonsCount }) : null].filter(Boolean);
  return (
    // The favorite toggle sits over the poster beside the link, not in it (no button inside a link).
    <div className="card-shell">
    <Link to={`/watch/${title.alias}`} className="card" data-testid="title-card" data-free={title.isFree ? 'true' : undefined} prefetch="intent">
      <div className="card__poster">
        <Poster image={title.poster} orientation="vertical" width={200} sizes={sizes} priority={priority} preloaded={preloaded} />
        <span className="badge badge--age">{title.ratingAge}</span>
        {title.isFree ? <span className="badge badge--free">{t('card.free')}</span> : null}
        <span className="card__rating" aria-label={t('card.rating', { value: title.rating.toFixed(1) })}>
          {title.rating.toFixed(1)}
        </span>
      </div>
      <span className="card__title">{title.title}</span>
      <span className="card__facts">{facts.join(' · ')}</span>
      {/* spec catalogue §9: genre chips, 3, 2 or 1 shown by the card's width (lib/grid-css.ts) */}
      {title.genres.length > 0 ? (
        <ul className="card__genres">
          {title.genres.map((genre) => (
            <li key={genre}>{genre}</li>
          ))}
        </ul>
      ) : null}
    </Link>
    <FavoriteToggle alias={title.alias} title={title.title} initial={title.isFavorite} t={t} />
    </div>
  );
}
