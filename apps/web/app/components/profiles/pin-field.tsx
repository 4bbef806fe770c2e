import { useTranslation } from '../../lib/use-translation.ts';

/** A four-digit PIN input: numeric keyboard on phones, hidden digits, its error under it. */
export function PinField({ name, label, error }: { name: string; label: string; error?: string | null | undefined }) {
  const { t } = useTranslation();
  const id = `pin-${name}`;
  return (
    <div className={`field pin-field${error ? ' field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="[0-9]{4}"
        minLength={4}
        maxLength={4}
        required
        placeholder="••••"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        data-testid={id}
      />
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : (
        <p className="field__hint" id={`${id}-hint`}>
          {t('pin.hint')}
        </p>
      )}
    </div>
  );
}
