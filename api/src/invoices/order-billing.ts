import { In, type EntityManager } from 'typeorm';
import { quoteIdentifier } from '../core/database/triggers.js';
import { sumBalances, type InvoiceAmounts, type MinorBalance } from './customer-account.js';
import { Invoice } from './entities/invoice.entity.js';
import { balances, type InvoiceFolder } from './invoice-amounts.js';
import { loadFolders } from './invoice-folders.js';

/**
 * The order list's « Facturé » and « Solde » sorts read three columns of `orders` (billed_currency,
 * invoiced_minor, balance_minor): the first currency by code of what the order's invoices add up to
 * (sumBalances, the rule the list's figures follow), in minor units, null before any invoice. They are
 * rewritten from the order's invoice documents in the transaction that issues an invoice, records or
 * deletes a payment or issues a credit note (invoice-totals.ts's storeTotals), so a sorted page walks
 * an index of orders (IDX_orders_billed_*) in order and stops after the page, at any number of orders.
 */

/** What an invoice folder adds to its order's sums. */
export function invoiceAmounts(folder: InvoiceFolder): InvoiceAmounts {
  return {
    state: folder.invoice.state,
    currencies: balances(folder).map((b) => ({
      currency_code: b.currency,
      invoiced: b.totals.ttc - b.credited,
      paid: b.paid,
      balance: b.balance,
    })),
  };
}

/** Each order's sums per currency, from all its invoices' documents. */
export async function orderSums(manager: EntityManager, orderIds: readonly number[]): Promise<Map<number, MinorBalance[]>> {
  const out = new Map<number, MinorBalance[]>(orderIds.map((id) => [id, []]));
  if (!orderIds.length) return out;
  const invoices = await manager.getRepository(Invoice).find({ where: { order_id: In([...orderIds]) }, order: { id: 'ASC' } });
  const folders = await loadFolders(manager, invoices);
  for (const orderId of orderIds)
    out.set(orderId, sumBalances(folders.filter((f) => f.invoice.order_id === orderId).map(invoiceAmounts)));
  return out;
}

/** The stored sort columns of these orders rewritten from their invoices (in the caller's transaction). */
export async function storeOrderBilling(manager: EntityManager, orderIds: readonly number[]): Promise<void> {
  const unique = [...new Set(orderIds)].sort((a, b) => a - b);
  if (!unique.length) return;
  const q = quoteIdentifier(manager.connection);
  // Written without the entity (which would also bump updated_at): a derived figure, not an edit.
  const sql = `UPDATE ${q('orders')} SET ${q('billed_currency')} = ?, ${q('invoiced_minor')} = ?, ${q('balance_minor')} = ? WHERE ${q('id')} = ?`;
  for (const [orderId, sums] of await orderSums(manager, unique)) {
    const first = sums[0];
    await manager.query(sql, [
      first?.currency_code ?? null,
      first ? first.invoiced.toString() : null,
      first ? first.balance.toString() : null,
      orderId,
    ]);
  }
}

/** Fills the columns of every order that has invoices (the migration's backfill), in batches of orders. */
export async function backfillOrderBilling(manager: EntityManager, batch = 500): Promise<number> {
  let written = 0;
  for (let after = 0; ;) {
    const rows = await manager
      .getRepository(Invoice)
      .createQueryBuilder('invoice')
      .select('DISTINCT invoice.order_id', 'order_id')
      .where('invoice.order_id > :after', { after })
      .orderBy('invoice.order_id', 'ASC')
      .limit(batch)
      .getRawMany<{ order_id: number | string }>();
    if (!rows.length) return written;
    const ids = rows.map((r) => Number(r.order_id));
    after = ids.at(-1)!;
    await storeOrderBilling(manager, ids);
    written += ids.length;
  }
}
