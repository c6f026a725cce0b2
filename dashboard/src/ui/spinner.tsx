import { cn } from '../lib/cn';

const sizes = { sm: 'size-2', md: 'size-3', lg: 'size-5' } as const;

/** A turning circle. With `label` it is announced to screen readers; without, it is decorative. */
export function Spinner({ size = 'md', label, className }: { size?: keyof typeof sizes; label?: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1', className)} role={label ? 'status' : undefined}>
      <svg className={cn('animate-spin text-current', sizes[size])} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
        <path d="M21.5 12a9.5 9.5 0 0 0-9.5-9.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** The whole screen waits (the route guard while it asks who is signed in). */
export function FullPageSpinner({ label = 'Chargement…' }: { label?: string }) {
  return (
    <div className="grid min-h-screen place-items-center bg-surface-muted text-brand-700">
      <Spinner size="lg" label={label} />
    </div>
  );
}
