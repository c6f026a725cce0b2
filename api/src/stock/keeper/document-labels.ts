import type { DataSource } from 'typeorm';
import { Hook } from '../../common/hook.js';

/** Reads the labels of one kind of stock document by id (an order's number, a delivery's). */
export type DocumentLabels = (db: DataSource, ids: number[]) => Promise<Map<number, string>>;

/** The ids of one kind of document among the movements, read in one query, as labels. */
export async function labelsOf<E extends { id: number }>(
  db: DataSource,
  entity: new () => E,
  ids: number[],
  label: (row: E) => string,
): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .getRepository(entity)
    .createQueryBuilder('doc')
    .whereInIds([...new Set(ids)])
    .getMany();
  return new Map(rows.map((row) => [row.id, label(row)]));
}

/**
 * How the stock history names the documents of the domains above stock whose documents move it (orders,
 * deliveries), by document type: they register when their module starts, stock never imports them.
 */
export const DOCUMENT_LABELS = new Hook<DocumentLabels>();

/** The labels of the documents of a type, none when no domain registered it. */
export function documentLabels(db: DataSource, documentType: string, ids: number[]): Promise<Map<number, string>> {
  const read = DOCUMENT_LABELS.get(documentType);
  return read && ids.length ? read(db, ids) : Promise.resolve(new Map());
}
