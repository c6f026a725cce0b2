import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export const controlClasses =
  'block w-full rounded-md border border-line bg-surface px-1.5 text-sm text-ink placeholder:text-ink-subtle ' +
  'transition-colors focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-200 ' +
  'aria-invalid:border-danger aria-invalid:focus:outline-danger-soft disabled:bg-surface-muted disabled:text-ink-subtle';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: React.Ref<HTMLInputElement>;
}

export function Input({ className, type = 'text', ...rest }: InputProps) {
  return <input type={type} className={cn(controlClasses, 'h-5', className)} {...rest} />;
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: React.Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 4, ...rest }: TextareaProps) {
  return <textarea rows={rows} className={cn(controlClasses, 'min-h-10 py-1 leading-relaxed', className)} {...rest} />;
}
