import type { Banner } from '@ekran/contracts';
import type { RowView } from '../../lib/card-view.ts';
import { TitleRow } from '../catalog/title-row.tsx';
import { PersonalRows } from '../lists/personal-rows.tsx';
import type { ListView } from '../../lib/lists-view.ts';
import { BannerCarousel } from './banner-carousel.tsx';

/** A home page (/ or /kids): the carousel, the profile's rows, then the API's rows. */
export function HomePage({
  heading,
  className,
  banners,
  personalRows,
  rows,
}: {
  heading: string;
  className: string;
  banners: Banner[];
  personalRows: ListView[];
  rows: RowView[];
}) {
  return (
    <div className={className}>
      <h1 className="sr-only">{heading}</h1>
      <BannerCarousel banners={banners} />
      <PersonalRows rows={personalRows} />
      {rows.map((row, i) => (
        // The first banner is the page's largest image; the first row's posters come right after it.
        <TitleRow key={row.alias} row={row} priority={i === 0 && banners.length === 0} />
      ))}
    </div>
  );
}
