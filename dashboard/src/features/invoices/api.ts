import type {
  CustomerAccountAnswer,
  InvoiceAnswer,
  InvoiceListAnswer,
  InvoiceState,
  OrderInvoicesAnswer,
  PaymentRecordedAnswer,
} from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { BadgeTone } from '../../ui/badge';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import {
  INVOICE_STATE_LABELS,
  INVOICE_STATES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS as PAYMENT_METHOD_VALUES,
} from '@comptoir/api/statuses';

/** The order's invoices, under its detail's key so that refreshing the order refreshes them too. */
export const orderInvoicesKey = (orderId: number) => [...queryKeys.orders.detail(orderId), 'invoices'] as const;
export const invoicesKey = ['invoices'] as const;

export function orderInvoicesQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: orderInvoicesKey(orderId),
    queryFn: ({ signal }) => api.get<OrderInvoicesAnswer>(`/api/order/${orderId}/invoices`, { signal }),
  });
}

/** The « Factures » list's page size when the URL gives none. */
export const INVOICES_PER_PAGE = 25;

/** GET /api/invoices: a page, sorted and filtered on the server (see api/src/invoices/invoice-list.ts). */
export interface InvoiceListParams {
  page: number;
  perPage: number;
  search?: string;
  sort?: string;
  direction?: 'asc' | 'desc';
  state?: InvoiceState;
  currency?: string;
  from?: string;
  to?: string;
  customerId?: number;
}

export function invoicesQueryOptions({ perPage, customerId, ...params }: InvoiceListParams) {
  return queryOptions({
    queryKey: [...invoicesKey, 'list', { perPage, customerId, ...params }],
    queryFn: ({ signal }) =>
      api.get<InvoiceListAnswer>('/api/invoices', {
        signal,
        query: { ...params, per_page: perPage, customer_id: customerId },
      }),
    placeholderData: keepPreviousData,
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

export const PAYMENT_METHODS: { value: string; label: string }[] = PAYMENT_METHOD_VALUES.map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}));

export const INVOICE_STATE_TONE: Record<InvoiceState, BadgeTone> = {
  issued: 'info',
  partly_paid: 'warning',
  paid: 'success',
  overdue: 'danger',
  canceled_by_credit_note: 'neutral',
};

export const INVOICE_STATE_OPTIONS: { value: InvoiceState; label: string }[] = INVOICE_STATES.map((value) => ({
  value,
  label: INVOICE_STATE_LABELS[value],
}));

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
