import type { ReactNode } from 'react';

/** A labelled field of the order dialog, with its « * » or « (facultatif) », its hint and its error. */
export function Field({
  id,
  label,
  required = true,
  wide = false,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  /** Takes the whole row (an address, a note). */
  wide?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="field-label">
        {label}{' '}
        {required ? (
          <span aria-hidden="true" className="text-danger">
            *
          </span>
        ) : (
          <span className="text-sm font-normal text-ink-muted">(facultatif)</span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
