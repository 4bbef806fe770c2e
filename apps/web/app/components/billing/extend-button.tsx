import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useRevalidator } from 'react-router';
import { declineReason } from '../../lib/billing-view.ts';
import type { ExtendAnswer } from '../../routes/resources/extend-subscription.ts';

/**
 * «Продлить» (spec platform §4 Pending subscription extension, §8): POSTs the extension with an Idempotency-Key made
 * on the first press and kept for the retries of this attempt, so a double press or a lost answer never pays twice.
 * Without a card the answer is the payment host's page, and the browser goes there.
 */
export function ExtendButton({ subscriptionId, onDone }: { subscriptionId: string; onDone?: (answer: ExtendAnswer) => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ExtendAnswer>();
  const revalidator = useRevalidator();
  const key = useRef<string | null>(null);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;

  useEffect(() => {
    if (!answer) return;
    if ('status' in answer && answer.status === 'redirect') {
      window.location.assign(answer.url);
      return;
    }
    // A settled attempt (paid or declined) ends this key; one still being paid (or processing: the bank has not
    // answered) and a failure to reach us keep it, so a retry asks about the same order and never pays twice.
    if ('status' in answer && answer.status !== 'pending' && answer.status !== 'processing') key.current = null;
    if ('status' in answer && answer.status === 'succeeded') void revalidator.revalidate();
    onDone?.(answer);
    // revalidator and onDone change identity on every render; only a new answer matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  const handleExtend = () => {
    key.current ??= crypto.randomUUID();
    void fetcher.submit({ subscription_id: subscriptionId, key: key.current }, { method: 'post', action: '/resources/extend-subscription' });
  };

  const busy = fetcher.state !== 'idle' || (answer && 'status' in answer && answer.status === 'redirect');
  let message: string | null = null;
  if (answer && 'status' in answer) {
    if (answer.status === 'succeeded') message = t('billing.banner.extended');
    else if (answer.status === 'pending') message = t('billing.banner.pending');
    else if (answer.status === 'processing') message = t('billing.banner.processing');
    else if (answer.status === 'failed') message = t(`billing.decline.${declineReason(answer.reason)}`);
  } else if (answer && 'error' in answer) message = t('gating.errorText');

  return (
    <>
      <button type="button" className="btn btn--primary btn--sm" onClick={handleExtend} disabled={busy} aria-busy={busy} data-testid="extend">
        {busy ? t('billing.banner.extending') : t('billing.banner.extend')}
      </button>
      {message ? (
        <span className="account__note" role="status" data-testid="extend-result">
          {message}
        </span>
      ) : null}
    </>
  );
}
