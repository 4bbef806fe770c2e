import { toCardView } from '../../lib/card-view.ts';
import { loadPersonalRows } from '../../lib/personal-lists.server.ts';
import type { Visitor } from '../../lib/session.server.ts';
import { loadBanners } from './banners.server.ts';

/**
 * What a home page shows (spec platform §2 Home, Kids): its banners, the profile's continue watching and
 * favorites, then the rows the API gives, empty ones left out. `/kids`, and `/` for a child
 * profile, are the kids home: kids banners, kids rows and kids titles in the personal rows.
 */
export async function loadHomePage(visitor: Pick<Visitor, 'api' | 'auth'>, kids: boolean) {
  const { api, auth } = visitor;
  const [home, banners, personalRows] = await Promise.all([
    api.home(kids),
    loadBanners(api, kids ? 'kids' : 'home', kids),
    loadPersonalRows({ api, auth }, { forKids: kids }),
  ]);
  return {
    banners,
    personalRows,
    rows: home.rows.filter((r) => r.items.length > 0).map((r) => ({ alias: r.alias, title: r.title, url: r.url, items: r.items.map(toCardView) })),
  };
}
