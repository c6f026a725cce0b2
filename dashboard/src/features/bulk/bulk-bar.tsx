import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/button';

/**
 * The toolbar over a list once rows are chosen: how many, the list's actions, and a way to let go.
 * A toolbar for assistive technologies; every control is a button reached with Tab.
 */
export function BulkBar({
  count,
  label,
  children,
  onClear,
}: {
  count: number;
  label: string;
  children: ReactNode;
  onClear: () => void;
}) {
  if (count === 0) return null;
  return (
    <div
      role="toolbar"
      aria-label="Actions sur la sélection"
      className="mb-1.5 flex flex-wrap items-center gap-1 rounded-lg border border-brand-200 bg-brand-50 px-1.5 py-1"
    >
      <span className="mr-1 text-sm font-semibold text-ink" aria-live="polite">
        {label}
      </span>
      {children}
      <Button variant="ghost" size="sm" className="ml-auto" icon={<X className="size-2" aria-hidden="true" />} onClick={onClear}>
        Effacer la sélection
      </Button>
    </div>
  );
}
