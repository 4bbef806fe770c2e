import type { Env } from '../../env.ts';
import type { Jobs, JobsLogger } from '../../jobs/jobs.ts';
import type { LifecycleService } from './lifecycle.service.ts';

// What runs when (docs/decisions/024-job-queue.md).

/** The queue names of the billing schedules. */
export const BILLING_JOBS = {
  /** Lapsed subscriptions to grace or expired (EXPIRY_CRON). */
  expire: 'billing.expire',
  /** Charges the subscriptions due for renewal (RENEWALS_CRON); its handler is the billing module's renewDue. */
  renewals: 'billing.renewals',
  /** Compares unsettled orders with the provider's record (RECONCILE_CRON, and once on start); decision 032. */
  reconcile: 'billing.reconcile',
} as const;

/**
 * Registers the reconciliation schedule (docs/decisions/032-payment-reconciliation.md). Each run reads the app's
 * clock; RECONCILE_ON_START also runs it when the queue starts.
 */
export async function registerReconcileJob(
  jobs: Jobs,
  deps: { now: () => Date; env: Pick<Env, 'RECONCILE_CRON' | 'RECONCILE_ON_START'>; reconcile: (now: Date) => Promise<unknown> },
) {
  await jobs.schedule(BILLING_JOBS.reconcile, deps.env.RECONCILE_CRON, async () => void (await deps.reconcile(deps.now())), { runOnStart: deps.env.RECONCILE_ON_START });
}

/** Charges what is due at `now`; given by the billing module (renewDue). */
export type RenewDue = (now: Date) => Promise<unknown>;

/**
 * Registers the subscription lifecycle schedules on the queue. Renewals are scheduled only when a renewDue is
 * given. Each run reads the app's clock, so it works on the instant it runs rather than the cron tick.
 */
export async function registerLifecycleJobs(
  jobs: Jobs,
  deps: { now: () => Date; lifecycle: LifecycleService; env: Pick<Env, 'EXPIRY_CRON' | 'RENEWALS_CRON'>; logger: JobsLogger; renewDue?: RenewDue | undefined },
) {
  const { lifecycle } = deps;
  await jobs.schedule(BILLING_JOBS.expire, deps.env.EXPIRY_CRON, async () => {
    const result = await lifecycle.expireLapsed(deps.now());
    if (result.graced || result.expired) deps.logger.info(result, 'subscriptions lapsed');
  });
  const renewDue = deps.renewDue;
  if (renewDue) {
    await jobs.schedule(BILLING_JOBS.renewals, deps.env.RENEWALS_CRON, async () => {
      await renewDue(deps.now());
    });
  } else if (jobs.enabled) {
    deps.logger.warn({}, 'billing.renewals is not scheduled: no renewDue was given to buildApp');
  }
}
