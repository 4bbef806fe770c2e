import type { Banner, BannerLocation } from '@ekran/contracts';
import type { Api } from '../../lib/api.server.ts';

/**
 * The banners of a page (spec platform §7 posters by location). They dress the page but are not its content:
 * when the call fails the page goes on without them (like the menu in platform §8), with a warning in the log.
 */
export async function loadBanners(api: Api, location: BannerLocation, forKids: boolean): Promise<Banner[]> {
  try {
    return (await api.posters(location, forKids)).items;
  } catch (err) {
    console.warn(`banners of ${location}: ${(err as Error).message}`);
    return [];
  }
}
