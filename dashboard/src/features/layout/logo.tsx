import { BRAND_NAME } from '../../lib/brand';
import { cn } from '../../lib/cn';

/** The company mark and name. */
export function Logo({ tone = 'dark', compact = false }: { tone?: 'dark' | 'light'; compact?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-1 font-semibold', tone === 'light' ? 'text-white' : 'text-brand-800')}>
      <svg viewBox="0 0 32 32" className="size-4 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={tone === 'light' ? '#ffffff' : '#173e6d'} />
        <path
          d="M21.5 11.2A7 7 0 1 0 21.5 20.8"
          fill="none"
          stroke={tone === 'light' ? '#173e6d' : '#ffffff'}
          strokeWidth="3.2"
          strokeLinecap="round"
        />
        <circle cx="22.2" cy="16" r="2.2" fill="#ef6c1a" />
      </svg>
      {compact ? <span className="sr-only">{BRAND_NAME}</span> : <span className="text-lg tracking-tight">{BRAND_NAME}</span>}
    </span>
  );
}
