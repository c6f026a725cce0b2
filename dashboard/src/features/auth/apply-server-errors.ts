import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../lib/api';

/**
 * Puts a 422's per-field messages under the matching fields. Returns true when at least one field
 * received a message, so the caller can decide whether a general message is still needed.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: ReadonlyArray<Path<T>>,
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !applied });
      applied = true;
    }
  }
  return applied;
}
