import { useEffect } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation } from 'react-router';
import {
  EXTENSION_DISMISSED_KEY, showExtensionBanner, TRIAL_HINT_DISMISSED_KEY, trialNotice, type BillingNoticeData,
} from '../../lib/billing-notices.ts';
import { notify } from '../shell/notices.tsx';
import { ExtendButton } from './extend-button.tsx';

export const EXTENSION_NOTICE_ID = 'billing-extension';
export const TRIAL_NOTICE_ID = 'billing-trial';
export const EXTENDED_NOTICE_ID = 'billing-extended';

const read = (key: string): string | null => {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
};
const remember = (key: string, value: string) => {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the notice comes back on the next page, no worse than that.
  }
};

/**
 * The shell's billing notices: «Не смогли продлить подписку — Пополните баланс или добавьте другую
 * карту» with «Продлить» (spec platform §8), and the trial-remaining hint (§4). Both close by the viewer only, and
 * a closed one stays closed for the browser session; neither shows on /account.
 */
export function BillingNotices({ data }: { data: BillingNoticeData | null | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const extensionId = data?.extension?.subscription_id ?? null;
  const trialEndsAt = data?.trial_ends_at ?? null;

  useEffect(() => {
    const notices = { extension: extensionId ? { subscription_id: extensionId } : null, trial_ends_at: trialEndsAt };
    if (extensionId && showExtensionBanner(notices, pathname, read(EXTENSION_DISMISSED_KEY))) {
      notify.show({
        id: EXTENSION_NOTICE_ID,
        kind: 'error',
        title: t('billing.banner.title'),
        text: t('billing.banner.text'),
        closeInMs: null,
        // Paid: the banner goes with the grace it was about, and a short notice says so.
        action: (
          <ExtendButton
            subscriptionId={extensionId}
            onDone={(answer) => {
              if ('status' in answer && answer.status === 'succeeded') notify.show({ id: EXTENDED_NOTICE_ID, kind: 'info', text: t('billing.banner.extended') });
            }}
          />
        ),
        onClose: () => remember(EXTENSION_DISMISSED_KEY, extensionId),
      });
    } else notify.dismiss(EXTENSION_NOTICE_ID);

    const hint = trialNotice(notices, Date.now(), pathname, read(TRIAL_HINT_DISMISSED_KEY));
    if (hint) {
      notify.show({
        id: TRIAL_NOTICE_ID,
        kind: 'info',
        title: t('billing.trialHint.title'),
        text: t('billing.trialHint.text', { left: hint.text }),
        closeInMs: null,
        onClose: () => remember(TRIAL_HINT_DISMISSED_KEY, hint.key),
      });
    } else notify.dismiss(TRIAL_NOTICE_ID);
  }, [extensionId, trialEndsAt, pathname, t]);

  return null;
}
