import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface ControlProps {
  id: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

export interface FieldProps {
  /** The control's id; the label points at it and the error/hint are linked by aria-describedby. */
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown at the right of the label (a character counter, ...). */
  aside?: ReactNode;
  required?: boolean;
  className?: string;
  /**
   * One control element (Input, Textarea, Select, ...): it receives id, aria-invalid and
   * aria-describedby. Or a function given those props, for a control wrapped in a
   * react-hook-form `<Controller>`.
   */
  children: ReactElement<Record<string, unknown>> | ((control: ControlProps) => ReactNode);
}

/** A labelled form control with its hint and its error message under it. */
export function Field({ id, label, error, hint, aside, required, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const controlProps: ControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
  };
  const control =
    typeof children === 'function'
      ? children(controlProps)
      : isValidElement(children)
        ? cloneElement(children, { ...controlProps })
        : children;
  return (
    <div className={cn('flex flex-col gap-0.5', className)}>
      <div className="flex items-baseline justify-between gap-1">
        <span className="text-sm font-medium text-ink">
          <label htmlFor={id}>{label}</label>
          {required ? (
            <span className="ml-0.5 text-danger" aria-hidden="true">
              *
            </span>
          ) : null}
        </span>
        {aside ? <span className="text-xs text-ink-subtle">{aside}</span> : null}
      </div>
      {control}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-ink-subtle">
          {hint}
        </p>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs font-medium text-danger" role="alert">
      {children}
    </p>
  );
}

/** A message about the whole form (the server's answer), above or below the fields. */
export function FormAlert({ tone = 'danger', children }: { tone?: 'danger' | 'success' | 'info'; children: ReactNode }) {
  const tones = {
    danger: 'border-danger/30 bg-danger-soft text-danger',
    success: 'border-success/30 bg-success-soft text-success',
    info: 'border-brand-200 bg-info-soft text-info',
  } as const;
  return (
    <div role={tone === 'danger' ? 'alert' : 'status'} className={cn('rounded-md border px-1.5 py-1 text-sm', tones[tone])}>
      {children}
    </div>
  );
}
