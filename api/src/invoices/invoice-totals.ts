import type { Logger } from '@nestjs/common';
import { eachBySlices, yieldToRequests } from '../common/background-slices.js';
import { In, MoreThan, type DataSource, type EntityManager } from 'typeorm';
import { InvoiceCurrencyTotal } from './entities/invoice-currency-total.entity.js';
import { Invoice } from './entities/invoice.entity.js';
import { balances, type InvoiceFolder } from './invoice-amounts.js';
import { loadFolders } from './invoice-folders.js';
import { storeOrderBilling } from './order-billing.js';

/**
 * The stored per-currency totals of invoices (invoice_currency_totals), the list's TTC and balance
 * sorts' data. Computed by `balances` (invoice-amounts.ts), the one computation of an invoice's
 * amounts, and written in the transaction that issues the invoice, records or deletes a payment, or
 * issues a credit note.
 */

/** The rows an invoice's folder should have: one per currency, in the invoice's order. */
export function totalsRows(folder: InvoiceFolder): InvoiceCurrencyTotal[] {
  return balances(folder).map((b, position) => ({
    invoice_id: folder.invoice.id,
    currency_code: b.currency,
    position,
    ttc_minor: b.totals.ttc.toString(),
    balance_minor: b.balance.toString(),
  }));
}

/**
 * Replaces the stored totals of these invoices by those their documents give (in the caller's
 * transaction). `fresh`: invoices just issued, with no row yet (no delete, whose range lock on MariaDB
 * would make concurrent issues wait on each other).
 */
export async function storeTotals(manager: EntityManager, folders: readonly InvoiceFolder[], fresh = false): Promise<void> {
  await storeInvoiceRows(manager, folders, fresh);
  // And their orders' « Facturé » and « Solde » sort columns (order-billing.ts), in the same transaction.
  await storeOrderBilling(
    manager,
    folders.map((f) => f.invoice.order_id),
  );
}

async function storeInvoiceRows(manager: EntityManager, folders: readonly InvoiceFolder[], fresh: boolean): Promise<void> {
  if (!folders.length) return;
  const repository = manager.getRepository(InvoiceCurrencyTotal);
  if (!fresh) await repository.delete({ invoice_id: In(folders.map((f) => f.invoice.id)) });
  const rows = folders.flatMap(totalsRows);
  if (rows.length) await repository.insert(rows);
}

export interface TotalsDifference {
  invoice_id: number;
  number: string;
  currency_code: string;
  /** What the documents give (null: the currency should have no row). */
  expected: { position: number; ttc_minor: string; balance_minor: string } | null;
  /** What is stored (null: no row). */
  stored: { position: number; ttc_minor: string; balance_minor: string } | null;
}

/** Invoices per slice: under 10 ms of reading and recomputing on SQLite at 100,000 invoices (docs/performance.md). */
const BATCH = 100;
const shape = (row: InvoiceCurrencyTotal | undefined) =>
  row ? { position: Number(row.position), ttc_minor: String(row.ttc_minor), balance_minor: String(row.balance_minor) } : null;

/**
 * Every invoice whose stored totals differ from those recomputed from its documents, read in batches
 * by id, letting requests in between batches.
 */
export async function totalsDifferences(manager: EntityManager, batch = BATCH): Promise<TotalsDifference[]> {
  const out: TotalsDifference[] = [];
  for (let after = 0; ;) {
    const invoices = await manager
      .getRepository(Invoice)
      .find({ where: { id: MoreThan(after) }, order: { id: 'ASC' }, take: batch });
    if (!invoices.length) return out;
    after = invoices.at(-1)!.id;
    const stored = await manager.getRepository(InvoiceCurrencyTotal).findBy({ invoice_id: In(invoices.map((i) => i.id)) });
    for (const folder of await loadFolders(manager, invoices)) {
      const expected = new Map(totalsRows(folder).map((r) => [r.currency_code, r]));
      const have = new Map(stored.filter((r) => r.invoice_id === folder.invoice.id).map((r) => [r.currency_code, r]));
      for (const code of new Set([...expected.keys(), ...have.keys()])) {
        const want = shape(expected.get(code));
        const got = shape(have.get(code));
        if (JSON.stringify(want) !== JSON.stringify(got))
          out.push({
            invoice_id: folder.invoice.id,
            number: folder.invoice.number,
            currency_code: code,
            expected: want,
            stored: got,
          });
      }
    }
    await yieldToRequests();
  }
}

/** Stores the totals of every invoice that has none yet (the migration's backfill), in batches. */
export async function backfillTotals(manager: EntityManager, batch = BATCH): Promise<number> {
  let written = 0;
  for (let after = 0; ;) {
    const invoices = await manager
      .getRepository(Invoice)
      .createQueryBuilder('invoice')
      .where('invoice.id > :after', { after })
      .andWhere('NOT EXISTS (SELECT 1 FROM invoice_currency_totals t WHERE t.invoice_id = invoice.id)')
      .orderBy('invoice.id', 'ASC')
      .take(batch)
      .getMany();
    if (!invoices.length) return written;
    after = invoices.at(-1)!.id;
    // The invoice rows only: the orders' columns come with a later migration (order-billing.ts's backfill).
    await storeInvoiceRows(manager, await loadFolders(manager, invoices), true);
    written += invoices.length;
  }
}

/** The hourly check (housekeeping): logs each invoice whose stored totals differ from its documents. */
export async function watchTotals(dataSource: DataSource, logger: Logger): Promise<TotalsDifference[]> {
  const differences = await totalsDifferences(dataSource.manager);
  await eachBySlices(differences, (d) =>
    logger.error(
      `Invoice totals difference: ${d.number} (${d.invoice_id}) ${d.currency_code}: stored ${JSON.stringify(d.stored)}, documents give ${JSON.stringify(d.expected)}`,
    ),
  );
  if (!differences.length) logger.debug('Invoice totals check: no difference');
  return differences;
}
