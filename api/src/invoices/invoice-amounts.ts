import { fromMinor, toMinor } from '../common/money.js';
import { amountInWords } from '../shared/amount-in-words.js';
import { documentTotals, type CurrencyTotals, type DocumentTotals } from '../shared/document-totals.js';
import type { Payment } from '../payments/entities/payment.entity.js';
import type { CreditNoteLine } from './entities/credit-note-line.entity.js';
import type { CreditNote } from './entities/credit-note.entity.js';
import type { InvoiceLine } from './entities/invoice-line.entity.js';
import type { Invoice, InvoiceState, InvoiceStoredState } from './entities/invoice.entity.js';

/** Everything an invoice's amounts depend on, loaded together. */
export interface InvoiceFolder {
  invoice: Invoice;
  lines: InvoiceLine[];
  creditNotes: { note: CreditNote; lines: CreditNoteLine[] }[];
  payments: Payment[];
}

type Priced = Pick<InvoiceLine, 'quantity' | 'unit_price' | 'currency_code' | 'discount_bp' | 'tax_rate_bp'>;
type Terms = Pick<Invoice, 'discount_bp' | 'delivery_fee_currency' | 'delivery_fee_tax_rate_bp' | 'prices_include_tax'>;

/** The totals of priced lines under an invoice's terms (the one function: shared/document-totals.ts). */
export function linesTotals(terms: Terms, lines: readonly Priced[], deliveryFee: string): DocumentTotals {
  return documentTotals({
    lines: lines.map((line) => ({
      quantity: line.quantity,
      unitPrice: toMinor(line.unit_price, line.currency_code),
      currency: line.currency_code,
      discountBp: line.discount_bp,
      taxRateBp: line.tax_rate_bp,
    })),
    overallDiscountBp: terms.discount_bp,
    deliveryFee: {
      amount: toMinor(deliveryFee, terms.delivery_fee_currency),
      currency: terms.delivery_fee_currency,
      taxRateBp: terms.delivery_fee_tax_rate_bp,
    },
    pricesIncludeTax: terms.prices_include_tax,
  });
}

export const invoiceTotals = (invoice: Invoice, lines: readonly InvoiceLine[]) =>
  linesTotals(invoice, lines, invoice.delivery_fee);

/** A credit note's lines priced as the invoice's lines they credit. */
export function creditNoteTotals(
  invoice: Invoice,
  invoiceLines: readonly InvoiceLine[],
  note: CreditNote,
  lines: readonly CreditNoteLine[],
) {
  const byId = new Map(invoiceLines.map((line) => [line.id, line]));
  const priced = lines.map((line) => ({ ...byId.get(line.invoice_line_id)!, quantity: line.quantity }));
  return linesTotals(invoice, priced, note.delivery_fee);
}

export interface CurrencyBalance {
  currency: string;
  totals: CurrencyTotals;
  credited: bigint;
  paid: bigint;
  /** TTC − credited − paid (negative: owed back to the client). */
  balance: bigint;
}

/** What payments add up to per currency (upper-case code), in minor units. */
export function paidByCurrency(payments: readonly Pick<Payment, 'amount' | 'currency_code'>[]): Map<string, bigint> {
  const paid = new Map<string, bigint>();
  for (const p of payments) {
    const code = p.currency_code.toUpperCase();
    paid.set(code, (paid.get(code) ?? 0n) + toMinor(p.amount, code));
  }
  return paid;
}

export function balances(folder: InvoiceFolder): CurrencyBalance[] {
  const totals = invoiceTotals(folder.invoice, folder.lines);
  const credited = new Map<string, bigint>();
  for (const { note, lines } of folder.creditNotes) {
    for (const c of creditNoteTotals(folder.invoice, folder.lines, note, lines).currencies)
      credited.set(c.currency, (credited.get(c.currency) ?? 0n) + c.ttc);
  }
  const paid = paidByCurrency(folder.payments);
  return totals.currencies.map((c) => {
    const cr = credited.get(c.currency) ?? 0n;
    const pd = paid.get(c.currency) ?? 0n;
    return { currency: c.currency, totals: c, credited: cr, paid: pd, balance: c.ttc - cr - pd };
  });
}

/** Units of each invoice line already credited. */
export function creditedByLine(folder: Pick<InvoiceFolder, 'creditNotes'>): Map<number, number> {
  const out = new Map<number, number>();
  for (const { lines } of folder.creditNotes)
    for (const line of lines) out.set(line.invoice_line_id, (out.get(line.invoice_line_id) ?? 0) + line.quantity);
  return out;
}

/** The state kept in the row once payments or credit notes change. */
export function storedState(folder: InvoiceFolder, canceled: boolean): InvoiceStoredState {
  if (canceled) return 'canceled_by_credit_note';
  const all = balances(folder);
  if (all.every((b) => b.balance <= 0n)) return 'paid';
  if (all.some((b) => b.paid > 0n)) return 'partly_paid';
  return 'issued';
}

/** Today in Lomé (UTC), AAAA-MM-JJ. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);

/** The state a person reads: `overdue` once the due date has passed with a balance left. */
export function shownState(invoice: Pick<Invoice, 'state' | 'due_date'>, now = new Date()): InvoiceState {
  if ((invoice.state === 'issued' || invoice.state === 'partly_paid') && invoice.due_date < today(now)) return 'overdue';
  return invoice.state;
}

export { INVOICE_STATE_LABELS } from '../shared/statuses.js';

export const money = (minor: bigint, code: string) => fromMinor(minor, code);

/** « Arrêtée la présente facture à la somme de : … » (and « le présent avoir »). */
export function arreteeSentence(kind: 'facture' | 'avoir', amounts: readonly { minor: bigint; currency: string }[]): string {
  const parts = amounts.map((a) => amountInWords(a.minor < 0n ? -a.minor : a.minor, a.currency));
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} et ${parts.at(-1)}` : (parts[0] ?? '');
  return kind === 'facture'
    ? `Arrêtée la présente facture à la somme de : ${list}.`
    : `Arrêté le présent avoir à la somme de : ${list}.`;
}
