import type { Banner } from '@ekran/contracts';
import { posterImage } from '../images/poster-url.ts';
import type { BannerRow } from './banners.repo.ts';

/** A banner row as the API answers it (spec platform §3 Banner): every action field present, images by URL. */
export function toBanner(row: BannerRow): Banner {
  return {
    id: row.id,
    alias: row.alias,
    type: row.type,
    title: row.title,
    description: row.description,
    actions: row.actions.map((a) => ({
      type: a.type,
      alias: a.alias ?? null,
      url: a.url ?? null,
      target_id: a.target_id ?? null,
      trailer_id: a.trailer_id ?? null,
      child: a.child === true,
    })),
    images: {
      web_desktop: posterImage(row.art, 'banner'),
      web_mobile: posterImage(row.art, 'banner-mobile'),
      image_narrow: posterImage(row.art, 'banner-narrow'),
    },
    is_narrow: row.isNarrow,
    for_kids: row.forKids,
    target_alias: row.targetAlias,
    target_url: row.targetUrl,
  };
}
