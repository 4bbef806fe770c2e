import type { TitleCard as TitleCardData } from '@ekran/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { posterSources } from '../../lib/images.ts';

/** A title card: vertical poster, age badge, rating, title and a line of facts. */
export function TitleCard({ title, sizes, priority = false }: { title: TitleCardData; sizes: string; priority?: boolean }) {
  const { t } = useTranslation();
  const img = posterSources(title.vertical_poster, 200, sizes);
  const facts = [
    String(title.year),
    title.genres[0]?.title,
    title._cls === 'Product.Series' && title.seasons_count > 0 ? t('card.seasons', { count: title.seasons_count }) : null,
  ].filter(Boolean);
  return (
    <Link to={`/watch/${title.alias}`} className="card" data-testid="title-card" data-free={title.is_free ? 'true' : undefined} prefetch="intent">
      <div className="card__poster">
        <img
          src={img.src}
          srcSet={img.srcSet}
          sizes={img.sizes}
          alt=""
          width={200}
          height={300}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
        />
        <span className="badge badge--age">{title.rating_age}</span>
        {title.is_free ? <span className="badge badge--free">{t('card.free')}</span> : null}
        <span className="card__rating" aria-label={t('card.rating', { value: title.rating_ekran.toFixed(1) })}>
          {title.rating_ekran.toFixed(1)}
        </span>
      </div>
      <span className="card__title">{title.title}</span>
      <span className="card__facts">{facts.join(' · ')}</span>
    </Link>
  );
}
