import type { DataSource, EntityManager } from 'typeorm';

/** A product whose columns disagree with the sums of its movements. */
export interface LedgerDifference {
  product_id: number;
  stock: number;
  held: number;
  ledger_available: number;
  ledger_held: number;
}

/**
 * Compares every product's `stock` and `held` with the sums of its movements in one grouped query
 * (the movements summed per product once, then joined): the rows returned are the disagreements.
 */
export async function ledgerDifferences(db: DataSource | EntityManager): Promise<LedgerDifference[]> {
  const rows: Record<string, unknown>[] = await db.query(
    `SELECT p.id AS product_id, p.stock AS stock, p.held AS held,
            COALESCE(s.available, 0) AS ledger_available, COALESCE(s.held, 0) AS ledger_held
       FROM products p
       LEFT JOIN (SELECT product_id, SUM(available_delta) AS available, SUM(held_delta) AS held
                    FROM stock_movements GROUP BY product_id) s ON s.product_id = p.id
      WHERE p.stock <> COALESCE(s.available, 0) OR p.held <> COALESCE(s.held, 0)
      ORDER BY p.id`,
  );
  return rows.map((row) => ({
    product_id: Number(row.product_id),
    stock: Number(row.stock),
    held: Number(row.held),
    ledger_available: Number(row.ledger_available),
    ledger_held: Number(row.ledger_held),
  }));
}
