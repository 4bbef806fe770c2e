import type { AuthData } from '@ekran/contracts';
import { DAY_MS, isSubscriberStatus } from '@ekran/core';
import type { Api } from './api.server.ts';
import { needsExtension } from './billing-view.ts';
import { NO_BILLING_NOTICES, type BillingNoticeData } from './billing-notices.ts';

/** How close to its end a renewing subscription is looked at for a failed renewal (the billing window opens then). */
const EXPIRING_WITHIN_MS = 3 * DAY_MS;

/**
 * What the shell's billing notices need, cheaply: only for a registered adult profile, from the auth data the
 * session already has; the subscriptions call is made only when a subscription is in grace or about to end, to
 * read its billing window. A failure shows no notice.
 */
export async function loadBillingNotices(auth: AuthData | null, api: Api, now = Date.now()): Promise<BillingNoticeData> {
  if (!auth || auth.virtual || auth.profile_for_child) return NO_BILLING_NOTICES;
  // Partial auth data (a crawler's, older sessions) reads as no subscriptions.
  const subscriptions = auth.subscriptions ?? [];
  const trial = subscriptions.find((s) => s.status === 'trial');
  const trial_ends_at = trial?.expires_at ?? null;
  // A partner's subscription (the operator's) is renewed by the partner: nothing to extend here.
  const candidate = subscriptions.some(
    (s) =>
      !s.partner &&
      (s.status === 'grace' || (isSubscriberStatus(s.status) && s.reccurent && Date.parse(s.expires_at) - now < EXPIRING_WITHIN_MS)),
  );
  if (!candidate) return { extension: null, trial_ends_at };
  try {
    const { data } = await api.subscriptions();
    const sub = data.subscriptions.find((s) => needsExtension(s, now));
    return { extension: sub ? { subscription_id: sub._id } : null, trial_ends_at };
  } catch {
    return { extension: null, trial_ends_at };
  }
}
