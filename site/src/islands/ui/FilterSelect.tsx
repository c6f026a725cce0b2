import type { ReactNode } from 'react';

/**
 * A choice of the catalogue's GET form (category, sort, availability, display currency): a label,
 * the select named as the address names it, and an optional hint read with it. `onChange` gets one
 * of the options' values, never another string.
 */
export function FilterSelect<V extends string>({
  id,
  name,
  label,
  value,
  options,
  onChange,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  hint?: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field-input"
        value={value}
        onChange={(e) => {
          const chosen = options.find((o) => o.value === e.target.value);
          if (chosen) onChange(chosen.value);
        }}
        aria-describedby={hint ? `${id}-hint` : undefined}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
