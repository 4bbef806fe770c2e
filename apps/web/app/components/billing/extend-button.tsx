import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useFetcher, useRevalidator } from 'react-router';
import { declineReason } from '../../lib/billing-view.ts';
import type { ExtendAnswer } from '../../lib/resource-answers.ts';

/** How often an extension the bank has not answered yet is asked about again, and after how long less often. */
export const EXTEND_POLL_EVERY_MS = 3000;
export const EXTEND_POLL_FAST_FOR_MS = 90_000;
export const EXTEND_POLL_LATE_EVERY_MS = 15_000;

const unsettled = (answer: ExtendAnswer | undefined) => !!answer && 'status' in answer && (answer.status === 'pending' || answer.status === 'processing');

/**
 * «Продлить» (spec platform §4 Pending subscription extension, §8): POSTs the extension with an Idempotency-Key made
 * on the first press and kept for the retries of this attempt, so a double press or a lost answer never pays twice.
 * Without a card the answer is the payment host's page, and the browser goes there. A charge the bank has not
 * answered yet shows «Платёж обрабатывается» and is asked about again under the same key (which answers the same
 * order, never a second charge) until it settles (decision 032).
 */
export function ExtendButton({ subscriptionId, onDone }: { subscriptionId: string; onDone?: (answer: ExtendAnswer) => void }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ExtendAnswer>();
  const revalidator = useRevalidator();
  const key = useRef<string | null>(null);
  const since = useRef(0);
  // The last answer stays on screen while the same order is asked about again.
  const [answer, setAnswer] = useState<ExtendAnswer | undefined>(undefined);
  const fresh = fetcher.state === 'idle' ? fetcher.data : undefined;
  if (fresh && fresh !== answer) setAnswer(fresh);

  const submit = () => {
    key.current ??= crypto.randomUUID();
    void fetcher.submit({ subscription_id: subscriptionId, key: key.current }, { method: 'post', action: '/resources/extend-subscription' });
  };
  // The order is read while it is known (asking never pays); only a wait of ours that ran out before the API's
  // answer repeats the extension, under the same key, which finds the order that key made.
  const askAgain = (last: ExtendAnswer | undefined) => {
    const order = last && 'order_id' in last ? last.order_id : null;
    if (order) void fetcher.load(`/resources/extend-subscription?order=${encodeURIComponent(order)}`);
    else submit();
  };

  useEffect(() => {
    if (!fresh) return;
    if ('status' in fresh && fresh.status === 'redirect') {
      window.location.assign(fresh.url);
      return;
    }
    // A settled attempt (paid or declined) ends this key; one still being paid and a failure to reach us keep it,
    // so a retry asks about the same order and never pays twice.
    if (!unsettled(fresh) && 'status' in fresh) key.current = null;
    // Paid, or (asked again) no longer extendable: the page shows what the subscription now is.
    if (('status' in fresh && fresh.status === 'succeeded') || 'error' in fresh) void revalidator.revalidate();
    onDone?.(fresh);
    // revalidator and onDone change identity on every render; only a new answer matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fresh]);

  const waiting = unsettled(answer) && fetcher.state === 'idle';
  useEffect(() => {
    if (!waiting) return;
    const late = Date.now() - since.current > EXTEND_POLL_FAST_FOR_MS;
    const timer = window.setTimeout(() => askAgain(answer), late ? EXTEND_POLL_LATE_EVERY_MS : EXTEND_POLL_EVERY_MS);
    return () => window.clearTimeout(timer);
    // askAgain reads refs and the answer only; a new answer (or a new wait) restarts the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, answer]);

  const handleExtend = () => {
    since.current = Date.now();
    submit();
  };

  const busy = fetcher.state !== 'idle' || unsettled(answer) || (answer && 'status' in answer && answer.status === 'redirect');
  let message: string | null = null;
  if (answer && 'status' in answer) {
    if (answer.status === 'succeeded') message = t('billing.banner.extended');
    else if (answer.status === 'pending') message = t('billing.banner.pending');
    else if (answer.status === 'processing') message = t('billing.banner.processing');
    else if (answer.status === 'failed') message = t(`billing.decline.${declineReason(answer.reason)}`);
  } else if (answer && 'error' in answer) message = t('gating.errorText');

  return (
    <>
      <button type="button" className="btn btn--primary btn--sm" onClick={handleExtend} disabled={!!busy} aria-busy={!!busy} data-testid="extend">
        {busy ? t('billing.banner.extending') : t('billing.banner.extend')}
      </button>
      {message ? (
        <span className="account__note" role="status" data-testid="extend-result" data-status={answer && 'status' in answer ? answer.status : 'error'}>
          {message}
        </span>
      ) : null}
    </>
  );
}
