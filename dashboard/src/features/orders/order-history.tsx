import type { OrderHistoryAnswer, OrderHistoryKind, StaffOrderDetail } from '@comptoir/api/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { Badge, type BadgeTone } from '../../ui/badge';
import { Spinner } from '../../ui/spinner';

/** Under the order's detail key: whatever refreshes the order (a delivery, an invoice, a payment) refreshes its story. */
export const orderHistoryKey = (orderId: number) => [...queryKeys.orders.detail(orderId), 'history'] as const;

export function orderHistoryQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: orderHistoryKey(orderId),
    queryFn: async ({ signal }) => (await api.get<OrderHistoryAnswer>(`/api/order/${orderId}/history`, { signal })).history,
  });
}

const KIND: Record<OrderHistoryKind, { label: string; tone: BadgeTone }> = {
  request: { label: 'Demande', tone: 'info' },
  quote: { label: 'Devis', tone: 'info' },
  message: { label: 'Message', tone: 'neutral' },
  acceptance: { label: 'Acceptation', tone: 'success' },
  refusal: { label: 'Refus', tone: 'danger' },
  status: { label: 'Statut', tone: 'neutral' },
  delivery: { label: 'Livraison', tone: 'success' },
  return: { label: 'Retour', tone: 'warning' },
  invoice: { label: 'Facture', tone: 'info' },
  credit_note: { label: 'Avoir', tone: 'warning' },
  payment: { label: 'Paiement', tone: 'success' },
  mail: { label: 'E-mail', tone: 'neutral' },
};

/**
 * « Historique de la commande »: the order's whole story, oldest first, from one API route
 * (GET /api/order/{id}/history): request, quote versions, the client's messages and answers, status
 * changes, deliveries and returns, invoices, credit notes, payments and the e-mails sent to the client.
 */
export function OrderHistory({ order }: { order: StaffOrderDetail }) {
  const query = useQuery(orderHistoryQueryOptions(order.id));
  return (
    <section aria-labelledby={`order-${order.id}-history`} data-testid="order-history">
      <h3 id={`order-${order.id}-history`} className="mb-0.5 text-sm font-semibold text-ink">
        Historique de la commande
      </h3>
      {query.isPending ? (
        <Spinner label="Chargement de l’historique…" />
      ) : query.isError ? (
        <p className="text-sm text-danger">Erreur lors du chargement de l’historique.</p>
      ) : (
        <ol
          className="flex flex-col border-l-2 border-line pl-1.5"
          aria-label="Historique de la commande, du plus ancien au plus récent"
        >
          {query.data.map((event, index) => (
            <li key={index} className="py-0.5 text-sm" data-testid="order-history-event" data-kind={event.kind}>
              <div className="flex flex-wrap items-baseline gap-x-1">
                <time dateTime={event.at} className="whitespace-nowrap text-xs text-ink-subtle">
                  {formatDateTime(event.at)}
                </time>
                <Badge tone={KIND[event.kind].tone}>{KIND[event.kind].label}</Badge>
                <span className="font-medium text-ink">{event.label}</span>
                {event.actor ? <span className="text-xs text-ink-muted">par {event.actor}</span> : null}
              </div>
              {event.detail ? <p className="whitespace-pre-line break-words text-xs text-ink-muted">{event.detail}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
