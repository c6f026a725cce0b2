import type { Order } from '../orders/entities/order.entity.js';
import type { Payment } from '../payments/entities/payment.entity.js';
import { PAYMENT_METHOD_LABELS } from '../shared/statuses.js';
import { amountInWords } from '../shared/amount-in-words.js';
import { toMinor } from '../common/money.js';
import {
  balances,
  creditedByLine,
  creditNoteTotals,
  INVOICE_STATE_LABELS,
  invoiceTotals,
  money,
  shownState,
  type InvoiceFolder,
} from './invoice-amounts.js';
import type { InvoiceSummaryView, InvoiceView, PaymentView } from '../contract/invoices.js';

const iso = (value: Date | string) => new Date(value).toISOString();

export function paymentView(p: Payment): PaymentView {
  return {
    id: p.id,
    invoice_id: p.invoice_id,
    amount: money(toMinor(p.amount, p.currency_code), p.currency_code),
    amount_minor: Number(toMinor(p.amount, p.currency_code)),
    currency_code: p.currency_code,
    method: p.method,
    method_label: PAYMENT_METHOD_LABELS[p.method] ?? p.method,
    reference: p.reference,
    paid_at: iso(p.paid_at),
    created_by_name: p.created_by_name,
    created_at: iso(p.created_at),
  };
}

export type OrderHead = Pick<Order, 'id' | 'order_num' | 'company_name' | 'company_email'>;

export function invoiceSummary(folder: InvoiceFolder, order: OrderHead, now = new Date()): InvoiceSummaryView {
  const { invoice } = folder;
  const state = shownState(invoice, now);
  return {
    id: invoice.id,
    number: invoice.number,
    order_id: order.id,
    order_num: order.order_num,
    company_name: order.company_name,
    issued_at: iso(invoice.issued_at),
    due_date: invoice.due_date,
    state,
    state_label: INVOICE_STATE_LABELS[state],
    currencies: balances(folder).map((b) => ({
      currency_code: b.currency,
      ht: money(b.totals.ht, b.currency),
      taxes: b.totals.taxes.map((t) => ({ rate_bp: t.rateBp, base: money(t.base, b.currency), tax: money(t.tax, b.currency) })),
      tax: money(b.totals.tax, b.currency),
      ttc: money(b.totals.ttc, b.currency),
      credited: money(b.credited, b.currency),
      paid: money(b.paid, b.currency),
      balance: money(b.balance, b.currency),
      balance_minor: Number(b.balance),
      ttc_in_words: amountInWords(b.totals.ttc, b.currency),
    })),
  };
}

export function invoiceView(folder: InvoiceFolder, order: OrderHead, now = new Date()): InvoiceView {
  const { invoice } = folder;
  const totals = invoiceTotals(invoice, folder.lines);
  const credited = creditedByLine(folder);
  const names = new Map(folder.lines.map((l) => [l.id, l.product_name]));
  return {
    ...invoiceSummary(folder, order, now),
    company_email: order.company_email,
    payment_terms: invoice.payment_terms,
    note: invoice.note,
    delivery_fee: money(toMinor(invoice.delivery_fee, invoice.delivery_fee_currency), invoice.delivery_fee_currency),
    delivery_fee_currency: invoice.delivery_fee_currency,
    discount_bp: invoice.discount_bp,
    created_by_name: invoice.created_by_name,
    lines: folder.lines.map((line, index) => ({
      id: line.id,
      product_name: line.product_name,
      product_reference: line.product_reference,
      quantity: line.quantity,
      credited_quantity: credited.get(line.id) ?? 0,
      unit_price: money(toMinor(line.unit_price, line.currency_code), line.currency_code),
      currency_code: line.currency_code,
      discount_bp: line.discount_bp,
      tax_rate_bp: line.tax_rate_bp,
      ht: money(totals.lines[index]!.ht, line.currency_code),
    })),
    credit_notes: folder.creditNotes.map(({ note, lines }) => ({
      id: note.id,
      number: note.number,
      issued_at: iso(note.issued_at),
      full: note.full,
      reason: note.reason,
      lines: lines.map((l) => ({
        invoice_line_id: l.invoice_line_id,
        product_name: names.get(l.invoice_line_id) ?? '',
        quantity: l.quantity,
      })),
      currencies: creditNoteTotals(invoice, folder.lines, note, lines).currencies.map((c) => ({
        currency_code: c.currency,
        ht: money(c.ht, c.currency),
        tax: money(c.tax, c.currency),
        ttc: money(c.ttc, c.currency),
      })),
      created_by_name: note.created_by_name,
    })),
    payments: folder.payments.map(paymentView),
  };
}
