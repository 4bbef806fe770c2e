import { useTranslation } from '../../lib/use-translation.ts';
import type { AuthErrorKey } from '../../lib/auth-errors.ts';

/** The frame of the sign-in, sign-up and confirmation pages. */
export function AuthCard({ title, lead, children }: { title: string; lead: string; children: React.ReactNode }) {
  return (
    <div className="auth">
      <section className="auth__card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        <p className="auth__lead">{lead}</p>
        {children}
      </section>
    </div>
  );
}

/** A labelled input with its error under it, wired for screen readers. */
export function Field({ name, label, error, hint, after, ...input }: { name: string; label: string; error?: AuthErrorKey | undefined; hint?: string; after?: React.ReactNode } & React.InputHTMLAttributes<HTMLInputElement>) {
  const { t } = useTranslation();
  const describedBy = error ? `${name}-error` : hint ? `${name}-hint` : undefined;
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p className="field__error" id={`${name}-error`} role="alert">
          {t(`auth.errors.${error}`)}
        </p>
      ) : hint ? (
        <p className="field__hint" id={`${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {after}
    </div>
  );
}

/** An error of the whole form. */
export function FormError({ error, title }: { error?: AuthErrorKey | undefined; title?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <div className="form-error" role="alert">
      {title ? <strong>{title}</strong> : null}
      <p>{t(`auth.errors.${error}`)}</p>
    </div>
  );
}
