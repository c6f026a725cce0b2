import type { DataSource, EntityManager } from 'typeorm';
import { idSlices } from '../../common/background-slices.js';

/** A product whose columns disagree with the sums of its movements. */
export interface LedgerDifference {
  product_id: number;
  stock: number;
  held: number;
  ledger_available: number;
  ledger_held: number;
}

/** Products per slice: a few ms on SQLite at 100,000 products (docs/performance.md). */
const BATCH = 2000;

/**
 * Compares every product's `stock` and `held` with the sums of its movements, by slices of products
 * (an id range: the products, and their movements summed per product over the index
 * IDX_stock_movements_ledger), letting requests in between slices: the rows returned are the
 * disagreements, in product order.
 */
export async function ledgerDifferences(db: DataSource | EntityManager, batch = BATCH): Promise<LedgerDifference[]> {
  const out: LedgerDifference[] = [];
  for await (const { after, upto } of idSlices(db, 'products', batch)) {
    const rows: Record<string, unknown>[] = await db.query(
      `SELECT p.id AS product_id, p.stock AS stock, p.held AS held,
              COALESCE(s.available, 0) AS ledger_available, COALESCE(s.held, 0) AS ledger_held
         FROM products p
         LEFT JOIN (SELECT product_id, SUM(available_delta) AS available, SUM(held_delta) AS held
                      FROM stock_movements WHERE product_id > ? AND product_id <= ?
                     GROUP BY product_id) s ON s.product_id = p.id
        WHERE p.id > ? AND p.id <= ? AND (p.stock <> COALESCE(s.available, 0) OR p.held <> COALESCE(s.held, 0))
        ORDER BY p.id`,
      [after, upto, after, upto],
    );
    for (const row of rows)
      out.push({
        product_id: Number(row.product_id),
        stock: Number(row.stock),
        held: Number(row.held),
        ledger_available: Number(row.ledger_available),
        ledger_held: Number(row.ledger_held),
      });
  }
  return out;
}
