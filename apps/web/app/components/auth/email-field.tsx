import { looksLikeEmail, suggestEmail } from '@ekran/core';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import type { AuthErrorKey } from '../../lib/auth-errors.ts';
import { Field } from './auth-card.tsx';

/**
 * «Возможно, вы имели в виду …?» under an email field (spec platform §5 email suggestions): pressing it puts
 * the suggested address into the field.
 */
export function EmailSuggestion({ value, onPick }: { value: string; onPick: (email: string) => void }) {
  const suggestion = looksLikeEmail(value) ? suggestEmail(value) : null;
  if (!suggestion) return null;
  return (
    <p className="field__suggest" aria-live="polite">
      <button type="button" className="field__suggest-btn" onClick={() => onPick(suggestion)} data-testid="email-suggestion">
        <Trans i18nKey="auth.suggest" values={{ email: suggestion }} components={{ b: <b /> }} />
      </button>
    </p>
  );
}

/** A text field that offers the corrected address while it holds an email with a likely typo. */
export function SuggestingField({
  name, label, error, hint, defaultValue = '', ...input
}: { name: string; label: string; error?: AuthErrorKey | undefined; hint?: string; defaultValue?: string } & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange'>) {
  const [value, setValue] = useState(defaultValue);
  return (
    <Field
      name={name}
      label={label}
      error={error}
      {...(hint ? { hint } : {})}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      after={<EmailSuggestion value={value} onPick={setValue} />}
      {...input}
    />
  );
}
