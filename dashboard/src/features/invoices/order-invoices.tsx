import type { InvoiceView, OrderInvoicesView, PaymentView, StaffOrderDetail } from '@comptoir/api/contract';
import { Receipt } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../lib/format';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormAlert } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import { CreditNoteDialog } from './credit-note-dialog';
import { invoiceMoney } from './invoice-money';
import { InvoicesTable } from './invoices-table';
import { PaymentDialog } from './payment-dialog';
import { deliveredText, remainingText, useOrderInvoices, type InvoiceSource } from './use-order-invoices';

/** « Facturer »: all that remains to invoice, or the deliveries not yet invoiced (offered only when there are some). */
function InvoiceSourceChoice({
  orderId,
  data,
  source,
  onChange,
}: {
  orderId: number;
  data: OrderInvoicesView;
  source: InvoiceSource;
  onChange: (source: InvoiceSource) => void;
}) {
  const delivered = data.lines.some((l) => l.delivered_uninvoiced > 0);
  return (
    <fieldset className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm" data-testid="invoice-source">
      <legend className="sr-only">Facturer</legend>
      <label className="flex items-center gap-0.5">
        <input
          type="radio"
          name={`invoice-source-${orderId}`}
          checked={source === 'remaining'}
          onChange={() => onChange('remaining')}
        />
        Tout ce qui reste à facturer
      </label>
      <label className="flex items-center gap-0.5">
        <input
          type="radio"
          name={`invoice-source-${orderId}`}
          checked={source === 'deliveries'}
          disabled={!delivered}
          onChange={() => onChange('deliveries')}
        />
        Livraisons non facturées
        {delivered ? ` (${deliveredText(data)})` : ' (aucune)'}
      </label>
    </fieldset>
  );
}

/** « Factures » in the order detail: the invoices (number, state, TTC, balance, PDFs, payments) and what remains to invoice. */
export function OrderInvoices({ order }: { order: StaffOrderDetail }) {
  const { can } = usePermissions();
  const { query, source, setSource, issuing, issue, deleting, removePayment } = useOrderInvoices(
    order.id,
    can('invoices', 'view'),
  );
  const [confirming, setConfirming] = useState(false);
  const [paying, setPaying] = useState<InvoiceView | null>(null);
  const [crediting, setCrediting] = useState<InvoiceView | null>(null);
  const [removing, setRemoving] = useState<PaymentView | null>(null);
  if (!can('invoices', 'view')) return null;
  const data = query.data?.invoices;
  const issuable = data && can('invoices', 'create') && data.can_invoice;

  return (
    <section className="flex flex-col gap-1" aria-labelledby="order-invoices-title" data-testid="order-invoices">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <h3 id="order-invoices-title" className="font-semibold">
          Factures
        </h3>
        {issuable && (
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
          {issuable && <InvoiceSourceChoice orderId={order.id} data={data} source={source} onChange={setSource} />}
          {data.invoices.length === 0 ? (
            <p className="text-sm text-ink-muted">Aucune facture pour le moment.</p>
          ) : (
            <InvoicesTable invoices={data.invoices} onPay={setPaying} onCredit={setCrediting} onRemovePayment={setRemoving} />
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
          onConfirm={() => issue().then(() => setConfirming(false))}
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
        onConfirm={() => (removing ? removePayment(removing).then(() => setRemoving(null)) : undefined)}
      />
    </section>
  );
}
