import { CURRENCY_SYMBOLS, formatMoney, fromMinor, toMinor } from '../common/money.js';
import type { AppConfig } from '../core/config/config.js';
import type { DocumentPdfModel } from '../documents/pdf/document-pdf.js';
import type { Order } from '../orders/entities/order.entity.js';
import { formatNumericDate } from '../shared/dates.js';
import { PAYMENT_METHOD_LABELS } from '../shared/statuses.js';
import { formatTaxRate, type DocumentTotals } from '../shared/document-totals.js';
import {
  arreteeSentence,
  balances,
  creditNoteTotals,
  INVOICE_STATE_LABELS,
  invoiceTotals,
  shownState,
  type InvoiceFolder,
} from './invoice-amounts.js';
import type { InvoiceLine } from './entities/invoice-line.entity.js';

const money = (minor: bigint, code: string) => formatMoney(fromMinor(minor, code), code, CURRENCY_SYMBOLS[code] ?? code);
const unit = (amount: string, code: string) => money(toMinor(amount, code), code);

type Config = Pick<AppConfig, 'company'>;

function company(config: Config): DocumentPdfModel['company'] {
  const c = config.company;
  return {
    name: c.name,
    lines: [c.address, [c.phones.join(' · '), c.email].filter(Boolean).join(' · ')].filter(Boolean),
    legalIds: c.legalIds,
    ...(c.bankDetails.length ? { bank: c.bankDetails } : {}),
    ...(c.logoPath ? { logoPath: c.logoPath } : {}),
  };
}

function parties(order: Order): DocumentPdfModel['parties'] {
  return [
    {
      title: 'Client',
      rows: [
        ['Société', order.company_name],
        ['Représentant', order.representative_name],
        ['Téléphone', order.representative_phone || order.company_phone],
        ['E-mail', order.company_email],
      ],
    },
    { title: 'Adresse de livraison', rows: [['', order.delivery_address || 'Non précisée']] },
  ];
}

const COLUMNS: DocumentPdfModel['columns'] = [
  { key: 'reference', label: 'Référence', width: 1.2 },
  { key: 'designation', label: 'Désignation', width: 3 },
  { key: 'quantity', label: 'Qté', align: 'right', nowrap: true, width: 0.6 },
  { key: 'unitPrice', label: 'P.U. HT', align: 'right', nowrap: true, width: 1.3 },
  { key: 'tax', label: 'TVA', align: 'right', nowrap: true, width: 0.7 },
  { key: 'total', label: 'Montant HT', align: 'right', nowrap: true, width: 1.4 },
];

function rows(
  lines: readonly Pick<
    InvoiceLine,
    'product_reference' | 'product_name' | 'discount_bp' | 'unit_price' | 'currency_code' | 'tax_rate_bp'
  >[],
  quantities: number[],
  totals: DocumentTotals,
) {
  return lines.map((line, index) => ({
    reference: line.product_reference ?? '—',
    designation: line.discount_bp ? `${line.product_name} (remise ${formatTaxRate(line.discount_bp)})` : line.product_name,
    quantity: String(quantities[index]),
    unitPrice: unit(line.unit_price, line.currency_code),
    tax: formatTaxRate(line.tax_rate_bp),
    total: money(totals.lines[index]!.ht, line.currency_code),
  }));
}

function totalRows(totals: DocumentTotals, discountBp: number): [string, string][] {
  const out: [string, string][] = [];
  for (const c of totals.currencies) {
    const suffix = totals.currencies.length > 1 ? ` (${c.currency})` : '';
    if (c.discount > 0n) out.push([`Remise globale ${formatTaxRate(discountBp)}${suffix}`, `− ${money(c.discount, c.currency)}`]);
    if (c.delivery > 0n) out.push([`Livraison HT${suffix}`, money(c.delivery, c.currency)]);
    out.push([`Total HT${suffix}`, money(c.ht, c.currency)]);
    for (const t of c.taxes)
      out.push([t.rateBp ? `TVA ${formatTaxRate(t.rateBp)}${suffix}` : `Exonéré de TVA${suffix}`, money(t.tax, c.currency)]);
    out.push([`Total TTC${suffix}`, money(c.ttc, c.currency)]);
  }
  return out;
}

/**
 * The invoice as the client keeps it: lines with their own prices and rates, HT / TVA per rate / TTC
 * per currency, the amount in words, due date, what is paid and the balance, legal identifiers and
 * bank details from configuration.
 */
export function invoicePdfModel(order: Order, folder: InvoiceFolder, config: Config, now = new Date()): DocumentPdfModel {
  const { invoice } = folder;
  const totals = invoiceTotals(invoice, folder.lines);
  const state = shownState(invoice, now);
  const meta: [string, string][] = [
    ['Date', formatNumericDate(invoice.issued_at)],
    ['Échéance', formatNumericDate(invoice.due_date)],
    ['Commande n°', order.order_num],
  ];
  if (order.client_reference) meta.push(['Réf. client', order.client_reference]);
  meta.push(['État', INVOICE_STATE_LABELS[state]]);
  const rowsOut = totalRows(totals, invoice.discount_bp);
  for (const b of balances(folder)) {
    const suffix = totals.currencies.length > 1 ? ` (${b.currency})` : '';
    if (b.credited > 0n) rowsOut.push([`Avoirs${suffix}`, `− ${money(b.credited, b.currency)}`]);
    if (b.paid > 0n) rowsOut.push([`Déjà payé${suffix}`, `− ${money(b.paid, b.currency)}`]);
    rowsOut.push([`Solde dû${suffix}`, money(b.balance, b.currency)]);
  }
  const payments = folder.payments.map(
    (p) =>
      `Paiement du ${formatNumericDate(p.paid_at)} : ${unit(p.amount, p.currency_code)} (${PAYMENT_METHOD_LABELS[p.method] ?? p.method}${p.reference ? `, réf. ${p.reference}` : ''}).`,
  );
  return {
    kind: 'facture',
    title: 'FACTURE',
    number: invoice.number,
    createdAt: new Date(invoice.issued_at).toISOString(),
    meta,
    company: company(config),
    parties: parties(order),
    columns: COLUMNS,
    lines: rows(
      folder.lines,
      folder.lines.map((l) => l.quantity),
      totals,
    ),
    totals: rowsOut,
    amountInWords: arreteeSentence(
      'facture',
      totals.currencies.map((c) => ({ minor: c.ttc, currency: c.currency })),
    ),
    notes: [
      ...(invoice.note ? [invoice.note] : []),
      `Conditions de paiement : ${invoice.payment_terms ?? 'à réception'} ; échéance le ${formatNumericDate(invoice.due_date)}.`,
      ...payments,
      'En cas de retard de paiement, des pénalités peuvent être appliquées. Pas d’escompte pour paiement anticipé.',
    ],
    notesTitle: 'CONDITIONS',
    footer: `${config.company.name} · ${config.company.address} · ${config.company.email}${config.company.legalIds.length ? ` · ${config.company.legalIds.join(' · ')}` : ''}. Facture ${invoice.number} de la commande ${order.order_num}.`,
  };
}

/** A credit note: the credited quantities at the invoice's prices, its reason and the invoice it corrects. */
export function creditNotePdfModel(order: Order, folder: InvoiceFolder, noteId: number, config: Config): DocumentPdfModel {
  const { invoice } = folder;
  const entry = folder.creditNotes.find((c) => c.note.id === noteId)!;
  const byId = new Map(folder.lines.map((l) => [l.id, l]));
  const lines = entry.lines.map((l) => byId.get(l.invoice_line_id)!);
  const totals = creditNoteTotals(invoice, folder.lines, entry.note, entry.lines);
  return {
    kind: 'avoir',
    title: 'AVOIR',
    number: entry.note.number,
    createdAt: new Date(entry.note.issued_at).toISOString(),
    meta: [
      ['Date', formatNumericDate(entry.note.issued_at)],
      ['Facture n°', invoice.number],
      ['Commande n°', order.order_num],
      ['Type', entry.note.full ? 'Avoir total (annule la facture)' : 'Avoir partiel'],
    ],
    company: company(config),
    parties: parties(order),
    columns: COLUMNS,
    lines: rows(
      lines,
      entry.lines.map((l) => l.quantity),
      totals,
    ),
    totals: totalRows(totals, invoice.discount_bp),
    amountInWords: arreteeSentence(
      'avoir',
      totals.currencies.map((c) => ({ minor: c.ttc, currency: c.currency })),
    ),
    notes: [`Motif : ${entry.note.reason}`, `Avoir sur la facture ${invoice.number} du ${formatNumericDate(invoice.issued_at)}.`],
    notesTitle: 'MOTIF',
    footer: `${config.company.name} · ${config.company.address} · ${config.company.email}. Avoir ${entry.note.number} sur la facture ${invoice.number}.`,
  };
}
