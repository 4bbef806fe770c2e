import { LIST_PAGE_SIZE, pagedPath } from '@ekran/core';
import { useLocation } from 'react-router';
import { listPortionUrl, type ListingPortion, type TitleListKind } from '../../lib/listing.ts';
import { InfiniteGrid } from '../catalog/infinite-grid.tsx';
import { ListEmpty } from './list-empty.tsx';

/**
 * The titles of a collection (or a hashtag) or a selection: the infinite grid from the loader's page on, its next
 * portions by skip (30 or 40, catalogue §9) and its /page{N} links under `base`; an empty list says so.
 */
export function ListTitles({ list, alias, base, page, portion }: { list: TitleListKind; alias: string; base: string; page: number; portion: ListingPortion }) {
  const location = useLocation();
  if (portion.items.length === 0) return <ListEmpty />;
  return (
    <InfiniteGrid
      key={location.key}
      initial={portion}
      page={page}
      pageSize={LIST_PAGE_SIZE[list]}
      portionUrl={(skip) => listPortionUrl(list, alias, skip)}
      pageHref={(p) => pagedPath(base, p)}
    />
  );
}
