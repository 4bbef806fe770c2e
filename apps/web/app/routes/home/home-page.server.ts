import type { Home } from '@ekran/contracts';
import { toCardView, type RowView } from '../../lib/card-view.ts';
import { loadPersonalRows } from '../../lib/personal-lists.server.ts';
import type { Visitor } from '../../lib/session.server.ts';
import { loadBanners } from './banners.server.ts';

/**
 * The rows a home page renders with its HTML: what the first screens show. The rows below come as the viewer
 * scrolls to them (routes/resources/home-rows.ts); the page carries their headings and «Смотреть все» links, so
 * every row's full list stays one link away for a crawler. Thirteen rows of twenty cards were most of a home
 * page's render and of its HTML (docs/decisions/043-page-speed.md).
 */
export const HOME_ROWS_WITH_PAGE = 4;

/** A row below the first screens, as the page names it before its cards arrive. */
export type LaterRow = Omit<RowView, 'items'>;

const viewed = new WeakMap<Home, RowView[]>();
/**
 * The API's rows as the page shows them, empty ones left out. Worked out once per answer: the site keeps the API's
 * public answers (lib/public-answers.server.ts), so every adult visitor's home page gets the same object until the
 * catalogue changes.
 */
function visibleRows(home: Home): RowView[] {
  let rows = viewed.get(home);
  if (!rows) {
    rows = home.rows.filter((r) => r.items.length > 0).map((r) => ({ alias: r.alias, title: r.title, url: r.url, items: r.items.map(toCardView) }));
    viewed.set(home, rows);
  }
  return rows;
}

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
  const rows = visibleRows(home);
  return {
    banners,
    personalRows,
    rows: rows.slice(0, HOME_ROWS_WITH_PAGE),
    laterRows: rows.slice(HOME_ROWS_WITH_PAGE).map(({ alias, title, url }): LaterRow => ({ alias, title, url })),
    kids,
  };
}

/** The rows of a home page below its first screens, with their cards. */
export async function loadLaterHomeRows(api: Visitor['api'], kids: boolean): Promise<RowView[]> {
  return visibleRows(await api.home(kids)).slice(HOME_ROWS_WITH_PAGE);
}
