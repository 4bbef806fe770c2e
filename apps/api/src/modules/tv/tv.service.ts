import type { FavoriteChannels, FavoriteChannelState, TvCatalog, TvCategoryList, TvChannel, TvGuide, TvGuideQuery, TvOnAir, TvQuery, TvSchedule, TvScheduleQuery, TvSelection } from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import { tvDayBounds, tvGuideDates, tvLocalDate } from '@ekran/core';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { toCategory, toChannel, toProgramme } from './tv.mapper.ts';
import { createTvRepo, type CategoryRow, type ChannelRow } from './tv.repo.ts';

/**
 * Live TV data (spec platform §2 TV, §7 GET TV): channels by category, a channel's day in the viewer's
 * tz, what is on air, favorite channels of the current profile. A child session sees only kids channels and
 * kids categories («Детское ТВ»), whatever it asks; another channel is not found for it. The geo rule (RU
 * only) is the routes' (lib/geo-plugin.ts).
 */
export function createTvService(deps: Pick<Deps, 'database' | 'now'>) {
  const repo = createTvRepo(deps.database.db);

  /** Only kids channels: a child session always, anyone who asks for_kids. */
  const kidsOnly = (session: SessionContext | null, forKids = false) => Boolean(session?.isChild) || forKids;
  const visibleCategory = (c: CategoryRow, kids: boolean) => !kids || c.forKids;

  async function favoriteIdsOf(session: SessionContext | null): Promise<Set<string>> {
    return session && !session.isVirtual ? repo.favoriteIds(session.profileId) : new Set();
  }

  /** A channel the session may see, or 404. */
  async function channelFor(session: SessionContext | null, aliasOrId: string): Promise<ChannelRow> {
    const channel = await repo.channel(aliasOrId);
    if (!channel || (kidsOnly(session) && !channel.forKids)) throw notFound(`Channel ${aliasOrId}`);
    return channel;
  }

  /** Channels with their categories, favorite mark, and what is on now and next. */
  async function present(channels: ChannelRow[], session: SessionContext | null, tz: number, kids: boolean): Promise<TvChannel[]> {
    const now = deps.now();
    const ids = channels.map((c) => c.id);
    const [categories, links, upcoming, favorites] = await Promise.all([repo.categories(), repo.categoryLinks(ids), repo.upcoming(ids, now), favoriteIdsOf(session)]);
    const categoryById = new Map(categories.filter((c) => visibleCategory(c, kids)).map((c) => [c.id, c]));
    return channels.map((c) => {
      const own = upcoming.filter((p) => p.channelId === c.id).map((p) => toProgramme(p, c.alias, tz, now));
      const live = own[0]?.is_live ? own[0] : null;
      const next = own.find((p) => !p.is_live) ?? null;
      const cats = links.filter((l) => l.channelId === c.id).flatMap((l) => categoryById.get(l.categoryId) ?? []).sort((a, b) => a.position - b.position);
      return toChannel(c, { categories: cats.map(toCategory), isFavorite: favorites.has(c.id), now: live, next });
    });
  }

  /** The categories with how many of the channels are in each (empty ones left out), in menu order. */
  async function selectionsOf(channels: ChannelRow[], kids: boolean): Promise<{ selections: TvSelection[]; categories: CategoryRow[]; links: { channelId: string; categoryId: string }[] }> {
    const [categories, links] = await Promise.all([repo.categories(), repo.categoryLinks(channels.map((c) => c.id))]);
    const selections = categories
      .filter((c) => visibleCategory(c, kids))
      .map((c) => ({ ...toCategory(c), channels_count: links.filter((l) => l.categoryId === c.id).length }))
      .filter((c) => c.channels_count > 0);
    return { selections, categories, links };
  }

  function requireAccount(session: SessionContext): void {
    if (session.isVirtual) throw new AppError(401, ErrorCode.AuthRequired, 'Sign in to keep favorite channels');
  }

  /** The channels the query asks for (of one category, when asked; an unknown or hidden one is 404) and the selections. */
  async function listed(session: SessionContext | null, query: TvQuery): Promise<{ kids: boolean; channels: ChannelRow[]; selections: TvSelection[] }> {
    const kids = kidsOnly(session, query.for_kids);
    const all = await repo.channels(kids);
    const { selections, categories, links } = await selectionsOf(all, kids);
    if (!query.category) return { kids, channels: all, selections };
    const category = categories.find((c) => c.alias === query.category);
    if (!category || !visibleCategory(category, kids)) throw notFound(`TV category ${query.category}`);
    const inCategory = new Set(links.filter((l) => l.categoryId === category.id).map((l) => l.channelId));
    return { kids, channels: all.filter((c) => inCategory.has(c.id)), selections };
  }

  return {
    /** spec platform §7 GET TV: the selections and the channels (of one category when asked), each with now and next. */
    async catalog(session: SessionContext | null, query: TvQuery): Promise<TvCatalog> {
      const { kids, channels, selections } = await listed(session, query);
      const items = await present(channels, session, query.tz, kids);
      return { tz: query.tz, category: query.category ?? null, selections, items, server_time: deps.now().toISOString() };
    },

    /** The guide of a local day (default today): the channels (of one category when asked), each with its programmes. */
    async guide(session: SessionContext | null, query: TvGuideQuery): Promise<TvGuide> {
      const { kids, channels, selections } = await listed(session, query);
      const now = deps.now();
      const date = query.date ?? tvLocalDate(now, query.tz);
      const { start, end } = tvDayBounds(date, query.tz);
      const [presented, programmes] = await Promise.all([present(channels, session, query.tz, kids), repo.programmes(channels.map((c) => c.id), start, end)]);
      return {
        tz: query.tz,
        date,
        dates: tvGuideDates(now, query.tz),
        category: query.category ?? null,
        selections,
        items: presented.map((c) => ({ channel: c, programmes: programmes.filter((p) => p.channelId === c.id).map((p) => toProgramme(p, c.alias, query.tz, now)) })),
        server_time: now.toISOString(),
      };
    },

    /** The categories (tv_selection) with channels the session may see. */
    async categories(session: SessionContext | null, forKids: boolean): Promise<TvCategoryList> {
      const kids = kidsOnly(session, forKids);
      return { items: (await selectionsOf(await repo.channels(kids), kids)).selections };
    },

    /** One channel with the programmes of a local day (default today) in the viewer's tz. */
    async schedule(session: SessionContext | null, aliasOrId: string, query: TvScheduleQuery): Promise<TvSchedule> {
      const channel = await channelFor(session, aliasOrId);
      const now = deps.now();
      const date = query.date ?? tvLocalDate(now, query.tz);
      const { start, end } = tvDayBounds(date, query.tz);
      const [presented, programmes] = await Promise.all([present([channel], session, query.tz, kidsOnly(session)), repo.programmes([channel.id], start, end)]);
      return {
        tz: query.tz,
        date,
        dates: tvGuideDates(now, query.tz),
        channel: presented[0]!,
        items: programmes.map((p) => toProgramme(p, channel.alias, query.tz, now)),
        server_time: now.toISOString(),
      };
    },

    /** What is on now and next on every channel the session may see. */
    async onAir(session: SessionContext | null, query: { tz: number; for_kids: boolean }): Promise<TvOnAir> {
      const kids = kidsOnly(session, query.for_kids);
      const channels = await present(await repo.channels(kids), session, query.tz, kids);
      return { items: channels.map((c) => ({ channel: c.alias, now: c.now, next: c.next })), server_time: deps.now().toISOString() };
    },

    // ---- spec platform §7 GET profile favorite channels (RU only: the routes check it)

    async favorites(session: SessionContext, tz: number): Promise<FavoriteChannels> {
      requireAccount(session);
      const ids = await repo.favoriteIds(session.profileId);
      const kids = kidsOnly(session);
      const channels = (await repo.channels(kids)).filter((c) => ids.has(c.id));
      return { items: await present(channels, session, tz, kids) };
    },

    /** Adds a channel to the favorites (idempotent). */
    async addFavorite(session: SessionContext, aliasOrId: string): Promise<FavoriteChannelState> {
      requireAccount(session);
      const channel = await channelFor(session, aliasOrId);
      await repo.addFavorite(session.profileId, channel.id, deps.now());
      return { alias: channel.alias, is_favorite: true };
    },

    /** Removes a channel from the favorites (idempotent). */
    async removeFavorite(session: SessionContext, aliasOrId: string): Promise<FavoriteChannelState> {
      requireAccount(session);
      const channel = await channelFor(session, aliasOrId);
      await repo.removeFavorite(session.profileId, channel.id);
      return { alias: channel.alias, is_favorite: false };
    },
  };
}
export type TvService = ReturnType<typeof createTvService>;
