// The shell's billing notices — the extension banner (spec platform §4 Pending subscription
// extension, §8 «Не смогли продлить подписку») and the trial-remaining hint (§4 thresholds). Pure rules here; the
// root loader finds the data (billing-notices.server.ts) and components/billing/billing-notices.tsx shows them.

import { trialHint, type TrialHint } from '@ekran/core';

/** What the shell needs: the subscription to extend (if any) and when a trial ends (if one runs). */
export interface BillingNoticeData {
  extension: { subscription_id: string } | null;
  trial_ends_at: string | null;
}

export const NO_BILLING_NOTICES: BillingNoticeData = { extension: null, trial_ends_at: null };

/** sessionStorage keys: a dismissal lasts for the browser session (spec platform §8 "dismissal remembered per session"). */
export const EXTENSION_DISMISSED_KEY = 'ekran.billing.extension-dismissed';
export const TRIAL_HINT_DISMISSED_KEY = 'ekran.billing.trial-hint-dismissed';

/** spec platform §8: "not shown on /account" (the subscriptions section offers «Продлить» itself). */
export const isAccountPath = (pathname: string): boolean => pathname === '/account' || pathname.startsWith('/account/') || pathname === '/payment_history';

/** The payment result pages (platform §2): the viewer is paying right there, and /mobile/* is the apps' webview. */
export const isPaymentResultPath = (pathname: string): boolean => /^\/(web|mobile)\/(success|fail)$|^\/payment(Success|Fail)$/.test(pathname);

/**
 * Whether the extension banner shows: a subscription to extend, not on /account (spec platform §8) nor on the
 * payment result pages, not dismissed for it this session.
 */
export function showExtensionBanner(data: BillingNoticeData, pathname: string, dismissed: string | null): boolean {
  if (!data.extension || isAccountPath(pathname) || isPaymentResultPath(pathname)) return false;
  return dismissed !== data.extension.subscription_id;
}

/**
 * The trial hint to show now: 2 days, 1 day or 12 hours left (core's trialHint, platform §4), unless this very hint
 * was dismissed this session (the next threshold shows again). The key is what the dismissal stores.
 */
export function trialNotice(data: BillingNoticeData, now: number, pathname: string, dismissed: string | null): (TrialHint & { key: string }) | null {
  if (!data.trial_ends_at || isAccountPath(pathname) || isPaymentResultPath(pathname)) return null;
  const hint = trialHint((Date.parse(data.trial_ends_at) - now) / 1000);
  if (!hint) return null;
  const key = `${data.trial_ends_at}:${hint.value}${hint.unit}`;
  return dismissed === key ? null : { ...hint, key };
}
