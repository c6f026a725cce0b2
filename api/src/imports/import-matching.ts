import { In, type EntityManager, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { isSqlite } from '../common/transactions.js';
import type { PermissionCategory } from '../core/access/permissions.js';
import type { SheetRow } from './import-files.js';
import {
  cellOf,
  chunks,
  refuseRepeatedKeys,
  requireEditRight,
  type ImportColumn,
  type ImportBatchResult,
  type ImportContext,
  type ImportImages,
  type ImportKind,
  type PreparedRow,
} from './import-kind.js';

/** Two records hold the key: the row cannot tell which one it means. */
export const AMBIGUOUS = 'ambiguous';

/**
 * The records the sheet's keys name, loaded in batches (`load` answers those of one batch of keys),
 * by `keyOf`: a key two records hold maps to AMBIGUOUS, or to the last one read with `repeated: 'last'`
 * (a key unique in the database, or records told apart later by the rest of their key).
 */
export async function matchByKey<E>(
  keys: Iterable<string>,
  load: (part: string[]) => Promise<E[]>,
  keyOf: (record: E) => string,
  repeated: typeof AMBIGUOUS | 'last' = AMBIGUOUS,
): Promise<Map<string, E | typeof AMBIGUOUS>> {
  const found = new Map<string, E | typeof AMBIGUOUS>();
  for (const part of chunks([...new Set(keys)].filter(Boolean)))
    for (const record of await load(part)) {
      const key = keyOf(record);
      found.set(key, repeated === AMBIGUOUS && found.has(key) ? AMBIGUOUS : record);
    }
  return found;
}

/** The matched record of a key, null when none or when the key is ambiguous. */
export const matched = <E>(found: E | typeof AMBIGUOUS | undefined): E | null =>
  found === undefined || found === AMBIGUOUS ? null : found;

/**
 * The records of these ids by id, locked for the rest of the transaction (MariaDB; SQLite's single
 * writer already holds them): what an update replaces is what the import read.
 */
export async function lockedByIds<E extends ObjectLiteral & { id: number }>(
  manager: EntityManager,
  entity: EntityTarget<E>,
  ids: number[],
): Promise<Map<number, E>> {
  const found = new Map<number, E>();
  for (const part of chunks(ids))
    for (const record of await manager.getRepository(entity).find({
      where: { id: In(part) } as never,
      ...(isSqlite(manager.connection) ? {} : { lock: { mode: 'pessimistic_write' as const } }),
    }))
      found.set(record.id, record);
  return found;
}

/** A batch's rows that create a record, and those that match one (to update, or to leave alone when unchanged). */
export function splitByMatch<V>(rows: PreparedRow<V>[]): { fresh: PreparedRow<V>[]; matching: PreparedRow<V>[] } {
  return { fresh: rows.filter((row) => row.existingId === null), matching: rows.filter((row) => row.existingId !== null) };
}

/** What names a kind of import: its route's word, its plural in messages, its files' name, its permission category. */
export type ImportNames = Pick<ImportKind<unknown>, 'kind' | 'plural' | 'fileName' | 'category'>;

/** The words of the shared refusals: « La référence » (a key repeated in the sheet), « le produit » (an update without the edit right). */
export interface MatchWords {
  key: string;
  record: string;
}

/** A row's cell for a field, undefined when the sheet has no such column. */
export type RowCell = (row: SheetRow, field: string) => string | undefined;

/** What a kind reads of one row: its key and label, the record it matches, the DTO's values, its errors. */
export type ReadRow<V> = Omit<PreparedRow<V>, 'line'>;

/**
 * An import whose rows match existing records by a natural key (a product's reference, a client's
 * e-mail, a stock entry's lot): the look-ups for the whole sheet first (`lookUp`, in batches), then
 * each row read against them (`readRow`): created when it matches nothing, else updated (or left
 * alone when unchanged, decided by `apply`). A key repeated in the sheet, and a matched row without
 * the edit right, are refused here for every kind alike.
 */
export abstract class MatchingImport<V, L> implements ImportKind<V> {
  readonly kind: string;
  readonly plural: string;
  readonly fileName: string;
  readonly category: PermissionCategory;

  protected constructor(
    names: ImportNames,
    readonly columns: ImportColumn[],
    private readonly words: MatchWords,
  ) {
    this.kind = names.kind;
    this.plural = names.plural;
    this.fileName = names.fileName;
    this.category = names.category;
  }

  /** The records (and other look-ups) the sheet's rows need, loaded once for the whole sheet. */
  protected abstract lookUp(sheet: SheetRow[], cell: RowCell): Promise<L>;

  protected abstract readRow(
    row: SheetRow,
    cell: (field: string) => string | undefined,
    found: L,
    images: ImportImages | null,
  ): Promise<ReadRow<V>>;

  abstract apply(
    manager: EntityManager,
    rows: PreparedRow<V>[],
    context: ImportContext,
    paths: Map<number, string[]>,
  ): Promise<ImportBatchResult>;

  async prepare(
    sheet: SheetRow[],
    present: ReadonlySet<string>,
    context: ImportContext,
    images: ImportImages | null,
  ): Promise<PreparedRow<V>[]> {
    const cell: RowCell = (row, field) => (present.has(field) ? cellOf(this.columns, row, field) : undefined);
    const found = await this.lookUp(sheet, cell);
    const prepared: PreparedRow<V>[] = [];
    for (const row of sheet)
      prepared.push({ line: row.line, ...(await this.readRow(row, (field) => cell(row, field), found, images)) });
    refuseRepeatedKeys(prepared, this.words.key);
    requireEditRight(prepared, context, this.words.record);
    return prepared;
  }
}
