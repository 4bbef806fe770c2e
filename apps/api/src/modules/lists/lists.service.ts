import type {
  ContinueWatchingList, FavoriteAliases, FavoriteState, FavoritesList, HistoryList, ListQuery, ProgressReport, ProgressState, RatedList, RatingState, TitleState,
} from '@ekran/contracts';
import { ErrorCode } from '@ekran/contracts';
import { canResume, isWatchFinished, kidsScopeOf, type KidsScope } from '@ekran/core';
import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { CatalogTitlesService } from '../catalog/catalog-titles.service.ts';
import type { SessionContext } from '../sessions/session-context.ts';
import { toContinuePoint, toResumePoint } from './lists.mapper.ts';
import { createListsRepo, type ProgressWithEpisode, type TitleRow } from './lists.repo.ts';

/** Favorites a client is told about at once; beyond them cards of old favorites show as not favorite. */
const FAVORITE_ALIASES_MAX = 2000;
const bad = (message: string) => new AppError(400, ErrorCode.BadRequest, message);

/**
 * Favorites and ratings are kept for registered accounts only: an anonymous (virtual) visitor is asked to
 * sign in (spec platform §2 popup "no-auth favorites"). Progress and history work for everyone; a virtual
 * user keeps them when it signs up (the same user and profile).
 */
/** The titles a list may show: a child session's kids scope, or kids titles when the list is asked for_kids. */
const listScope = (session: SessionContext, page: ListQuery): KidsScope | null => kidsScopeOf(session) ?? (page.for_kids ? { ratings: null } : null);

function requireAccount(session: SessionContext): void {
  if (session.isVirtual) throw new AppError(401, ErrorCode.AuthRequired, 'Sign in to keep favorites and ratings');
}

/**
 * Personal lists of the session's current profile (spec platform §3, §4 Lists, §7): the profile is always
 * the session's, never one a client names. A child session sees and adds only titles of its kids scope;
 * any other title is not found for it.
 */
export function createListsService(deps: Pick<Deps, 'database' | 'now'>, { catalog }: { catalog: Pick<CatalogTitlesService, 'toCards'> }) {
  const repo = createListsRepo(deps.database.db);

  async function titleFor(session: SessionContext, alias: string): Promise<TitleRow> {
    const row = await repo.titleByAlias(alias, kidsScopeOf(session));
    if (!row) throw notFound(`Title ${alias}`);
    return row;
  }

  /** Cards of title rows, in their order, each with its own extra fields. */
  async function withCards<R extends { title: TitleRow }, X>(rows: R[], extra: (row: R) => X) {
    const cards = await catalog.toCards(rows.map((r) => r.title));
    return rows.map((row, i) => ({ ...cards[i]!, ...extra(row) }));
  }

  /** The point to continue from of each row: finished episodes lead on to the next one. */
  async function continuePoints<R extends ProgressWithEpisode>(rows: R[]) {
    const finishedEpisodes = rows.filter((r) => r.isFinished && r.episodeId).map((r) => r.episodeId!);
    const next = await repo.nextEpisodes(finishedEpisodes);
    return (row: R) => toContinuePoint(row, row.episodeId ? next.get(row.episodeId) : undefined);
  }

  return {
    // ---- favorites

    async favorites(session: SessionContext, page: ListQuery): Promise<FavoritesList> {
      requireAccount(session);
      const { rows, total } = await repo.favoritesPage(session.profileId, listScope(session, page), page);
      const items = await withCards(rows, (r) => ({ added_at: r.addedAt.toISOString() }));
      return { items, items_total: total, skip: page.skip, limit: page.limit };
    },

    /** The aliases of the favorites (cards mark them); an anonymous visitor has none. */
    async favoriteAliases(session: SessionContext): Promise<FavoriteAliases> {
      if (session.isVirtual) return { aliases: [] };
      return { aliases: await repo.favoriteAliases(session.profileId, kidsScopeOf(session), FAVORITE_ALIASES_MAX) };
    },

    /** Adds a favorite; adding it twice keeps one (idempotent). */
    async addFavorite(session: SessionContext, alias: string): Promise<FavoriteState> {
      requireAccount(session);
      const title = await titleFor(session, alias);
      await repo.addFavorite(session.profileId, title.id, deps.now());
      return { alias, is_favorite: true };
    },

    /** Removes a favorite; removing one that is not there is fine (idempotent). */
    async removeFavorite(session: SessionContext, alias: string): Promise<FavoriteState> {
      requireAccount(session);
      const title = await titleFor(session, alias);
      await repo.removeFavorite(session.profileId, title.id);
      return { alias, is_favorite: false };
    },

    // ---- progress, continue watching, history

    /**
     * A progress report of the player. A series needs the episode, a film has none. The position is
     * clamped to the duration; from 95% on the watch is finished. An older report (by reported_at) never
     * overwrites a newer one; a report from the future counts as now.
     */
    async reportProgress(session: SessionContext, report: ProgressReport): Promise<ProgressState> {
      const title = await repo.titleById(report.uid, kidsScopeOf(session));
      if (!title) throw notFound(`Title ${report.uid}`);
      let episode = null;
      if (title.kind === 'series') {
        if (!report.episode_id) throw bad('episode_id is required for a series');
        episode = await repo.episodeOf(title.id, report.episode_id);
        if (!episode) throw notFound(`Episode ${report.episode_id}`);
      } else if (report.episode_id) {
        throw bad('a film has no episodes: leave episode_id out');
      }
      const duration = Math.max(1, Math.round(report.duration));
      const position = Math.min(Math.floor(report.position), duration);
      const now = deps.now();
      const reportedAt = report.reported_at ? new Date(Math.min(Date.parse(report.reported_at), now.getTime())) : now;
      const values = {
        profileId: session.profileId,
        titleId: title.id,
        episodeId: episode?.id ?? null,
        positionSeconds: position,
        durationSeconds: duration,
        isFinished: isWatchFinished(position, duration),
        updatedAt: reportedAt,
      };
      const applied = await repo.upsertProgress(values);
      const stored = applied ?? (await repo.progressOf(session.profileId, title.id, values.episodeId));
      if (!stored) throw new AppError(409, ErrorCode.Conflict, 'The progress changed meanwhile; report again');
      const numbers = { seasonNumber: episode?.seasonNumber ?? null, episodeNumber: episode?.episodeNumber ?? null };
      return { uid: title.id, applied: applied !== null, progress: toResumePoint({ ...stored, ...numbers }) };
    },

    async continueWatching(session: SessionContext, page: ListQuery): Promise<ContinueWatchingList> {
      const { rows, total } = await repo.continuePage(session.profileId, listScope(session, page), page);
      const point = await continuePoints(rows);
      const items = await withCards(rows, (r) => ({ progress: point(r) }));
      return { items, items_total: total, skip: page.skip, limit: page.limit };
    },

    async history(session: SessionContext, page: ListQuery): Promise<HistoryList> {
      const { rows, total } = await repo.historyPage(session.profileId, listScope(session, page), page);
      const items = await withCards(rows, (r) => ({ watched_at: r.updatedAt.toISOString(), progress: toResumePoint(r) }));
      return { items, items_total: total, skip: page.skip, limit: page.limit };
    },

    /** Forgets one title's progress (it leaves the history and continue watching). */
    async removeHistoryItem(session: SessionContext, alias: string): Promise<void> {
      const title = await titleFor(session, alias);
      await repo.removeHistory(session.profileId, title.id);
    },

    /** Forgets the profile's whole history. */
    async clearHistory(session: SessionContext): Promise<void> {
      await repo.removeHistory(session.profileId);
    },

    // ---- ratings

    async rate(session: SessionContext, alias: string, value: number): Promise<RatingState> {
      requireAccount(session);
      const title = await titleFor(session, alias);
      await repo.setRating(session.profileId, title.id, value, deps.now());
      return { alias, rating: value };
    },

    async removeRating(session: SessionContext, alias: string): Promise<RatingState> {
      requireAccount(session);
      const title = await titleFor(session, alias);
      await repo.removeRating(session.profileId, title.id);
      return { alias, rating: null };
    },

    async rated(session: SessionContext, page: ListQuery): Promise<RatedList> {
      requireAccount(session);
      const { rows, total } = await repo.ratedPage(session.profileId, listScope(session, page), page);
      const items = await withCards(rows, (r) => ({ user_rating: r.value, rated_at: r.ratedAt.toISOString() }));
      return { items, items_total: total, skip: page.skip, limit: page.limit };
    },

    // ---- the title page

    /**
     * What the title page shows of the profile: favorite, own rating (none for a virtual user), the point
     * to resume from (null when there is nothing to continue) and the progress of each watched episode.
     */
    async titleState(session: SessionContext, alias: string): Promise<TitleState> {
      const title = await titleFor(session, alias);
      const [isFavorite, rating, rows] = await Promise.all([
        session.isVirtual ? false : repo.isFavorite(session.profileId, title.id),
        session.isVirtual ? null : repo.ratingOf(session.profileId, title.id),
        repo.titleProgress(session.profileId, title.id),
      ]);
      const latest = rows[0];
      let resume = null;
      if (latest) {
        const point = (await continuePoints([latest]))(latest);
        // Something to continue: a position past the first seconds, or the start of the next episode.
        if (point.next || canResume(point.position, point.duration)) resume = point;
      }
      const episodes = rows
        .filter((r): r is ProgressWithEpisode & { episodeId: string } => r.episodeId !== null)
        .map((r) => ({ episode_id: r.episodeId, percent: toResumePoint(r).percent, is_finished: r.isFinished }));
      return { alias, is_favorite: isFavorite, rating, resume, episodes };
    },
  };
}
export type ListsService = ReturnType<typeof createListsService>;
