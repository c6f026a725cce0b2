import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Between, In, type EntityManager } from 'typeorm';
import { fromMinor, toMinor } from '../common/money.js';
import { Order } from '../orders/entities/order.entity.js';
import { formatTaxRate } from '../shared/document-totals.js';
import { PAYMENT_METHOD_LABELS } from '../shared/statuses.js';
import { CreditNote } from './entities/credit-note.entity.js';
import { Invoice } from './entities/invoice.entity.js';
import { creditNoteTotals, invoiceTotals } from './invoice-amounts.js';
import { loadFolders } from './invoice-folders.js';
import { paymentsPaidIn } from './invoice-payments.js';

export const EXPORT_HEADERS = [
  'Type',
  'Numéro',
  'Date',
  'Facture',
  'Commande',
  'Client',
  'Devise',
  'Taux TVA',
  'Montant HT',
  'TVA',
  'Montant TTC',
  'Moyen de paiement',
  'Référence',
] as const;

/** One row of the accountant's export: amounts as decimal strings (negative for credit notes). */
export type ExportRow = [string, string, string, string, string, string, string, string, string, string, string, string, string];

const day = (value: Date | string) => new Date(value).toISOString().slice(0, 10);
const neg = (minor: bigint, code: string) => fromMinor(-minor, code);

/**
 * The period's invoices and credit notes (one row per currency and tax rate: HT, TVA, TTC) and its
 * payments (one row each), oldest first within each kind.
 */
export async function exportRows(manager: EntityManager, from: Date, toExclusive: Date): Promise<ExportRow[]> {
  const period = Between(from, new Date(toExclusive.getTime() - 1));
  const rows: ExportRow[] = [];
  const invoices = await manager
    .getRepository(Invoice)
    .find({ where: { issued_at: period }, order: { issued_at: 'ASC', id: 'ASC' } });
  const notes = await manager
    .getRepository(CreditNote)
    .find({ where: { issued_at: period }, order: { issued_at: 'ASC', id: 'ASC' } });
  const payments = await paymentsPaidIn(manager, period);
  const invoiceIds = new Set([
    ...invoices.map((i) => i.id),
    ...notes.map((n) => n.invoice_id),
    ...payments.map((p) => p.invoice_id),
  ]);
  const allInvoices = invoiceIds.size ? await manager.getRepository(Invoice).findBy({ id: In([...invoiceIds]) }) : [];
  const folders = new Map((await loadFolders(manager, allInvoices)).map((f) => [f.invoice.id, f]));
  const orderIds = [...new Set(allInvoices.map((i) => i.order_id))];
  const orders = new Map(
    (orderIds.length ? await manager.getRepository(Order).findBy({ id: In(orderIds) }) : []).map((o) => [o.id, o]),
  );
  const head = (invoiceId: number) => {
    const invoice = folders.get(invoiceId)!.invoice;
    const order = orders.get(invoice.order_id)!;
    return { invoice, order };
  };
  for (const invoice of invoices) {
    const folder = folders.get(invoice.id)!;
    const { order } = head(invoice.id);
    for (const c of invoiceTotals(invoice, folder.lines).currencies)
      for (const t of c.taxes)
        rows.push([
          'Facture',
          invoice.number,
          day(invoice.issued_at),
          invoice.number,
          order.order_num,
          order.company_name,
          c.currency,
          formatTaxRate(t.rateBp),
          fromMinor(t.base, c.currency),
          fromMinor(t.tax, c.currency),
          fromMinor(t.base + t.tax, c.currency),
          '',
          '',
        ]);
  }
  for (const note of notes) {
    const folder = folders.get(note.invoice_id)!;
    const { invoice, order } = head(note.invoice_id);
    const entry = folder.creditNotes.find((c) => c.note.id === note.id)!;
    for (const c of creditNoteTotals(invoice, folder.lines, note, entry.lines).currencies)
      for (const t of c.taxes)
        rows.push([
          'Avoir',
          note.number,
          day(note.issued_at),
          invoice.number,
          order.order_num,
          order.company_name,
          c.currency,
          formatTaxRate(t.rateBp),
          neg(t.base, c.currency),
          neg(t.tax, c.currency),
          neg(t.base + t.tax, c.currency),
          '',
          note.reason,
        ]);
  }
  for (const p of payments) {
    const { invoice, order } = head(p.invoice_id);
    const amount = fromMinor(toMinor(p.amount, p.currency_code), p.currency_code);
    rows.push([
      'Paiement',
      '',
      day(p.paid_at),
      invoice.number,
      order.order_num,
      order.company_name,
      p.currency_code,
      '',
      '',
      '',
      amount,
      PAYMENT_METHOD_LABELS[p.method] ?? p.method,
      p.reference ?? '',
    ]);
  }
  return rows;
}

/** CSV for a French spreadsheet: `;` between fields, decimal comma, UTF-8 with BOM, streamed. */
export async function writeExportCsv(rows: ExportRow[], out: Writable): Promise<void> {
  const comma = (value: string) => (/^-?\d+\.\d+$/.test(value) ? value.replace('.', ',') : value);
  await pipeline(
    Readable.from(rows.map((row) => row.map((cell, i) => (i >= 8 && i <= 10 ? comma(cell) : cell)))),
    stringify({ delimiter: ';', bom: true, header: true, columns: [...EXPORT_HEADERS] }),
    out,
  );
}

/** The same rows as an Excel workbook, amounts as numbers, written as it goes. */
export async function writeExportXlsx(rows: ExportRow[], out: Writable, at: Date): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.created = at;
  const sheet = workbook.addWorksheet('Ventes et encaissements');
  sheet.columns = EXPORT_HEADERS.map((header, i) => ({
    header,
    width: i === 5 ? 30 : 16,
    style: i >= 8 && i <= 10 ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for (const row of rows) sheet.addRow(row.map((cell, i) => (i >= 8 && i <= 10 && cell !== '' ? Number(cell) : cell))).commit();
  sheet.commit();
  await workbook.commit();
}
