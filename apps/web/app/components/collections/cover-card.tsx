import type { Image } from '@ekran/contracts';
import { Link } from 'react-router';
import { trackClick } from '../../lib/analytics.ts';
import { posterSources } from '../../lib/images.ts';

/** What a cover card shows: a list (a collection, a selection, a playlist) with the posters of its first titles. */
export interface CoverView {
  alias: string;
  url: string;
  title: string;
  description: string;
  /** The count line: "16 названий", "12 видео · 3 часа". */
  meta: string;
  posters: Image[];
}

const POSTER_SIZES = '(max-width: 567px) 30vw, 140px';

/**
 * A list as a card: a fan of up to three posters, the title, the count and the description. A click is reported
 * (spec platform §7 click events) with the list's block type and alias.
 */
export function CoverCard({ cover, blockType, priority = false }: { cover: CoverView; blockType: string; priority?: boolean }) {
  const handleClick = () => trackClick({ block_type: blockType, element_type: 'card', element_id: cover.alias, element_text: cover.title });
  return (
    <Link to={cover.url} className="cover-card" data-testid="cover-card" prefetch="intent" onClick={handleClick}>
      <span className="cover-card__art" aria-hidden="true" data-count={cover.posters.length}>
        {cover.posters.map((poster, i) => {
          const img = posterSources(poster, 140, POSTER_SIZES);
          return <img key={poster.url} {...img} alt="" width={140} height={210} loading={priority && i === 0 ? 'eager' : 'lazy'} decoding="async" />;
        })}
      </span>
      <span className="cover-card__body">
        <span className="cover-card__title">{cover.title}</span>
        <span className="cover-card__meta">{cover.meta}</span>
        {cover.description ? <span className="cover-card__text">{cover.description}</span> : null}
      </span>
    </Link>
  );
}

/** A grid of cover cards. */
export function CoverGrid({ covers, blockType }: { covers: CoverView[]; blockType: string }) {
  return (
    <ul className="cover-grid">
      {covers.map((cover, i) => (
        <li key={cover.alias}>
          <CoverCard cover={cover} blockType={blockType} priority={i < 4} />
        </li>
      ))}
    </ul>
  );
}
