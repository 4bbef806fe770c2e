import type { Db } from '@ekran/db';
import type { Env } from '../../env.ts';
import type { Jobs, JobsLogger } from '../../jobs/jobs.ts';
import { pruneGuide, supplyGuide } from './tv-guide.service.ts';

// What runs when (docs/decisions/024-job-queue.md, 029-tv-data-and-archive.md).

/** The queue names of the TV schedules. */
export const TV_JOBS = {
  /** Imports TV_XMLTV_SOURCE, or extends the demo guide before it runs out, and drops long-ended programmes (TV_IMPORT_CRON). */
  importGuide: 'tv.import-guide',
} as const;

/** Registers the guide's import on the queue; each run reads the app's clock when it runs. */
export async function registerTvJobs(jobs: Jobs, deps: { db: Db; now: () => Date; env: Pick<Env, 'TV_IMPORT_CRON' | 'TV_XMLTV_SOURCE'>; logger: JobsLogger; fetch?: typeof fetch }) {
  await jobs.schedule(TV_JOBS.importGuide, deps.env.TV_IMPORT_CRON, async () => {
    const now = deps.now();
    const pruned = await pruneGuide(deps.db, now);
    if (pruned) deps.logger.info({ pruned }, 'tv guide: long-ended programmes dropped');
    const result = await supplyGuide({ db: deps.db, now, source: deps.env.TV_XMLTV_SOURCE, ...(deps.fetch ? { fetch: deps.fetch } : {}) });
    if (result) {
      const { importId, channels, programmes, linked, problems } = result;
      deps.logger.info({ importId, channels, programmes, linked, problems: problems.length }, 'tv guide imported');
    }
  });
}
