import { format, isValid, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';
import { formatCount } from '@comptoir/api/money';

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
}

/** "12 mars 2024" style day, the spec's "DD MMM YYYY" in French ("12 mars 2024"). */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'dd MMM yyyy', { locale: fr }) : '—';
}

/** "12 mars 2024 14:05": the spec's "DD MMM YYYY HH:mm". */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'dd MMM yyyy HH:mm', { locale: fr }) : '—';
}

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
