import type { EntityManager } from 'typeorm';

/**
 * Document numbers (docs/order-model.md, "Numbering"): CMD-2026-00001, DEV-, BL-, FAC-, AV-, counted
 * from 1 each year in `document_sequences`. The number is taken in the caller's transaction by one
 * statement that adds one to the (kind, year) row, inserting it at 1 for a new year: on MariaDB the
 * row's lock then serialises concurrent issuers until their transactions end (the upsert takes it
 * whether the row existed or not, so two first issuers of a year wait for each other instead of
 * deadlocking on the gap); SQLite has one writer. A transaction that fails gives its number back
 * with it: numbers are gapless and never given twice.
 */
export const DOCUMENT_PREFIXES = {
  order: 'CMD',
  quote: 'DEV',
  delivery: 'BL',
  invoice: 'FAC',
  credit_note: 'AV',
} as const;

export type DocumentKind = keyof typeof DOCUMENT_PREFIXES;

/** The next number of `kind` for `year` (1, 2, 3 …), taken in `manager`'s transaction. */
export async function nextNumber(manager: EntityManager, kind: DocumentKind, year: number): Promise<number> {
  if (!manager.queryRunner?.isTransactionActive) throw new Error('nextNumber must run in the document’s transaction');
  const sqlite = manager.connection.options.type === 'better-sqlite3';
  await manager.query(
    sqlite
      ? 'INSERT INTO document_sequences (kind, year, last) VALUES (?, ?, 1) ON CONFLICT (kind, year) DO UPDATE SET last = last + 1'
      : 'INSERT INTO document_sequences (kind, year, last) VALUES (?, ?, 1) ON DUPLICATE KEY UPDATE last = last + 1',
    [kind, year],
  );
  const rows: { last: number | string }[] = await manager.query(
    'SELECT last FROM document_sequences WHERE kind = ? AND year = ?',
    [kind, year],
  );
  return Number(rows[0]!.last);
}

/** CMD-2026-00042: the prefix, the year and at least five digits. */
export function formatDocumentNumber(kind: DocumentKind, year: number, value: number): string {
  return `${DOCUMENT_PREFIXES[kind]}-${year}-${String(value).padStart(5, '0')}`;
}

/** The next formatted number of `kind` for the year of `at` (Lomé is on UTC). */
export async function nextDocumentNumber(manager: EntityManager, kind: DocumentKind, at = new Date()): Promise<string> {
  const year = at.getUTCFullYear();
  return formatDocumentNumber(kind, year, await nextNumber(manager, kind, year));
}
