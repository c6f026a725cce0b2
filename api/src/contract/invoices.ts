import type { Paginated } from './staff.js';

/** Invoices, credit notes and payments (api/src/invoices, api/src/payments). */
import type { InvoiceState } from '../shared/statuses.js';
export type { InvoiceState };

/** Amounts are decimal strings in the currency's unit ("125000", "1250.50"); `*_minor` integers in minor units. */
export interface InvoiceCurrencyView {
  currency_code: string;
  ht: string;
  taxes: { rate_bp: number; base: string; tax: string }[];
  tax: string;
  ttc: string;
  credited: string;
  paid: string;
  balance: string;
  balance_minor: number;
  ttc_in_words: string;
}

export interface InvoiceLineView {
  id: number;
  product_name: string;
  product_reference: string | null;
  quantity: number;
  credited_quantity: number;
  unit_price: string;
  currency_code: string;
  discount_bp: number;
  tax_rate_bp: number;
  ht: string;
}

export interface CreditNoteView {
  id: number;
  number: string;
  issued_at: string;
  full: boolean;
  reason: string;
  lines: { invoice_line_id: number; product_name: string; quantity: number }[];
  currencies: { currency_code: string; ht: string; tax: string; ttc: string }[];
  created_by_name: string | null;
}

export interface PaymentView {
  id: number;
  invoice_id: number;
  amount: string;
  amount_minor: number;
  currency_code: string;
  method: string;
  method_label: string;
  reference: string | null;
  paid_at: string;
  created_by_name: string | null;
  created_at: string;
}

export interface InvoiceSummaryView {
  id: number;
  number: string;
  order_id: number;
  order_num: string;
  company_name: string;
  issued_at: string;
  due_date: string;
  state: InvoiceState;
  state_label: string;
  currencies: InvoiceCurrencyView[];
}

export interface InvoiceView extends InvoiceSummaryView {
  company_email: string;
  payment_terms: string | null;
  note: string | null;
  delivery_fee: string;
  delivery_fee_currency: string;
  discount_bp: number;
  created_by_name: string | null;
  lines: InvoiceLineView[];
  credit_notes: CreditNoteView[];
  payments: PaymentView[];
}

/** A line the order can still invoice (from the accepted quote's lines, or the order's own). */
export interface InvoiceableLine {
  line_id: number;
  source: 'order_item' | 'quote_line';
  product_name: string;
  product_reference: string | null;
  ordered: number;
  /** Delivered so far, net of returns. */
  delivered: number;
  /** Delivered and not yet invoiced (net of credit notes): what « Livraisons non facturées » invoices. */
  delivered_uninvoiced: number;
  invoiced: number;
  remaining: number;
  unit_price: string;
  currency_code: string;
  discount_bp: number;
  tax_rate_bp: number;
}

export interface OrderInvoicesView {
  order_id: number;
  order_num: string;
  status: string;
  can_invoice: boolean;
  cannot_invoice_reason: string | null;
  lines: InvoiceableLine[];
  invoices: InvoiceView[];
}

export interface InvoiceAnswer {
  success: true;
  message: string;
  invoice: InvoiceView;
}

export interface InvoiceListAnswer {
  success: true;
  message: string;
  /** The page's invoices (the same as `page.data`). */
  invoices: InvoiceSummaryView[];
  page: Paginated<InvoiceSummaryView>;
}

export interface OrderInvoicesAnswer {
  success: true;
  message: string;
  invoices: OrderInvoicesView;
}

export interface PaymentRecordedAnswer {
  success: true;
  message: string;
  payment: PaymentView;
  invoice: InvoiceView;
}

/** An invoice as the client's page lists it (no staff names), with its credit notes and balance. */
export interface ClientInvoiceView {
  id: number;
  number: string;
  issued_at: string;
  due_date: string;
  state: InvoiceState;
  state_label: string;
  currencies: { currency_code: string; ttc: string; paid: string; balance: string }[];
  credit_notes: { id: number; number: string; issued_at: string }[];
}

/** GET /api/customer/{id}/account: a client's invoices, payments and balance due per currency. */
export interface CustomerAccountView {
  customer_id: number;
  invoices: InvoiceSummaryView[];
  payments: (PaymentView & { invoice_number: string; order_num: string })[];
  /** Per currency: invoiced TTC (less credit notes), paid, and the balance due (canceled invoices excluded). */
  balances: AccountBalance[];
}

/** Per currency: invoiced TTC (less credit notes), paid, and the balance due (canceled invoices excluded). */
export interface AccountBalance {
  currency_code: string;
  invoiced: string;
  paid: string;
  balance: string;
  balance_minor: number;
}

export interface CustomerAccountAnswer {
  success: true;
  message: string;
  account: CustomerAccountView;
}
