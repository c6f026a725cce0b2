import { formatDate as writeDate, formatDateTime as writeDateTime } from '@comptoir/api/dates';
import { formatCount } from '@comptoir/api/money';

/** "12 mars 2024" style day, the spec's "DD MMM YYYY" in French; "—" when there is none. */
export const formatDate = (value: string | Date | null | undefined): string => writeDate(value, '—');

/** "12 mars 2024 14:05": the spec's "DD MMM YYYY HH:mm"; "—" when there is none. */
export const formatDateTime = (value: string | Date | null | undefined): string => writeDateTime(value, '—');

/** Counters are zero-padded to two digits ("07", "12", "128"). */
export function pad2(value: number): string {
  return String(Math.max(0, Math.trunc(value))).padStart(2, '0');
}

/**
 * A list's total: zero-padded, or "1 000+" when the server stopped counting (`total_capped`: a search
 * matching more than 1,000 rows).
 */
export function totalText(total: number, capped?: boolean): string {
  return capped ? `${formatCount(total)}+` : pad2(total);
}

/** Cuts a text at `max` characters and marks the cut with "..". */
export function truncate(text: string | null | undefined, max: number): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}..` : text;
}

/** "Prénom Nom", skipping empty parts. */
export function fullName(person: { firstname?: string | null; name?: string | null } | null | undefined): string {
  if (!person) return '';
  return [person.firstname, person.name].filter(Boolean).join(' ');
}
