/** A labelled field with its error text under it, wired for screen readers (the input is the child). */
export function FormField({ name, label, error, children }: { name: string; label: string; error: string | undefined; children: React.ReactElement }) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={name}>{label}</label>
      {children}
      {error ? (
        <p className="field__error" id={`${name}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes of an input whose FormField shows an error. */
export const invalidProps = (name: string, error: unknown) => (error ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});
