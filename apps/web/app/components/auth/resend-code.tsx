import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';

/** m:ss of a number of seconds. */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The «send the code again» button: disabled with a countdown until a new code may be asked for (the API
 * refuses earlier requests anyway), then a plain submit of the resend intent. A new code means a new
 * countdown: give it a new key.
 */
export function ResendCode({ seconds, disabled = false }: { seconds: number; disabled?: boolean }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (seconds <= 0) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [seconds]);
  return (
    <button type="submit" name="intent" value="resend" className="btn btn--ghost" disabled={disabled || left > 0} data-testid="code-resend">
      {left > 0 ? t('authFlow.resendIn', { time: clock(left) }) : t('authFlow.resend')}
    </button>
  );
}
