import type { AuditChange } from '../contract/audit.js';
import { IGNORED_FIELDS, SECRET_MASK, secretName } from './audited-entities.js';

/** Long texts (an article's HTML) are kept to this many characters in an entry. */
export const MAX_TEXT_IN_ENTRY = 500;

/** A value as an entry stores it: dates as ISO strings, long texts cut, objects as they serialise. */
export function storedValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'string' && value.length > MAX_TEXT_IN_ENTRY) return `${value.slice(0, MAX_TEXT_IN_ENTRY)}…`;
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return null;
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(storedValue(a)) === JSON.stringify(storedValue(b));

/**
 * `{ field: { before, after } }` for the fields whose value differs, bookkeeping timestamps and
 * `omit` left out, secrets masked (and renamed: password_hash → password). Null when nothing differs.
 * `fields` limits the comparison (the columns a save actually wrote); by default every key of both.
 */
export function diffOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  options: { fields?: string[]; omit?: string[] } = {},
): Record<string, AuditChange> | null {
  const fields = options.fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: Record<string, AuditChange> = {};
  for (const field of fields) {
    if (IGNORED_FIELDS.has(field) || options.omit?.includes(field)) continue;
    const was = before ? before[field] : undefined;
    const now = after ? after[field] : undefined;
    if (typeof was === 'function' || typeof now === 'function') continue;
    if ((was === undefined || was === null) && (now === undefined || now === null)) continue;
    const secret = secretName(field);
    if (secret) {
      // The hash is not loaded with the row (select: false): a written secret field is a change.
      if (now === undefined || now === null) continue;
      changes[secret] = { before: before ? SECRET_MASK : null, after: SECRET_MASK };
      continue;
    }
    if (before && after && same(was, now)) continue;
    changes[field] = { before: before ? storedValue(was) : null, after: after ? storedValue(now) : null };
  }
  return Object.keys(changes).length ? changes : null;
}
