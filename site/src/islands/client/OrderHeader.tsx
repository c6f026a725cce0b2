import { STATE_LABELS, STATUS_LABELS } from './client-token';
import type { OrderView } from './use-client-order';

/** The order's number, its status and its quote's, and how it is delivered. */
export function OrderHeader({ order }: { order: OrderView }) {
  const current = order.current;
  return (
    <header>
      <p className="text-sm text-ink-muted">Commande {order.order_num}</p>
      <h1 className="text-2xl font-extrabold text-brand-900 md:text-3xl">
        {current ? `Devis ${current.reference}` : 'Votre commande'}
      </h1>
      <p className="mt-1" data-order-state>
        {order.company_name} · Commande : <strong>{STATUS_LABELS[order.status] ?? order.status}</strong>
        {current ? (
          <>
            {' '}
            · Devis : <strong>{STATE_LABELS[current.state] ?? current.state}</strong>
          </>
        ) : null}
      </p>
      <dl className="mt-1 grid gap-x-2 text-sm sm:grid-cols-[auto_1fr]" data-order-delivery>
        <dt className="text-ink-muted">Mode de livraison</dt>
        <dd>{order.delivery_method}</dd>
        {order.delivery_address && (
          <>
            <dt className="text-ink-muted">Adresse de livraison</dt>
            <dd className="whitespace-pre-line">{order.delivery_address}</dd>
          </>
        )}
        {order.client_reference && (
          <>
            <dt className="text-ink-muted">Votre référence</dt>
            <dd>{order.client_reference}</dd>
          </>
        )}
        {order.note && (
          <>
            <dt className="text-ink-muted">Note</dt>
            <dd className="whitespace-pre-line">{order.note}</dd>
          </>
        )}
      </dl>
    </header>
  );
}
