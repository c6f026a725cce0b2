import type { ProductSpecRow } from '@comptoir/api/contract';

/** A row of the « Caractéristiques » editor: the server's { name, value } with a stable key for React. */
export interface SpecRow extends ProductSpecRow {
  key: number;
}

let nextKey = 1;

export const specRowsOf = (specs: ProductSpecRow[] | undefined): SpecRow[] =>
  (specs ?? []).map((spec) => ({ ...spec, key: nextKey++ }));

export const emptySpecRow = (): SpecRow => ({ name: '', value: '', key: nextKey++ });

/** The rows with the one at `index` moved by `by` (-1 up, +1 down); unchanged at either end. */
export function moveRow<T>(rows: T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return rows;
  const next = [...rows];
  const [row] = next.splice(index, 1);
  next.splice(to, 0, row!);
  return next;
}

/** What the form sends as `specs`: the rows in order, trimmed, blank ones left out (a JSON text). */
export function specsPayload(rows: SpecRow[]): string {
  return JSON.stringify(
    rows.map((row) => ({ name: row.name.trim(), value: row.value.trim() })).filter((row) => row.name !== '' || row.value !== ''),
  );
}

/** True when the rows say the same as the saved table (nothing to send). */
export const sameSpecs = (rows: SpecRow[], saved: ProductSpecRow[] | undefined): boolean =>
  specsPayload(rows) === JSON.stringify(saved ?? []);
