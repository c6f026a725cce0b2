import type { ClientOrdersAnswer } from '@comptoir/api/contract';
import { dateFr, money } from './client-token';

type ListedOrder = ClientOrdersAnswer['orders'][number];
export type ClientDelivery = ListedOrder['deliveries'][number];
export type ClientInvoice = ListedOrder['invoices'][number];

/**
 * How much an order's documents say: `summary` under an order of « Mes commandes » (what remains to
 * pay), `full` on the order's own page (the lines delivered, the TTC and the due date).
 */
export type DocumentsDetail = 'summary' | 'full';

/** "Bon de livraison BL-2026-00001 du 3 mars 2026", or on the order's page "Livraison … : Vis × 2, Écrou × 1". */
export function deliveryText(delivery: ClientDelivery, detail: DocumentsDetail): string {
  const date = dateFr(delivery.delivered_at);
  if (detail === 'summary') return `${delivery.kind === 'return' ? 'Retour' : 'Bon de livraison'} ${delivery.number} du ${date}`;
  const lines = delivery.lines.map((line) => `${line.product_name} × ${Math.abs(line.quantity)}`).join(', ');
  return `${delivery.kind === 'return' ? 'Retour' : 'Livraison'} ${delivery.number} du ${date} : ${lines}`;
}

/** "Facture … du … (Émise) : reste à payer …", with the TTC and the due date (while unpaid) on the order's page. */
export function invoiceText(invoice: ClientInvoice, detail: DocumentsDetail): string {
  const amounts = invoice.currencies
    .map((c) =>
      detail === 'summary'
        ? `reste à payer ${money(c.balance, c.currency_code)}`
        : `${money(c.ttc, c.currency_code)}, reste à payer ${money(c.balance, c.currency_code)}`,
    )
    .join(' ; ');
  const open = invoice.state !== 'paid' && invoice.state !== 'canceled_by_credit_note';
  const due = detail === 'full' && open ? `, échéance le ${dateFr(`${invoice.due_date}T12:00:00Z`)}` : '';
  return `Facture ${invoice.number} du ${dateFr(invoice.issued_at)} (${invoice.state_label}) : ${amounts}${due}`;
}

/** A document's PDF button: the form field naming it, its id, its text and (when the text is short) its accessible name. */
export interface PdfDocument {
  field: 'delivery_id' | 'invoice_id' | 'credit_note_id';
  id: number;
  text: string;
  label?: string;
}

/** The invoice's PDF then its credit notes' ("PDF" under « Mes commandes », « Avoir AV-… » on the order's page). */
export function invoicePdfs(invoice: ClientInvoice, detail: DocumentsDetail): PdfDocument[] {
  return [
    { field: 'invoice_id', id: invoice.id, text: 'PDF', label: `PDF de la facture ${invoice.number}` },
    ...invoice.credit_notes.map((n): PdfDocument =>
      detail === 'summary'
        ? { field: 'credit_note_id', id: n.id, text: 'PDF', label: `PDF de l’avoir ${n.number}` }
        : { field: 'credit_note_id', id: n.id, text: `Avoir ${n.number}` },
    ),
  ];
}

export const deliveryPdf = (delivery: ClientDelivery): PdfDocument => ({
  field: 'delivery_id',
  id: delivery.id,
  text: 'PDF',
  label: `PDF du bon ${delivery.number}`,
});
