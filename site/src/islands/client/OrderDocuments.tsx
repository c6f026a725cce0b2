import type { ClientOrdersAnswer } from '@comptoir/api/contract';
import { dateFr, money } from './client-token';

type ListedOrder = ClientOrdersAnswer['orders'][number];

/** A POST form opening a document's PDF in a new tab: the token goes in the body, never in an address. */
function PdfForm({
  action,
  token,
  orderId,
  field,
  id,
  label,
}: {
  action: string;
  token: string;
  orderId: number;
  field: string;
  id: number;
  label: string;
}) {
  return (
    <form method="post" action={action} target="_blank" className="inline">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="order_id" value={orderId} />
      <input type="hidden" name={field} value={id} />
      <button type="submit" className="btn btn-outline" aria-label={label}>
        PDF
      </button>
    </form>
  );
}

/** Under an order of « Mes commandes »: its delivery notes and invoices (state, balance), each with its PDF. */
export function OrderDocuments({ token, order }: { token: string; order: ListedOrder }) {
  if (!order.deliveries.length && !order.invoices.length) return null;
  return (
    <ul className="grid w-full gap-0.5 text-sm" data-order-documents>
      {order.deliveries.map((d) => (
        <li key={`d${d.id}`} className="flex flex-wrap items-center gap-1">
          <span>
            {d.kind === 'return' ? 'Retour' : 'Bon de livraison'} {d.number} du {dateFr(d.delivered_at)}
          </span>
          <PdfForm
            action="/api/client/order/delivery-pdf"
            token={token}
            orderId={order.id}
            field="delivery_id"
            id={d.id}
            label={`PDF du bon ${d.number}`}
          />
        </li>
      ))}
      {order.invoices.map((invoice) => (
        <li key={`i${invoice.id}`} className="flex flex-wrap items-center gap-1" data-invoice={invoice.number}>
          <span>
            Facture {invoice.number} du {dateFr(invoice.issued_at)} ({invoice.state_label}) :{' '}
            {invoice.currencies.map((c) => `reste à payer ${money(c.balance, c.currency_code)}`).join(' ; ')}
          </span>
          <PdfForm
            action="/api/client/order/invoice-pdf"
            token={token}
            orderId={order.id}
            field="invoice_id"
            id={invoice.id}
            label={`PDF de la facture ${invoice.number}`}
          />
          {invoice.credit_notes.map((n) => (
            <PdfForm
              key={n.id}
              action="/api/client/order/invoice-pdf"
              token={token}
              orderId={order.id}
              field="credit_note_id"
              id={n.id}
              label={`PDF de l’avoir ${n.number}`}
            />
          ))}
        </li>
      ))}
    </ul>
  );
}
