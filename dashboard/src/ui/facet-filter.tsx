import { useId } from 'react';
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

/** One facet of a list (a category, a brand, a currency…): a labelled native select, « Tous » for none. */
export function FacetFilter({ label, value, options, onChange, allLabel = 'Tous' }: FacetFilterProps) {
  const id = useId();
  const current = value === undefined ? '' : String(value);
  return (
    <span className="inline-flex min-w-0 items-center gap-0.5">
      <label htmlFor={id} className="text-sm text-ink-muted">
        {label}
      </label>
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
    </span>
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
  const id = useId();
  return (
    <span className="inline-flex items-center gap-0.5">
      <label htmlFor={id} className="text-sm text-ink-muted">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={control}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </span>
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
