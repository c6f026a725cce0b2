import type {
  CustomerAccountAnswer,
  InvoiceAnswer,
  InvoiceListAnswer,
  InvoiceState,
  OrderInvoicesAnswer,
  PaymentRecordedAnswer,
} from '@comptoir/api/contract';
import { queryOptions } from '@tanstack/react-query';
import type { BadgeTone } from '../../ui/badge';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The order's invoices, under its detail's key so that refreshing the order refreshes them too. */
export const orderInvoicesKey = (orderId: number) => [...queryKeys.orders.detail(orderId), 'invoices'] as const;
export const invoicesKey = ['invoices'] as const;

export function orderInvoicesQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: orderInvoicesKey(orderId),
    queryFn: ({ signal }) => api.get<OrderInvoicesAnswer>(`/api/order/${orderId}/invoices`, { signal }),
  });
}

export interface InvoiceFilters {
  state?: InvoiceState;
  client?: string;
  from?: string;
  to?: string;
}

export function invoicesQueryOptions(filters: InvoiceFilters) {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v) as [string, string][]).toString();
  return queryOptions({
    queryKey: [...invoicesKey, filters],
    queryFn: ({ signal }) => api.get<InvoiceListAnswer>(`/api/invoices${query ? `?${query}` : ''}`, { signal }),
  });
}

/** POST /api/order/:id/invoices: everything that remains, or the given lines. */
export const issueInvoice = (orderId: number, lines?: { line_id: number; quantity: number }[]) =>
  api.post<InvoiceAnswer>(`/api/order/${orderId}/invoices`, lines ? { lines } : {});

export interface PaymentPayload {
  amount: number;
  currency: string;
  method: string;
  reference?: string;
  paid_at?: string;
}

export const recordPayment = (invoiceId: number, payload: PaymentPayload) =>
  api.post<PaymentRecordedAnswer>(`/api/invoices/${invoiceId}/payments`, payload);

export const invoicePdfUrl = (invoiceId: number) => `/api/invoices/${invoiceId}/pdf`;
export const creditNotePdfUrl = (noteId: number) => `/api/credit-notes/${noteId}/pdf`;
export const exportUrl = (format: 'csv' | 'xlsx', from?: string, to?: string) =>
  `/api/invoices/export?${new URLSearchParams({ format, ...(from ? { from } : {}), ...(to ? { to } : {}) }).toString()}`;

export const PAYMENT_METHODS: { value: string; label: string }[] = [
  { value: 'virement', label: 'Virement bancaire' },
  { value: 'especes', label: 'Espèces' },
  { value: 'cheque', label: 'Chèque' },
  { value: 'tmoney', label: 'T-Money' },
  { value: 'flooz', label: 'Flooz' },
  { value: 'carte', label: 'Carte bancaire' },
];

export const INVOICE_STATE_TONE: Record<InvoiceState, BadgeTone> = {
  issued: 'info',
  partly_paid: 'warning',
  paid: 'success',
  overdue: 'danger',
  canceled_by_credit_note: 'neutral',
};

export const INVOICE_STATE_OPTIONS: { value: InvoiceState; label: string }[] = [
  { value: 'issued', label: 'Émise' },
  { value: 'partly_paid', label: 'Partiellement payée' },
  { value: 'paid', label: 'Payée' },
  { value: 'overdue', label: 'En retard' },
  { value: 'canceled_by_credit_note', label: 'Annulée par avoir' },
];

/** Decimals of a currency's unit (XOF none, EUR and USD cents). */
export const currencyDecimals = (code: string) => (code === 'XOF' ? 0 : 2);

/** "50 000" (XOF) → 50000, "12,5" (EUR) → 1250; null when not a positive amount of that currency. */
export function toMinorUnits(text: string, code: string): number | null {
  const clean = text.replace(/[\s\u202f\u00a0]/g, '').replace(',', '.');
  const decimals = currencyDecimals(code);
  const pattern = decimals ? /^\d{1,10}(?:\.\d{1,2})?$/ : /^\d{1,12}$/;
  if (!pattern.test(clean)) return null;
  const [units, fraction = ''] = clean.split('.');
  const minor = Number(units) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  return minor > 0 ? minor : null;
}

export interface CreditNotePayload {
  full: boolean;
  reason: string;
  lines?: { invoice_line_id: number; quantity: number }[];
}

/** POST /api/invoices/:id/credit-notes: a full credit note (cancels the invoice) or some lines. */
export const issueCreditNote = (invoiceId: number, payload: CreditNotePayload) =>
  api.post<InvoiceAnswer>(`/api/invoices/${invoiceId}/credit-notes`, payload);

/** DELETE /api/payments/:id: a payment entered by mistake. */
export const deletePayment = (paymentId: number) => api.delete<InvoiceAnswer>(`/api/payments/${paymentId}`);

/** GET /api/customer/:id/account: the client's invoices, payments and balance due per currency. */
export function customerAccountQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: [...invoicesKey, 'customer', customerId],
    queryFn: async ({ signal }) =>
      (await api.get<CustomerAccountAnswer>(`/api/customer/${customerId}/account`, { signal })).account,
  });
}
