import type { OperatorSubscription } from '@ekran/contracts';
import { OPERATOR_POPUP_PRECEDENCE, type OperatorPopupState } from '@ekran/core';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useFetcher } from 'react-router';
import { Modal } from '../ui/modal.tsx';

/**
 * The popup states of auth data mf_info.mf_pop_up (spec platform §3, §2 popups «operator no-money / got-money / info»;
 * No_app, §6 countries without the operator's app). The API answers one at a time, in the
 * precedence of @ekran/core OPERATOR_POPUP_PRECEDENCE, so they never stack.
 */
export type { OperatorPopupState };
const STATES: readonly string[] = OPERATOR_POPUP_PRECEDENCE;
const POPUP_KEYS: Record<OperatorPopupState, string> = { no_money: 'noMoney', got_money: 'gotMoney', info: 'info', no_app: 'noApp' };
export const asOperatorPopup = (v: string | null | undefined): OperatorPopupState | null => (v && STATES.includes(v) ? (v as OperatorPopupState) : null);

/** The shell's operator popup from the auth data's state as it came (an unknown state shows none). */
export function OperatorStatePopup({ state }: { state: string }) {
  return <OperatorPopup popup={asOperatorPopup(state)} />;
}

/** The resource that remembers a closed informing popup (routes/resources/operator-popup.ts). */
export const OPERATOR_POPUP_RESOURCE = '/resources/operator-popup';

/**
 * The operator customer's popup by mf_info (spec platform §6). no_money: «Пополните баланс и возвращайтесь»
 * (platform §8), closed only for this page, since it stays while the balance is empty; got_money (the money
 * came back), info and no_app (the operator's app is not available in this country): closing tells the API, so
 * they show once (no_app once per country).
 */
export function OperatorPopup({ popup }: { popup: OperatorPopupState | null }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const [closed, setClosed] = useState(false);
  if (!popup || closed) return null;
  const close = () => {
    setClosed(true);
    if (popup !== 'no_money') void fetcher.submit({ popup }, { method: 'post', action: OPERATOR_POPUP_RESOURCE });
  };
  const key = POPUP_KEYS[popup];
  return (
    <Modal onClose={close} size="sm" title={t(`operator.${key}Title`)} lead={t(`operator.${key}Text`)} testId={`operator-popup-${popup}`} focus="dialog">
      <div className="modal__actions">
        <button type="button" className="btn btn--primary" onClick={close}>
          {t(popup === 'no_money' ? 'operator.noMoneyButton' : 'operator.ok')}
        </button>
      </div>
    </Modal>
  );
}

/** spec platform §8 Operator low balance banner: an error banner while the operator reports a low balance. */
export function OperatorLowBalanceBanner({ balance }: { balance: OperatorSubscription['balance_state'] | null }) {
  const { t } = useTranslation();
  if (balance !== 'low' && balance !== 'no_money') return null;
  return (
    <div className="form-error operator-banner" role="alert" data-testid="operator-low-balance">
      <strong>{t(balance === 'low' ? 'operator.lowBalanceTitle' : 'operator.noMoneyTitle')}</strong>
      <p>{t(balance === 'low' ? 'operator.lowBalanceText' : 'operator.noMoneyText')}</p>
    </div>
  );
}
