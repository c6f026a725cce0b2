import type { EntityManager } from 'typeorm';
import { toMinor } from '../common/money.js';
import { decimalString } from '../core/database/column-types.js';
import { quoteIdentifier } from '../core/database/triggers.js';
import type { Order } from './entities/order.entity.js';
import { storedMoney } from './order-pricing.js';

/**
 * The order list's « Lignes », « Totaux par devise » and « Devis » sorts read four columns of `orders`
 * (lines_count, totals_currency, totals_minor, quote_version), as « Facturé » and « Solde » read the
 * ones invoices/order-billing.ts keeps: a sorted page then walks an index of orders in order and stops
 * after the page, at any number of orders. They are rewritten here from the order's lines, totals and
 * quote versions, in the transaction that writes them: the request's (its first quote version), a
 * revision (version n+1) and an acceptance (the accepted version's lines replace the order's).
 *
 * « Totaux par devise » sorts by the order's first total in currency code order (EUR < USD < XOF), then
 * by that amount in the currency's minor units: orders are grouped by that currency, the smallest
 * amounts first in ascending order. The rule is written down in docs/order-model.md.
 */

type OrderTotals = Pick<Order, 'totals_json' | 'total' | 'currency' | 'missing_rates' | 'rates_json'>;

/** The order's first per-currency total by currency code, in minor units (null without any). */
export function firstCurrencyTotal(order: OrderTotals): { currency: string; minor: bigint } | null {
  const totals = [...storedMoney(order as Order).totals].sort((a, b) =>
    a.currency_code < b.currency_code ? -1 : a.currency_code > b.currency_code ? 1 : 0,
  );
  const first = totals[0];
  return first ? { currency: first.currency_code, minor: toMinor(first.amount, first.currency_code) } : null;
}

/** The sort columns of these orders rewritten from their lines, totals and quote versions (in the caller's transaction). */
export async function storeOrderListColumns(manager: EntityManager, orderIds: readonly number[]): Promise<void> {
  const unique = [...new Set(orderIds)].sort((a, b) => a - b);
  if (!unique.length) return;
  const q = quoteIdentifier(manager.connection);
  const rows: (OrderTotals & { id: number | string })[] = await manager.query(
    `SELECT ${['id', 'totals_json', 'total', 'currency', 'missing_rates', 'rates_json'].map(q).join(', ')} FROM ${q('orders')}
     WHERE ${q('id')} IN (${unique.map(() => '?').join(', ')})`,
    unique,
  );
  // Written without the entity (which would also bump updated_at): derived figures, not an edit.
  const sql = `UPDATE ${q('orders')} SET
      ${q('lines_count')} = (SELECT COUNT(*) FROM ${q('order_items')} WHERE ${q('order_id')} = ?),
      ${q('quote_version')} = (SELECT MAX(${q('number')}) FROM ${q('quote_versions')} WHERE ${q('order_id')} = ?),
      ${q('totals_currency')} = ?, ${q('totals_minor')} = ?
    WHERE ${q('id')} = ?`;
  for (const row of rows) {
    const id = Number(row.id);
    const first = firstCurrencyTotal({ ...row, total: decimalString.from(row.total) as string });
    await manager.query(sql, [id, id, first?.currency ?? null, first ? first.minor.toString() : null, id]);
  }
}

/** Fills the columns of every order (the migration's backfill), in batches of orders. */
export async function backfillOrderListColumns(manager: EntityManager, batch = 500): Promise<number> {
  const q = quoteIdentifier(manager.connection);
  let written = 0;
  for (let after = 0; ;) {
    const rows: { id: number | string }[] = await manager.query(
      `SELECT ${q('id')} FROM ${q('orders')} WHERE ${q('id')} > ? ORDER BY ${q('id')} LIMIT ${batch}`,
      [after],
    );
    if (!rows.length) return written;
    const ids = rows.map((r) => Number(r.id));
    after = ids.at(-1)!;
    await storeOrderListColumns(manager, ids);
    written += ids.length;
  }
}
