/**
 * One bound of the catalogue's price range (« Minimum », « Maximum »): a GET form field that takes an
 * amount as typed (45000, 69,70) and is marked invalid while it is not one.
 */
export function AmountInput({
  id,
  name,
  label,
  value,
  invalid,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="text-xs text-ink-muted">
        {label}
      </label>
      <input
        id={id}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid || undefined}
      />
    </div>
  );
}
