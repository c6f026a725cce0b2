import type { DataSource, EntityManager } from 'typeorm';
import { yieldToRequests } from '../common/background-slices.js';
import { runTransaction } from '../common/transactions.js';
import { decimalString } from '../core/database/column-types.js';
import { isSqlite } from '../core/database/dialect.js';
import { quoteIdentifier } from '../core/database/triggers.js';
import { orderSums, storeOrderBilling } from '../invoices/order-billing.js';
import { firstCurrencyTotal, storeOrderListColumns } from '../orders/order-list-columns.js';

/**
 * The order list's sort figures stored on `orders` (docs/order-model.md), checked against what their
 * sources give: the invoice documents (invoices/order-billing.ts) and the lines, totals and quote
 * versions (orders/order-list-columns.ts). Every write path recomputes them in its own transaction;
 * this check catches one that did not (a script, a manual SQL fix, a backup restored from before a
 * migration), which would otherwise make the list sort wrong without a sign.
 *
 * A full pass in batches of orders by id, not "orders changed since the last check": the writes this
 * check exists for are precisely those that bypass the application, and they need not touch
 * `updated_at` (the recomputations themselves do not), so only a full pass sees them.
 */
export const ORDER_FIGURE_COLUMNS = [
  'billed_currency',
  'invoiced_minor',
  'balance_minor',
  'lines_count',
  'totals_currency',
  'totals_minor',
  'quote_version',
] as const;

export type OrderFigureColumn = (typeof ORDER_FIGURE_COLUMNS)[number];

/** A stored figure that disagrees with its sources; values as text (bigint-exact), null for SQL NULL. */
export interface OrderFigureDifference {
  order_id: number;
  column: OrderFigureColumn;
  stored: string | null;
  expected: string | null;
}

/** The differences grouped by order, in the order given (one log line per order). */
export function byOrder(differences: readonly OrderFigureDifference[]): Map<number, OrderFigureDifference[]> {
  const out = new Map<number, OrderFigureDifference[]>();
  for (const d of differences) out.set(d.order_id, [...(out.get(d.order_id) ?? []), d]);
  return out;
}

/** Orders per slice: under 10 ms of queries and comparisons on SQLite at 100,000 orders (docs/performance.md). */
const BATCH = 100;
const TOTALS_SOURCES = ['totals_json', 'total', 'currency', 'missing_rates', 'rates_json'] as const;

type Figures = Record<OrderFigureColumn, string | null>;
type OrderRow = Record<string, unknown> & { id: number | string };

/** bigint columns come back as text on MariaDB and as numbers on SQLite: compared as text. */
const text = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

async function readOrders(manager: EntityManager, where: string, params: unknown[], limit?: number): Promise<OrderRow[]> {
  const q = quoteIdentifier(manager.connection);
  const columns = ['id', ...TOTALS_SOURCES, ...ORDER_FIGURE_COLUMNS].map(q).join(', ');
  return manager.query(
    `SELECT ${columns} FROM ${q('orders')} WHERE ${where} ORDER BY ${q('id')}${limit ? ` LIMIT ${limit}` : ''}`,
    params,
  );
}

/** A count or maximum per order of one source table, for these orders. */
async function perOrder(manager: EntityManager, aggregate: string, table: string, ids: number[]): Promise<Map<number, string>> {
  const q = quoteIdentifier(manager.connection);
  const rows: { order_id: number | string; n: unknown }[] = await manager.query(
    `SELECT ${q('order_id')} AS order_id, ${aggregate} AS n FROM ${q(table)}
      WHERE ${q('order_id')} IN (${ids.map(() => '?').join(', ')}) GROUP BY ${q('order_id')}`,
    ids,
  );
  return new Map(rows.map((r) => [Number(r.order_id), String(r.n)]));
}

/** What each order's figures should be, recomputed from their sources with the write paths' own rules. */
async function expectedFigures(manager: EntityManager, orders: OrderRow[]): Promise<Map<number, Figures>> {
  const q = quoteIdentifier(manager.connection);
  const ids = orders.map((o) => Number(o.id));
  // The same definitions as storeOrderListColumns' UPDATE: the number of lines, the latest version.
  const lines = await perOrder(manager, 'COUNT(*)', 'order_items', ids);
  const quotes = await perOrder(manager, `MAX(${q('number')})`, 'quote_versions', ids);
  const billing = await orderSums(manager, ids);
  const out = new Map<number, Figures>();
  for (const order of orders) {
    const id = Number(order.id);
    // The raw row, as storeOrderListColumns reads it (the decimal total normalised).
    const totals = firstCurrencyTotal({
      ...(order as unknown as Parameters<typeof firstCurrencyTotal>[0]),
      total: decimalString.from(order.total as string) as string,
    });
    const billed = billing.get(id)?.[0];
    out.set(id, {
      billed_currency: billed?.currency_code ?? null,
      invoiced_minor: billed ? billed.invoiced.toString() : null,
      balance_minor: billed ? billed.balance.toString() : null,
      lines_count: lines.get(id) ?? '0',
      totals_currency: totals?.currency ?? null,
      totals_minor: totals ? totals.minor.toString() : null,
      quote_version: quotes.get(id) ?? null,
    });
  }
  return out;
}

/** The differences of these orders (already read), in order id then column order. */
async function compare(manager: EntityManager, orders: OrderRow[]): Promise<OrderFigureDifference[]> {
  if (!orders.length) return [];
  const expected = await expectedFigures(manager, orders);
  const out: OrderFigureDifference[] = [];
  for (const order of orders) {
    const want = expected.get(Number(order.id))!;
    for (const column of ORDER_FIGURE_COLUMNS) {
      const stored = text(order[column]);
      if (stored !== want[column]) out.push({ order_id: Number(order.id), column, stored, expected: want[column] });
    }
  }
  return out;
}

/** Runs `each` on every batch of orders by id, with the batch's differences, letting requests in between batches. */
async function eachBatch(
  manager: EntityManager,
  batch: number,
  each: (differences: OrderFigureDifference[]) => Promise<void>,
): Promise<void> {
  const q = quoteIdentifier(manager.connection);
  for (let after = 0; ;) {
    const orders = await readOrders(manager, `${q('id')} > ?`, [after], batch);
    if (!orders.length) return;
    after = Number(orders.at(-1)!.id);
    await each(await compare(manager, orders));
    await yieldToRequests();
  }
}

/** Every stored figure of every order that disagrees with its sources (read only), in batches of orders. */
export async function orderFigureDifferences(db: DataSource | EntityManager, batch = BATCH): Promise<OrderFigureDifference[]> {
  const manager = 'manager' in db ? db.manager : db;
  const out: OrderFigureDifference[] = [];
  await eachBatch(manager, batch, async (differences) => void out.push(...differences));
  return out;
}

/**
 * The check, then the repair of each order found different: in one transaction per batch of such
 * orders, their rows locked (MariaDB) and compared again, so that a write committed between the
 * pass's read and the repair is neither reported nor overwritten; their figures are then rewritten by
 * the write paths' own functions. Answers the differences repaired.
 */
export async function repairOrderFigures(dataSource: DataSource, batch = BATCH): Promise<OrderFigureDifference[]> {
  const repaired: OrderFigureDifference[] = [];
  await eachBatch(dataSource.manager, batch, async (found) => {
    const ids = [...new Set(found.map((d) => d.order_id))];
    if (!ids.length) return;
    const confirmed = await runTransaction(dataSource, async (manager) => {
      const q = quoteIdentifier(manager.connection);
      const inIds = `${q('id')} IN (${ids.map(() => '?').join(', ')})`;
      // A locking read first (it takes no snapshot): a writer of these orders finishes before we read.
      if (!isSqlite(manager.connection))
        await manager.query(`SELECT ${q('id')} FROM ${q('orders')} WHERE ${inIds} FOR UPDATE`, ids);
      const differences = await compare(manager, await readOrders(manager, inIds, ids));
      const stale = [...new Set(differences.map((d) => d.order_id))];
      await storeOrderBilling(manager, stale);
      await storeOrderListColumns(manager, stale);
      return differences;
    });
    repaired.push(...confirmed);
  });
  return repaired;
}
