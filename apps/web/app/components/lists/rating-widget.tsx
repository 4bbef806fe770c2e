import { PERSONAL_RATING_MAX, PERSONAL_RATING_MIN } from '@ekran/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useFetcher } from 'react-router';
import { trackClick } from '../../lib/analytics.ts';
import type { RatingResult } from '../../lib/resource-answers.ts';
import { usePersonalRoot } from './personal-root.ts';
import { SignInDialog } from './sign-in-dialog.tsx';
import './lists.css';

const VALUES = Array.from({ length: PERSONAL_RATING_MAX - PERSONAL_RATING_MIN + 1 }, (_, i) => PERSONAL_RATING_MIN + i);
// Arrow keys walk the scale one step at a time: only where the viewer stops is saved.
const KEYBOARD_SETTLE_MS = 500;

/**
 * The profile's own rating of a title, 1 to 10: a group of radio buttons (arrow keys move along
 * the scale, as for any radio group), saved through /resources/ratings, with «Убрать оценку». An anonymous
 * visitor is asked to sign in instead.
 */
export function RatingWidget({ alias, initial }: { alias: string; initial: number | null }) {
  const { t } = useTranslation();
  const { isVirtual } = usePersonalRoot();
  const fetcher = useFetcher<RatingResult>({ key: `rating:${alias}` });
  const [askSignIn, setAskSignIn] = useState(false);
  const [choice, setChoice] = useState<number | null | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  // The server says the visitor has no account (e.g. it signed out in another tab): ask to sign in, once.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const signInOpen = askSignIn || Boolean(result && !result.ok && result.error === 'auth' && dismissed !== result);
  const closeSignIn = () => {
    setAskSignIn(false);
    setDismissed(result);
  };
  const saved = result?.ok ? result.rating : initial;
  const pendingValue = fetcher.formData ? (fetcher.formData.get('intent') === 'remove' ? null : Number(fetcher.formData.get('value'))) : undefined;
  // What the scale shows: the choice being settled, else the one being saved, else the saved one.
  const shown = choice !== undefined ? choice : pendingValue !== undefined ? pendingValue : saved;
  const busy = fetcher.state !== 'idle' || choice !== undefined;

  const save = (value: number | null) => {
    setChoice(undefined);
    trackClick({ block_type: 'rating', element_type: value === null ? 'button' : 'radio', element_id: alias, element_text: value === null ? 'remove' : String(value) });
    void fetcher.submit(
      value === null ? { intent: 'remove', alias } : { intent: 'rate', alias, value: String(value) },
      { method: 'post', action: '/resources/ratings', defaultShouldRevalidate: false },
    );
  };

  const handleChange = (value: number, fromKeyboard: boolean) => {
    if (isVirtual) {
      setAskSignIn(true);
      return;
    }
    if (timer.current) clearTimeout(timer.current);
    if (!fromKeyboard) return save(value);
    setChoice(value);
    timer.current = setTimeout(() => save(value), KEYBOARD_SETTLE_MS);
  };

  const lastKeyboard = useRef(false);
  const status = busy ? t('lists.rating.saving') : result && !result.ok && result.error !== 'auth' ? null : shown ? t('lists.rating.yours', { value: shown }) : t('lists.rating.none');
  return (
    <fieldset className="rate" data-testid="rating-widget" aria-busy={busy || undefined}>
      <legend className="rate__legend">{t('lists.rating.legend')}</legend>
      {/* Only notes that the keyboard is in use (the radios take the keys); not a control of its own. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        className="rate__scale"
        onKeyDown={() => void (lastKeyboard.current = true)}
        onPointerDown={() => void (lastKeyboard.current = false)}
      >
        {VALUES.map((value) => (
          <label key={value} className={`rate__option${shown !== null && shown !== undefined && value <= shown ? ' rate__option--on' : ''}`}>
            <input
              type="radio"
              name={`rating-${alias}`}
              value={value}
              className="rate__input"
              checked={shown === value}
              onChange={() => handleChange(value, lastKeyboard.current)}
              aria-label={t('lists.rating.value', { value })}
            />
            <span aria-hidden="true">{value}</span>
          </label>
        ))}
      </div>
      <div className="rate__foot">
        {status ? (
          <span className="rate__status" aria-live="polite">
            {status}
          </span>
        ) : null}
        {result && !result.ok && result.error !== 'auth' ? (
          <span className="rate__error" role="alert">
            {t('lists.rating.failed')}
          </span>
        ) : null}
        {!isVirtual && shown ? (
          <button type="button" className="rate__remove" onClick={() => save(null)} disabled={fetcher.state !== 'idle'}>
            {t('lists.rating.remove')}
          </button>
        ) : null}
      </div>
      {signInOpen ? <SignInDialog reason="rating" onClose={closeSignIn} /> : null}
    </fieldset>
  );
}
