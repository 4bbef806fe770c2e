import type { AuthData, OperatorSubscription } from '@ekran/contracts';
import type { Api } from './api.server.ts';

/** What the shell shows an operator customer: the mf_info popup and the balance the operator last reported. */
export interface OperatorShell {
  popup: string | null;
  balance: OperatorSubscription['balance_state'] | null;
}

/**
 * Spec platform §6 "popups by mf_info" and §8 "Operator low balance banner". Only operator
 * customers (mf_info.is_mf) cost a call; a failed call shows no banner rather than failing the page.
 */
export async function operatorShell(auth: AuthData | null, api: Pick<Api, 'operatorSubscription'>): Promise<OperatorShell | null> {
  // Optional chaining on mf_info: partial auth data of older clients and tests has none.
  if (!auth?.mf_info?.is_mf || auth.profile_for_child) return null;
  const subscription = await api.operatorSubscription().catch(() => null);
  return { popup: auth.mf_info.mf_pop_up, balance: subscription && subscription.status !== 'cancelled' && subscription.balance_state !== 'ok' ? subscription.balance_state : null };
}
