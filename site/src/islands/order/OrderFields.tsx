import type { OrderFormField } from '@comptoir/api/contract';
import { Field } from './Field';
import { FIELDS, ORDER_TEXTS, isRequired, type FieldErrors, type FieldSpec, type Values } from './order-form';

interface Props {
  step: 2 | 3;
  values: Values;
  errors: FieldErrors;
  /** The id of a field's control (its hint and error ids derive from it). */
  fieldId: (name: string) => string;
  /** Shown under « Devise ». */
  currencyHint?: string;
  onChange: (name: OrderFormField, value: string) => void;
}

/** Steps 2 and 3 of the order dialog: the fields of that step in a two-column grid. */
export function OrderFields({ step, values, errors, fieldId, currencyHint, onChange }: Props) {
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {FIELDS.filter((f) => f.step === step).map((field) => {
        const hint = field.name === 'currency' ? currencyHint : undefined;
        return (
          <Field
            key={field.name}
            id={fieldId(field.name)}
            label={field.label}
            required={isRequired(field, values)}
            wide={field.type === 'textarea'}
            error={errors[field.name]}
            hint={hint}
          >
            <FieldControl
              field={field}
              id={fieldId(field.name)}
              value={values[field.name] ?? ''}
              error={errors[field.name]}
              hint={hint}
              required={isRequired(field, values)}
              onChange={(value) => onChange(field.name, value)}
            />
          </Field>
        );
      })}
    </div>
  );
}

function FieldControl({
  field,
  id,
  value,
  error,
  hint,
  required,
  onChange,
}: {
  field: FieldSpec;
  id: string;
  value: string;
  error?: string;
  hint?: string;
  required: boolean;
  onChange: (value: string) => void;
}) {
  const invalid = error ? true : undefined;
  const errorId = error ? `${id}-error` : undefined;
  if (field.type === 'select') {
    return (
      <select
        id={id}
        name={field.name}
        className="field-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid}
        aria-describedby={[errorId, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined}
        required
      >
        <option value="">{ORDER_TEXTS.placeholder}</option>
        {field.options!.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  if (field.type === 'textarea') {
    return (
      <textarea
        id={id}
        name={field.name}
        className="field-input min-h-[4.5rem]"
        rows={3}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={field.autoComplete}
        placeholder={field.placeholder}
        maxLength={field.maxLength}
        aria-invalid={invalid}
        aria-describedby={errorId}
        required={required}
      />
    );
  }
  return (
    <input
      id={id}
      name={field.name}
      type={field.type}
      className="field-input"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete={field.autoComplete}
      placeholder={field.placeholder}
      maxLength={field.maxLength ?? (field.type === 'tel' ? 50 : 255)}
      aria-invalid={invalid}
      aria-describedby={errorId}
      required={required}
    />
  );
}
