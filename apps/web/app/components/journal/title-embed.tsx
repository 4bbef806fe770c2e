import type { TitleCard } from '@ekran/contracts';
import { watchPath } from '@ekran/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { FavoriteToggle } from '../lists/favorite-button.tsx';
import { Poster } from '../ui/poster.tsx';

/**
 * A title an article embeds (::title[alias]): poster, name, year, genres, age and rating, with the title page's
 * actions: play (the title page with ?play=1 starts playing when the viewer may watch, and asks otherwise) and the
 * favourite toggle of every card.
 */
export function TitleEmbed({ title, t }: { title: TitleCard; t: TFunction }) {
  const isSeries = title._cls === 'Product.Series';
  const length = isSeries ? (title.seasons_count > 0 ? t('card.seasons', { count: title.seasons_count }) : null) : null;
  const facts = [String(title.year), title.genres.slice(0, 3).map((g) => g.title).join(', '), length].filter(Boolean);
  return (
    <aside className="title-embed" aria-label={t('journal.embedLabel', { title: title.title, year: title.year })} data-testid="title-embed">
      <Link to={watchPath(title.alias)} className="title-embed__poster" tabIndex={-1} aria-hidden="true">
        <Poster image={title.vertical_poster} orientation="vertical" width={120} sizes="120px" />
      </Link>
      <div className="title-embed__body">
        <p className="title-embed__name">
          <Link to={watchPath(title.alias)} data-testid="title-embed-link">
            {title.title}
          </Link>
        </p>
        <p className="title-embed__facts">
          <span className="badge badge--age">{title.rating_age}</span>
          <span className="title-embed__rating">{title.rating_ekran.toFixed(1)}</span>
          <span>{facts.join(' · ')}</span>
        </p>
        <div className="title-embed__actions">
          <Link to={`${watchPath(title.alias)}?play=1`} className="btn btn--primary btn--sm" aria-label={`${t('journal.watch')}: ${title.title}`}>
            <svg viewBox="0 0 24 24" aria-hidden="true" width="16" height="16">
              <path d="M8 5v14l11-7z" fill="currentColor" />
            </svg>
            {t('journal.watch')}
          </Link>
          <FavoriteToggle alias={title.alias} title={title.title} variant="full" t={t} />
        </div>
      </div>
    </aside>
  );
}
