import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface FacetOption {
  value: string;
  label: string;
}

export interface FacetFilterProps {
  label: string;
  value: string | number | undefined;
  options: readonly FacetOption[];
  /** `undefined` for « Tous » (the facet off). */
  onChange: (value: string | undefined) => void;
  allLabel?: string;
}

const control =
  'h-4 rounded-md border border-line bg-surface px-0.5 text-sm text-ink focus-visible:outline-3 focus-visible:outline-accent-500';

/** A filter's label before its control, tied to it by id: what every facet of a list's toolbar is. */
function Labelled({ label, className, children }: { label: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)}>
      <label htmlFor={id} className="text-sm text-ink-muted">
        {label}
      </label>
      {children(id)}
    </span>
  );
}

/** One facet of a list (a category, a brand, a currency…): a labelled native select, « Tous » for none. */
export function FacetFilter({ label, value, options, onChange, allLabel = 'Tous' }: FacetFilterProps) {
  const current = value === undefined ? '' : String(value);
  return (
    <Labelled label={label} className="min-w-0">
      {(id) => (
        <select
          id={id}
          className={cn(control, 'max-w-[10rem] min-w-0', current && 'border-brand-700')}
          value={current}
          onChange={(event) => onChange(event.target.value || undefined)}
        >
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

/** A day bound of a list (`?from=`, `?to=`): a labelled date field, empty for none. */
export function DayFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Labelled label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          className={control}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || undefined)}
        />
      )}
    </Labelled>
  );
}

/** The row of a list's facets, its saved views at the end. */
export function ListToolbar({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <div className="mb-2 flex flex-wrap items-center gap-1.5" role="group" aria-label={label}>
      {children}
    </div>
  );
}
