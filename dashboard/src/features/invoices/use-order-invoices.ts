import type { InvoiceAnswer, InvoiceView, OrderInvoicesView, PaymentView } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { notifyError, notifySuccess } from '../../ui/notify';
import { deletePayment, invoicesKey, issueInvoice, orderInvoicesQueryOptions } from './api';
import { canCredit } from './credit-note-dialog';

/** Where the new invoice's quantities come from: all that remains ordered, or the deliveries not yet invoiced. */
export type InvoiceSource = 'remaining' | 'deliveries';

/** What « Tout ce qui reste à facturer » would invoice: per line, ordered and not yet invoiced. */
export const remainingText = (data: OrderInvoicesView) =>
  data.lines
    .filter((l) => l.remaining > 0)
    .map((l) => `${l.product_name} × ${l.remaining}`)
    .join(', ');

/** What « Livraisons non facturées » would invoice: per line, delivered (returns deducted) and not yet invoiced. */
export const deliveredText = (data: OrderInvoicesView) =>
  data.lines
    .filter((l) => l.delivered_uninvoiced > 0)
    .map((l) => `${l.product_name} × ${l.delivered_uninvoiced}`)
    .join(', ');

type Can = (category: 'payments' | 'invoices', right: 'create' | 'delete') => boolean;

/**
 * An invoice's actions: « Paiement » while a currency has a balance due and no credit note cancelled it,
 * « Établir un avoir » where a credit note may still be made; each to who holds the right.
 */
export const invoiceActions = (invoice: InvoiceView, can: Can) => ({
  pay:
    can('payments', 'create') &&
    invoice.state !== 'canceled_by_credit_note' &&
    invoice.currencies.some((c) => c.balance_minor > 0),
  credit: can('invoices', 'delete') && canCredit(invoice),
  deletePayment: can('payments', 'delete'),
});

/** An order's invoices as loaded, issuing the next one (from what remains or from the deliveries), removing a payment. */
export function useOrderInvoices(orderId: number, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...orderInvoicesQueryOptions(orderId), enabled });
  const [source, setSource] = useState<InvoiceSource>('remaining');
  const [issuing, setIssuing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    await queryClient.invalidateQueries({ queryKey: invoicesKey });
  };

  /** Resolves once done, whatever the outcome (the confirmation then closes). */
  async function issue() {
    setIssuing(true);
    try {
      const answer =
        source === 'deliveries'
          ? await api.post<InvoiceAnswer>(`/api/order/${orderId}/invoices`, { from: 'deliveries' })
          : await issueInvoice(orderId);
      notifySuccess(answer.message);
      await refresh();
    } catch (e) {
      notifyError(isApiError(e) ? e.message : 'La facture n’a pas pu être émise.');
    } finally {
      setIssuing(false);
    }
  }

  async function removePayment(payment: PaymentView) {
    setDeleting(true);
    try {
      const answer = await deletePayment(payment.id);
      notifySuccess(answer.message);
      await refresh();
    } catch (e) {
      notifyError(isApiError(e) ? e.message : 'Le paiement n’a pas pu être supprimé.');
    } finally {
      setDeleting(false);
    }
  }

  return { query, source, setSource, issuing, issue, deleting, removePayment };
}
