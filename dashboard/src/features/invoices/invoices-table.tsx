import type { InvoiceView, PaymentView } from '@comptoir/api/contract';
import { FileDown, FileMinus, Trash2, Wallet } from 'lucide-react';
import { formatDate } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { usePermissions } from '../auth/permissions';
import { creditNotePdfUrl, INVOICE_STATE_TONE, invoicePdfUrl } from './api';
import { invoiceMoney } from './invoice-money';
import { invoiceActions } from './use-order-invoices';

/** An order's invoices: number and date with its credit notes, due date, state and payments, TTC, balance, actions. */
export function InvoicesTable({
  invoices,
  onPay,
  onCredit,
  onRemovePayment,
}: {
  invoices: InvoiceView[];
  onPay: (invoice: InvoiceView) => void;
  onCredit: (invoice: InvoiceView) => void;
  onRemovePayment: (payment: PaymentView) => void;
}) {
  const { can } = usePermissions();
  return (
    <div className="overflow-x-auto rounded border border-line">
      <table className="w-full text-sm" data-testid="invoices-table">
        <thead className="bg-surface-muted text-left">
          <tr>
            <th className="px-1 py-0.5">Facture</th>
            <th className="px-1 py-0.5">Échéance</th>
            <th className="px-1 py-0.5">État</th>
            <th className="px-1 py-0.5 text-right">Total TTC</th>
            <th className="px-1 py-0.5 text-right">Solde dû</th>
            <th className="px-1 py-0.5">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => {
            const actions = invoiceActions(invoice, can);
            return (
              <tr key={invoice.id} className="border-t border-line align-top">
                <td className="whitespace-nowrap px-1 py-0.5 font-medium">
                  {invoice.number}
                  <span className="block text-xs text-ink-muted">{formatDate(invoice.issued_at)}</span>
                  {invoice.credit_notes.map((note) => (
                    <a
                      key={note.id}
                      className="block text-xs underline"
                      href={creditNotePdfUrl(note.id)}
                      target="_blank"
                      rel="noopener"
                    >
                      Avoir {note.number}
                    </a>
                  ))}
                </td>
                <td className="whitespace-nowrap px-1 py-0.5">{formatDate(`${invoice.due_date}T12:00:00Z`)}</td>
                <td className="px-1 py-0.5">
                  <Badge tone={INVOICE_STATE_TONE[invoice.state]}>{invoice.state_label}</Badge>
                  {invoice.payments.map((p) => (
                    <span key={p.id} className="flex items-center gap-0.5 text-xs text-ink-muted" data-testid="invoice-payment">
                      {formatDate(p.paid_at)} · {p.method_label} · {invoiceMoney(p.amount, p.currency_code)}
                      {actions.deletePayment && (
                        <Button
                          size="icon-sm"
                          variant="ghost"
                          aria-label={`Supprimer le paiement du ${formatDate(p.paid_at)} (${invoiceMoney(p.amount, p.currency_code)})`}
                          title="Supprimer"
                          onClick={() => onRemovePayment(p)}
                        >
                          <Trash2 className="size-2" aria-hidden="true" />
                        </Button>
                      )}
                    </span>
                  ))}
                </td>
                <td className="whitespace-nowrap px-1 py-0.5 text-right tabular-nums">
                  {invoice.currencies.map((c) => (
                    <span key={c.currency_code} className="block">
                      {invoiceMoney(c.ttc, c.currency_code)}
                    </span>
                  ))}
                </td>
                <td className="whitespace-nowrap px-1 py-0.5 text-right tabular-nums" data-testid="invoice-balance">
                  {invoice.currencies.map((c) => (
                    <span key={c.currency_code} className="block">
                      {invoiceMoney(c.balance, c.currency_code)}
                    </span>
                  ))}
                </td>
                <td className="px-1 py-0.5 text-right">
                  <div className="flex justify-end gap-0.5">
                    {actions.pay && (
                      <Button size="sm" variant="secondary" onClick={() => onPay(invoice)}>
                        <Wallet className="size-2" aria-hidden="true" />
                        Paiement
                      </Button>
                    )}
                    {actions.credit && (
                      <Button size="sm" variant="secondary" onClick={() => onCredit(invoice)}>
                        <FileMinus className="size-2" aria-hidden="true" />
                        Établir un avoir
                      </Button>
                    )}
                    <a
                      className={buttonClasses('secondary', 'sm')}
                      href={invoicePdfUrl(invoice.id)}
                      target="_blank"
                      rel="noopener"
                      aria-label={`PDF de la facture ${invoice.number}`}
                    >
                      <FileDown className="size-2" aria-hidden="true" />
                      PDF
                    </a>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
