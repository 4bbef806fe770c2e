import type { Deps } from '../../deps.ts';
import { createStreamsRepo, type StreamRow } from './streams.repo.ts';

/**
 * The stream sessions a playback check opens (spec platform §4 Playback gating): VOD and TV both open theirs here,
 * below playback and tv-playback (streams.service.ts, above them, counts and renews the streams).
 */
export function createStreamSessionsService(deps: Pick<Deps, 'database' | 'env' | 'now'>) {
  const repo = createStreamsRepo(deps.database.db);
  return {
    /** Opens (or keeps) the stream of a check; a page view never starts a stream (see the repo's openForCheck). */
    openForCheck(input: Parameters<typeof repo.openForCheck>[0]): Promise<StreamRow> {
      return repo.openForCheck(input);
    },
    /** How many streams play now, every account's: active and heard from within STREAM_ALIVE_SECONDS (the metrics). */
    countLive(): Promise<number> {
      return repo.countLive(new Date(deps.now().getTime() - deps.env.STREAM_ALIVE_SECONDS * 1000));
    },
  };
}
export type StreamSessionsService = ReturnType<typeof createStreamSessionsService>;
