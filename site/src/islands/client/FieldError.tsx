/** A field's error from the API, if any (`<id>-error`, which the field names in aria-describedby). */
export function FieldError({ errors, field, id }: { errors: Record<string, string>; field: string; id?: string }) {
  return errors[field] ? (
    <p id={id ? `${id}-error` : undefined} className="field-error">
      {errors[field]}
    </p>
  ) : null;
}
