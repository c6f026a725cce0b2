import type { StaffOrderDetail } from '@comptoir/api/contract';
import { useQuery } from '@tanstack/react-query';
import { Check, RotateCw, TriangleAlert } from 'lucide-react';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate, formatDateTime } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import { currencyLabel, formatMoney } from '../products/money';
import { orderQueryOptions } from './api';
import './order-panel.css';
import { DevisDownload, OrderHold, OrderMails, OrderTotalsFoot } from './order-quote';
import { ORDER_STATUS_LABEL, ORDER_STATUS_TONE, ORDER_STATUSES, orderStatusOf } from './status';
import { HistoryPanel } from '../audit/history-panel';
import { OrderQuoteVersions } from './order-quote-versions';
import { OrderDeliveries } from './order-deliveries';
import { OrderHistory } from './order-history';
import { linePriceLabels } from './price-labels';
import { OrderReserveStock } from './order-reserve-stock';
import { useOrderStatusChange } from './status-change';
import { OrderInvoices } from '../invoices/order-invoices';

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-2 py-0.5 text-sm">
      <dt className="shrink-0 text-ink-muted">{label}</dt>
      {/* Long e-mail addresses and company names wrap inside the panel on a phone. */}
      <dd className="min-w-0 break-words text-right font-medium text-ink [overflow-wrap:anywhere]">{value || '—'}</dd>
    </div>
  );
}

function OrderDetailBody({ order }: { order: StaffOrderDetail }) {
  const { can } = usePermissions();
  const { change, pending, undoNotice } = useOrderStatusChange();
  const status = orderStatusOf(order.status);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-1">
        <div>
          <p className="font-mono text-sm font-semibold text-ink">{order.order_num}</p>
          <p className="text-xs text-ink-subtle">Passée le {formatDateTime(order.created_at)}</p>
        </div>
        <div className="flex items-center gap-1">
          <DevisDownload order={order} />
          <Badge tone={ORDER_STATUS_TONE[status]}>{ORDER_STATUS_LABEL[status]}</Badge>
        </div>
      </div>

      <OrderHold order={order} canEdit={can('orders', 'edit')} />
      <OrderReserveStock order={order} canEdit={can('orders', 'edit')} />

      {can('orders', 'edit') ? (
        <section aria-labelledby={`order-${order.id}-status`} className="rounded-md border border-line p-1.5">
          <h3 id={`order-${order.id}-status`} className="mb-1 text-sm font-semibold text-ink">
            Statut de la commande
          </h3>
          <div className="grid grid-cols-2 gap-0.5 sm:grid-cols-4" role="group" aria-label="Changer le statut">
            {ORDER_STATUSES.map((value) => {
              const current = value === status;
              return (
                <Button
                  key={value}
                  variant={current ? 'primary' : 'secondary'}
                  size="sm"
                  aria-pressed={current}
                  disabled={current || pending !== null}
                  loading={pending === value}
                  icon={current ? <Check className="size-2" aria-hidden="true" /> : undefined}
                  onClick={() => void change(order, value)}
                  className={cn(current && 'disabled:opacity-100')}
                >
                  {ORDER_STATUS_LABEL[value]}
                </Button>
              );
            })}
          </div>
          {undoNotice}
        </section>
      ) : null}

      <section aria-labelledby={`order-${order.id}-client`}>
        <h3 id={`order-${order.id}-client`} className="text-sm font-semibold text-ink">
          Client
        </h3>
        <dl className="divide-y divide-line">
          <Row label="Société" value={order.company_name} />
          <Row
            label="Email"
            value={
              <a className="text-brand-700 hover:underline" href={`mailto:${order.company_email}`}>
                {order.company_email}
              </a>
            }
          />
          <Row label="Téléphone" value={order.company_phone} />
          <Row label="Représentant" value={order.representative_name} />
          <Row label="Email du représentant" value={order.representative_email} />
          <Row label="Téléphone du représentant" value={order.representative_phone} />
        </dl>
      </section>

      <section aria-labelledby={`order-${order.id}-terms`}>
        <h3 id={`order-${order.id}-terms`} className="text-sm font-semibold text-ink">
          Conditions
        </h3>
        <dl className="divide-y divide-line">
          <Row label="Devise" value={currencyLabel(order.currency)} />
          <Row label="Paiement par" value={order.payment_by} />
          <Row label="Niveau de crédit" value={order.credit_level} />
          <Row label="Délai de paiement" value={order.payment_term} />
          <Row label="Mode de livraison" value={order.delivery_method} />
          <Row
            label="Adresse de livraison"
            value={order.delivery_address && <span className="whitespace-pre-line">{order.delivery_address}</span>}
          />
          <Row label="Référence client" value={order.client_reference} />
          <Row label="Note" value={order.note && <span className="whitespace-pre-line">{order.note}</span>} />
          <Row label="Date d'expédition" value={status === 'shipped' ? formatDate(order.shipped_at ?? order.updated_at) : '-'} />
        </dl>
      </section>

      <section aria-labelledby={`order-${order.id}-items`}>
        <h3 id={`order-${order.id}-items`} className="mb-0.5 text-sm font-semibold text-ink">
          Produits commandés
        </h3>
        <div className="overflow-x-auto rounded-md border border-line">
          <table className="w-full text-left text-sm">
            <thead className="bg-surface-muted text-xs text-ink-muted">
              <tr>
                <th scope="col" className="px-1 py-0.5">
                  Produit
                </th>
                <th scope="col" className="px-1 py-0.5 text-right">
                  Qté
                </th>
                <th scope="col" className="px-1 py-0.5 text-right">
                  {linePriceLabels(order.prices_include_tax).unitPrice}
                </th>
                <th scope="col" className="px-1 py-0.5 text-right">
                  {linePriceLabels(order.prices_include_tax).total}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.id} className="border-t border-line">
                  <td className="px-1 py-0.5">{item.product?.name ?? item.product_name}</td>
                  <td className="px-1 py-0.5 text-right tabular-nums">{item.quantity}</td>
                  <td className="whitespace-nowrap px-1 py-0.5 text-right tabular-nums">
                    {formatMoney(item.price, item.currency_symbol)}
                  </td>
                  <td className="whitespace-nowrap px-1 py-0.5 text-right tabular-nums">
                    {formatMoney(item.total_price, item.currency_symbol)}
                  </td>
                </tr>
              ))}
            </tbody>
            <OrderTotalsFoot order={order} />
          </table>
        </div>
      </section>

      <OrderQuoteVersions order={order} />
      <OrderDeliveries order={order} />
      <OrderInvoices order={order} />
      <OrderMails order={order} />
      <OrderHistory order={order} />
      <HistoryPanel entity="order" id={order.id} version={order.updated_at} />
    </div>
  );
}

/**
 * An order's detail with its status chooser: a dialog on the orders screen, a side panel
 * (`placement="right"`) on the home.
 */
export function OrderDetailDialog({
  orderId,
  onClose,
  placement = 'center',
}: {
  orderId: number;
  onClose: () => void;
  placement?: 'center' | 'right';
}) {
  const query = useQuery(orderQueryOptions(orderId));
  let body;
  if (query.isPending) {
    body = (
      <div className="flex justify-center py-6 text-brand-700">
        <Spinner size="lg" label="Chargement de la commande…" />
      </div>
    );
  } else if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    body = (
      <EmptyState
        icon={<TriangleAlert />}
        message={notFound ? 'Commande introuvable.' : 'Erreur lors du chargement des commandes.'}
        action={
          notFound ? undefined : (
            <Button
              variant="secondary"
              size="sm"
              icon={<RotateCw className="size-2" aria-hidden="true" />}
              onClick={() => void query.refetch()}
            >
              Réessayer
            </Button>
          )
        }
      />
    );
  } else {
    body = <OrderDetailBody order={query.data} />;
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title="Détail de la commande"
      size={placement === 'right' ? 'md' : 'lg'}
      placement={placement}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Fermer
        </Button>
      }
    >
      {body}
    </Dialog>
  );
}
