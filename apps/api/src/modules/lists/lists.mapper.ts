import type { ResumePoint } from '@ekran/contracts';
import { watchedPercent } from '@ekran/core';
import type { EpisodeRef } from './lists.repo.ts';

/** What the mapper needs of a progress row. */
interface ProgressFacts {
  episodeId: string | null;
  positionSeconds: number;
  durationSeconds: number;
  isFinished: boolean;
  updatedAt: Date;
  seasonNumber: number | null;
  episodeNumber: number | null;
}

/** A progress row as the point to resume from. */
export function toResumePoint(row: ProgressFacts): ResumePoint {
  return {
    episode_id: row.episodeId,
    season_number: row.seasonNumber,
    episode_number: row.episodeNumber,
    position: row.positionSeconds,
    duration: row.durationSeconds,
    percent: row.isFinished ? 100 : watchedPercent(row.positionSeconds, row.durationSeconds),
    is_finished: row.isFinished,
    next: false,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Where to go on from a progress row: the row itself, or, when it is a finished episode with another after
 * it, the start of that next episode (the series goes on).
 */
export function toContinuePoint(row: ProgressFacts, next: EpisodeRef | undefined): ResumePoint {
  if (row.isFinished && next) {
    return {
      episode_id: next.id,
      season_number: next.seasonNumber,
      episode_number: next.episodeNumber,
      position: 0,
      duration: 0,
      percent: 0,
      is_finished: false,
      next: true,
      updated_at: row.updatedAt.toISOString(),
    };
  }
  return toResumePoint(row);
}
