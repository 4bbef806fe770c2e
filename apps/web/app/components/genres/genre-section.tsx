import type { GenreText } from '@ekran/contracts';
import type { GenreCatalogueKind } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'react-router';
import { trackClick } from '../../lib/analytics.ts';
import type { CardView } from '../../lib/card-view.ts';
import { TitleCard } from '../catalog/title-card.tsx';
import { RowTrack } from '../ui/row-track.tsx';
import { genreCategoryPath } from './genre-view.ts';

const ROW_SIZES = '(max-width: 567px) 42vw, (max-width: 1023px) 28vw, 200px';

export interface GenreSectionView {
  kind: GenreCatalogueKind;
  text: GenreText | null;
  total: number;
  items: CardView[];
}

/**
 * One kind of a genre page: a heading (the text's, unless the page's H1 already is), the most popular titles
 * in a row, the link to the kind's category page filtered by the genre, and the marketing text.
 */
export function GenreSection({ genre, section, heading }: { genre: { alias: string; title: string }; section: GenreSectionView; heading: string }) {
  const { t } = useTranslation();
  const { kind, text, total, items } = section;
  const headingId = `genre-${kind}`;
  const allLabel = t(`genres.all.${kind}`);
  return (
    <section className="genre-section" id={kind} aria-labelledby={headingId} data-testid="genre-section">
      <div className="genre-section__head">
        <h2 id={headingId}>{heading}</h2>
        <Link
          className="genre-section__all"
          to={genreCategoryPath(kind, genre.alias)}
          onClick={() => trackClick({ block_type: 'genre_page', element_type: 'category_link', element_id: `${genre.alias}/${kind}`, element_text: allLabel })}
        >
          {allLabel} <span className="genre-section__total">{total}</span>
          <svg viewBox="0 0 24 24" aria-hidden="true" className="genre-section__arrow">
            <path d="M9 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </Link>
      </div>
      <RowTrack bleed label={heading}>
        {items.map((item) => (
          <li key={item.id}>
            <TitleCard title={item} t={t} sizes={ROW_SIZES} />
          </li>
        ))}
      </RowTrack>
      {text ? (
        <div className="genre-text">
          {text.body.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </div>
      ) : null}
    </section>
  );
}
