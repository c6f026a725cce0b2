import type { ClassConstructor } from 'class-transformer';
import type { EntityManager } from 'typeorm';
import { readForm } from '../common/forms.js';
import { ValidationFailed } from '../core/errors/api-error.js';
import type { PermissionCategory } from '../core/access/permissions.js';
import type { CheckedImage } from '../media/upload-policy.js';
import { headerKey, type SheetRow } from './import-files.js';

/** One column of an import's sheet: its French header (also accepted: the field's name and aliases). */
export interface ImportColumn {
  header: string;
  field: string;
  aliases?: string[];
  example: string;
}

/** A row once read and checked: its line, what it does, the DTO's values (when valid), its errors. */
export interface PreparedRow<V> {
  line: number;
  /** The natural key (reference, e-mail…), as shown in the preview. */
  key: string;
  label: string;
  existingId: number | null;
  values: V | null;
  errors: string[];
}

export interface ImportContext {
  userId: number;
  /** Whether the person may change existing records (the import itself needs the create right). */
  canEdit: boolean;
}

export interface ImportBatchResult {
  replaced: string[];
  unchanged: number;
}

/** What one kind of import (products, clients, stock entries) provides to the shared engine. */
export interface ImportKind<V> {
  kind: string;
  /** « produits »: in messages and the journal. */
  plural: string;
  /** The file name of the template and of the journal entry. */
  fileName: string;
  category: PermissionCategory;
  columns: ImportColumn[];
  /** Reads and checks every row (one round of look-ups for the whole sheet, not one per row). */
  prepare(
    rows: SheetRow[],
    present: ReadonlySet<string>,
    context: ImportContext,
    images: ImportImages | null,
  ): Promise<PreparedRow<V>[]>;
  /**
   * Writes a batch of valid rows inside the caller's transaction (`paths`: the images stored for
   * each row, by line); answers the stored files the batch replaced, removed once it is committed, and
   * how many matched rows held the record's values already (left alone).
   */
  apply(
    manager: EntityManager,
    rows: PreparedRow<V>[],
    context: ImportContext,
    paths: Map<number, string[]>,
  ): Promise<ImportBatchResult>;
  /** The images each row stores (products only), in order. */
  imagesOf?(row: PreparedRow<V>): string[];
  /** After every batch: the public site's rebuild, files replaced… */
  afterApply?(summary: { created: number; updated: number }): Promise<void>;
}

/** A ZIP image: checked (upload policy), or the French reason it was refused. */
export type ImportImage = CheckedImage | string;

/** The images of a ZIP, by image key. */
export type ImportImages = Map<string, ImportImage>;

/** The sheet's cell for a field: under its header, its field name or an alias (undefined when no such column). */
export function cellOf(columns: ImportColumn[], row: SheetRow, field: string): string | undefined {
  const column = columns.find((c) => c.field === field);
  const names = column ? [column.header, column.field, ...(column.aliases ?? [])] : [field];
  for (const name of names) {
    const value = row.cells[headerKey(name)];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The fields whose column the sheet has. */
export function presentFields(columns: ImportColumn[], headers: string[]): Set<string> {
  const set = new Set(headers);
  return new Set(
    columns.filter((c) => [c.header, c.field, ...(c.aliases ?? [])].some((name) => set.has(headerKey(name)))).map((c) => c.field),
  );
}

/** « Le prix doit être… » → « Ligne 12 : le prix doit être… ». */
export const lineMessage = (line: number, message: string) =>
  `Ligne ${line} : ${message.charAt(0).toLowerCase()}${message.slice(1)}`;

/**
 * A row checked with the DTO of the single create/update form (the same rules and messages): the
 * converted values, or the field errors as per-row messages.
 */
export async function checkWithForm<T extends object>(
  dto: ClassConstructor<T>,
  line: number,
  plain: Record<string, unknown>,
  extra: Record<string, string[]> = {},
): Promise<{ values: T | null; errors: string[] }> {
  const form = await readForm(dto, plain);
  try {
    return { values: form.valid(extra), errors: [] };
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    return { values: null, errors: Object.values(error.errors).flatMap((messages) => messages.map((m) => lineMessage(line, m))) };
  }
}

/** Flags the second and later rows of a key already used higher in the sheet. */
export function refuseRepeatedKeys<V>(rows: PreparedRow<V>[], what: string): void {
  const first = new Map<string, number>();
  for (const row of rows) {
    if (!row.key) continue;
    const seen = first.get(row.key);
    if (seen !== undefined) row.errors.push(lineMessage(row.line, `${what} « ${row.key} » figure déjà ligne ${seen}.`));
    else first.set(row.key, row.line);
  }
}

/** Whether a matched row may be applied: the edit right, or an error on the row. */
export function requireEditRight<V>(rows: PreparedRow<V>[], context: ImportContext, what: string): void {
  if (context.canEdit) return;
  for (const row of rows)
    if (row.existingId !== null)
      row.errors.push(lineMessage(row.line, `Vous n’avez pas le droit de modifier ${what} « ${row.key} » déjà enregistré.`));
}

/** « 31/12/2026 » → « 2026-12-31 »; other texts unchanged (the DTO's date rule judges them). */
export function isoDay(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}` : text;
}

/** Splits a list of values in one rows' lookups: « IN (…) » by chunks the databases accept. */
export function chunks<T>(values: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}
