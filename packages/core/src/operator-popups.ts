// Which operator popup (auth data mf_info.mf_pop_up) an operator customer gets: spec platform §3
// mf_info, §6 Operator customer ("popups by mf_info; some configured countries without the operator app get a
// special popup"), §8 («Пополните баланс и возвращайтесь»). Pure; the API decides, the web shows the one answer.

/** The operator popups, in precedence order: a customer is shown at most one at a time, the first that applies. */
export const OPERATOR_POPUP_PRECEDENCE = ['no_money', 'got_money', 'info', 'no_app'] as const;
/** One operator popup state of mf_info.mf_pop_up. */
export type OperatorPopupState = (typeof OPERATOR_POPUP_PRECEDENCE)[number];

/** What the popup rule reads of an account and where it is. */
export interface OperatorPopupFacts {
  isOperator: boolean;
  /** The popup the operator's reports left (no_money, got_money, info), stored until closed or resolved. */
  storedPopup: 'no_money' | 'got_money' | 'info' | null;
  /** The visitor's current country (ISO 3166-1 alpha-2, upper case). */
  countryCode: string;
  /** The country where the customer closed the no_app popup last; null: never. */
  noAppSeenCountry: string | null;
  /** The configured countries without the operator's app (upper case). */
  noAppCountries: readonly string[];
}

/**
 * The one popup an operator customer gets now, or null. The stored popups come first: no_money blocks playback
 * and must be seen, got_money and info report what just happened and show once. no_app ("the operator's app is
 * not available in this country") is about where the viewer is, so it waits until those are closed, and shows
 * once per country (closing it in one country does not hide it in the next one on the list).
 */
export function operatorPopupOf(f: OperatorPopupFacts): OperatorPopupState | null {
  if (!f.isOperator) return null;
  if (f.storedPopup) return f.storedPopup;
  const country = f.countryCode.toUpperCase();
  return f.noAppCountries.includes(country) && f.noAppSeenCountry !== country ? 'no_app' : null;
}
