import type { GenreSummary } from '@ekran/contracts';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { trackClick } from '../../lib/analytics.ts';
import { posterSources } from '../../lib/images.ts';
import { countsLine } from './genre-view.ts';

const TILE_SIZES = '(max-width: 767px) 50vw, (max-width: 1023px) 33vw, (max-width: 1439px) 25vw, 17vw';

/** A genre of the index: the art of its most popular title, its name and its counts per kind. */
export function GenreTile({ genre, t, priority = false }: { genre: GenreSummary; t: TFunction; priority?: boolean }) {
  const art = genre.cover ? posterSources(genre.cover, 320, TILE_SIZES) : null;
  return (
    <Link
      to={`/genres/${genre.alias}`}
      className="genre-tile"
      data-testid="genre-tile"
      prefetch="intent"
      onClick={() => trackClick({ block_type: 'genres', element_type: 'genre', element_id: genre.alias, element_text: genre.title })}
    >
      <span className="genre-tile__art">
        {art ? <img src={art.src} srcSet={art.srcSet} sizes={art.sizes} alt="" width={320} height={180} loading={priority ? 'eager' : 'lazy'} decoding="async" /> : null}
        <span className="genre-tile__title">{genre.title}</span>
      </span>
      <span className="genre-tile__counts">{countsLine(genre.counts, t)}</span>
    </Link>
  );
}
