import type { InvoiceAnswer, InvoiceView, OrderInvoicesView, PaymentView, StaffOrderDetail } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, FileMinus, Receipt, Trash2, Wallet } from 'lucide-react';
import { useState } from 'react';
import { api, isApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { FormAlert } from '../../ui/field';
import { notifyError, notifySuccess } from '../../ui/notify';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import {
  creditNotePdfUrl,
  deletePayment,
  INVOICE_STATE_TONE,
  invoicePdfUrl,
  invoicesKey,
  issueInvoice,
  orderInvoicesQueryOptions,
  PAYMENT_METHODS,
  recordPayment,
  toMinorUnits,
} from './api';
import { canCredit, CreditNoteDialog } from './credit-note-dialog';
import { invoiceMoney } from './invoice-money';

/** « Enregistrer un paiement »: amount in the invoice's currency, method, reference and date. */
function PaymentDialog({ invoice, onClose }: { invoice: InvoiceView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const open = invoice.currencies.filter((c) => c.balance_minor > 0);
  const [currency, setCurrency] = useState(open[0]?.currency_code ?? invoice.currencies[0]!.currency_code);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('virement');
  const [reference, setReference] = useState('');
  const [paidAt, setPaidAt] = useState(() => new Date().toISOString().slice(0, 10));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const due = invoice.currencies.find((c) => c.currency_code === currency)!;
  const minor = toMinorUnits(amount, currency);
  const problem =
    amount.trim() === '' ? null : minor === null ? 'Montant invalide' : minor > due.balance_minor ? 'Au plus le solde dû' : null;

  async function save() {
    if (minor === null) return;
    setSaving(true);
    setError(null);
    try {
      const answer = await recordPayment(invoice.id, {
        amount: minor,
        currency,
        method,
        ...(reference.trim() ? { reference: reference.trim() } : {}),
        paid_at: paidAt,
      });
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      await queryClient.invalidateQueries({ queryKey: invoicesKey });
      onClose();
    } catch (e) {
      setError(isApiError(e) ? e.message : 'L’enregistrement a échoué. Réessayez.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Paiement de la facture ${invoice.number}`}
      description={`Solde dû : ${invoiceMoney(due.balance, currency)}`}
      busy={saving}
      footer={
        <div className="flex justify-end gap-1">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Annuler
          </Button>
          <Button onClick={() => void save()} disabled={saving || minor === null || problem !== null}>
            Enregistrer le paiement
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-1.5 text-sm">
        {error && <FormAlert>{error}</FormAlert>}
        {invoice.currencies.length > 1 && (
          <label className="flex flex-col">
            Devise
            <select className="rounded border border-line px-0.5" value={currency} onChange={(e) => setCurrency(e.target.value)}>
              {invoice.currencies.map((c) => (
                <option key={c.currency_code} value={c.currency_code}>
                  {c.currency_code}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex flex-col">
          Montant ({currency})
          <input
            className="rounded border border-line px-0.5 tabular-nums"
            inputMode="decimal"
            value={amount}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
          {problem && <span className="text-xs text-danger">{problem}</span>}
        </label>
        <label className="flex flex-col">
          Moyen de paiement
          <select className="rounded border border-line px-0.5" value={method} onChange={(e) => setMethod(e.target.value)}>
            {PAYMENT_METHODS.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          Référence (n° de chèque, de virement, de transaction)
          <input
            className="rounded border border-line px-0.5"
            value={reference}
            maxLength={255}
            onChange={(e) => setReference(e.target.value)}
          />
        </label>
        <label className="flex flex-col">
          Date du paiement
          <input
            type="date"
            className="rounded border border-line px-0.5"
            value={paidAt}
            onChange={(e) => setPaidAt(e.target.value)}
          />
        </label>
      </div>
    </Dialog>
  );
}

const remainingText = (data: OrderInvoicesView) =>
  data.lines
    .filter((l) => l.remaining > 0)
    .map((l) => `${l.product_name} × ${l.remaining}`)
    .join(', ');

/** What « Livraisons non facturées » would invoice: per line, delivered (returns deducted) and not yet invoiced. */
const deliveredText = (data: OrderInvoicesView) =>
  data.lines
    .filter((l) => l.delivered_uninvoiced > 0)
    .map((l) => `${l.product_name} × ${l.delivered_uninvoiced}`)
    .join(', ');

/** Where the new invoice's quantities come from: all that remains ordered, or the deliveries not yet invoiced. */
type InvoiceSource = 'remaining' | 'deliveries';

/** « Factures » in the order detail: the invoices (number, state, TTC, balance, PDFs, payments) and what remains to invoice. */
export function OrderInvoices({ order }: { order: StaffOrderDetail }) {
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const query = useQuery({ ...orderInvoicesQueryOptions(order.id), enabled: can('invoices', 'view') });
  const [confirming, setConfirming] = useState(false);
  const [source, setSource] = useState<InvoiceSource>('remaining');
  const [issuing, setIssuing] = useState(false);
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  const [crediting, setCrediting] = useState<InvoiceView | null>(null);
  const [removing, setRemoving] = useState<PaymentView | null>(null);
  const [deleting, setDeleting] = useState(false);
  if (!can('invoices', 'view')) return null;
  const data = query.data?.invoices;

  async function issue() {
    setIssuing(true);
    try {
      const answer =
        source === 'deliveries'
          ? await api.post<InvoiceAnswer>(`/api/order/${order.id}/invoices`, { from: 'deliveries' })
          : await issueInvoice(order.id);
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      await queryClient.invalidateQueries({ queryKey: invoicesKey });
    } catch (e) {
      notifyError(isApiError(e) ? e.message : 'La facture n’a pas pu être émise.');
    } finally {
      setIssuing(false);
      setConfirming(false);
    }
  }

  async function removePayment(payment: PaymentView) {
    setDeleting(true);
    try {
      const answer = await deletePayment(payment.id);
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      await queryClient.invalidateQueries({ queryKey: invoicesKey });
    } catch (e) {
      notifyError(isApiError(e) ? e.message : 'Le paiement n’a pas pu être supprimé.');
    } finally {
      setDeleting(false);
      setRemoving(null);
    }
  }

  return (
    <section className="flex flex-col gap-1" aria-labelledby="order-invoices-title" data-testid="order-invoices">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h3 id="order-invoices-title" className="font-semibold">
          Factures
        </h3>
        {data && can('invoices', 'create') && data.can_invoice && (
          <Button size="sm" onClick={() => setConfirming(true)}>
            <Receipt className="size-2" aria-hidden="true" />
            Émettre une facture
          </Button>
        )}
      </div>
      {query.isPending && <Spinner />}
      {query.isError && <FormAlert>Les factures n’ont pas pu être chargées.</FormAlert>}
      {data && (
        <>
          <p className="text-sm text-ink-muted" data-testid="invoices-remaining">
            {data.can_invoice ? `Reste à facturer : ${remainingText(data)}.` : (data.cannot_invoice_reason ?? '')}
          </p>
          {can('invoices', 'create') && data.can_invoice && (
            <fieldset className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm" data-testid="invoice-source">
              <legend className="sr-only">Facturer</legend>
              <label className="flex items-center gap-0.5">
                <input
                  type="radio"
                  name={`invoice-source-${order.id}`}
                  checked={source === 'remaining'}
                  onChange={() => setSource('remaining')}
                />
                Tout ce qui reste à facturer
              </label>
              <label className="flex items-center gap-0.5">
                <input
                  type="radio"
                  name={`invoice-source-${order.id}`}
                  checked={source === 'deliveries'}
                  disabled={!data.lines.some((l) => l.delivered_uninvoiced > 0)}
                  onChange={() => setSource('deliveries')}
                />
                Livraisons non facturées
                {data.lines.some((l) => l.delivered_uninvoiced > 0) ? ` (${deliveredText(data)})` : ' (aucune)'}
              </label>
            </fieldset>
          )}
          {data.invoices.length === 0 ? (
            <p className="text-sm text-ink-muted">Aucune facture pour le moment.</p>
          ) : (
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
                  {data.invoices.map((invoice) => (
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
                          <span
                            key={p.id}
                            className="flex items-center gap-0.5 text-xs text-ink-muted"
                            data-testid="invoice-payment"
                          >
                            {formatDate(p.paid_at)} · {p.method_label} · {invoiceMoney(p.amount, p.currency_code)}
                            {can('payments', 'delete') && (
                              <Button
                                size="icon-sm"
                                variant="ghost"
                                aria-label={`Supprimer le paiement du ${formatDate(p.paid_at)} (${invoiceMoney(p.amount, p.currency_code)})`}
                                title="Supprimer"
                                onClick={() => setRemoving(p)}
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
                          {can('payments', 'create') &&
                            invoice.state !== 'canceled_by_credit_note' &&
                            invoice.currencies.some((c) => c.balance_minor > 0) && (
                              <Button size="sm" variant="secondary" onClick={() => setPaying(invoice)}>
                                <Wallet className="size-2" aria-hidden="true" />
                                Paiement
                              </Button>
                            )}
                          {can('invoices', 'delete') && canCredit(invoice) && (
                            <Button size="sm" variant="secondary" onClick={() => setCrediting(invoice)}>
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
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
      {data && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          tone="primary"
          title="Émettre une facture ?"
          confirmLabel="Émettre la facture"
          pending={issuing}
          message={
            source === 'deliveries'
              ? `Une facture numérotée sera émise pour les quantités livrées et pas encore facturées : ${deliveredText(data)}. Une facture émise ne se modifie plus : une erreur se corrige par un avoir.`
              : `Une facture numérotée sera émise pour : ${remainingText(data)}. Une facture émise ne se modifie plus : une erreur se corrige par un avoir.`
          }
          onConfirm={() => issue()}
        />
      )}
      {paying && <PaymentDialog invoice={paying} onClose={() => setPaying(null)} />}
      {crediting && <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Supprimer ce paiement ?"
        confirmLabel="Supprimer le paiement"
        pending={deleting}
        message={
          removing
            ? `Le paiement de ${invoiceMoney(removing.amount, removing.currency_code)} (${removing.method_label}, ${formatDate(removing.paid_at)}) sera supprimé et le solde dû de la facture augmentera d’autant. La suppression est journalisée.`
            : ''
        }
        onConfirm={() => (removing ? removePayment(removing) : undefined)}
      />
    </section>
  );
}
