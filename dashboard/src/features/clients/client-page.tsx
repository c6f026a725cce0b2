import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { errorText } from '../../lib/api';
import { formatDate, pad2 } from '../../lib/format';
import { sortQuery, type SortSearch } from '../../lib/list-sort';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pagerOf, useClampPage, withPageSize } from '../../lib/use-list-page';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { RequireView } from '../auth/permissions';
import { ORDERS_PER_PAGE, orderSummariesQueryOptions } from '../orders/api';
import { OrderDetailDialog } from '../orders/order-detail-dialog';
import { OrderActionsMenu } from '../orders/order-actions-menu';
import { OrderSummaryTable } from '../orders/order-summary-table';
import { CustomerAccount } from '../invoices/customer-account';
import { customerQueryOptions } from './api';
import { ordersCountTone } from './clients-page';

export interface ClientPageProps {
  customerId: number;
  page: number;
  view: SortSearch;
  onPageChange: (page: number) => void;
  onViewChange: (patch: Partial<SortSearch>) => void;
}

/** /dashboard/client/{id}: a client's details and orders (one row per order: totals, status, quote). */
export function ClientPage(props: ClientPageProps) {
  return (
    <RequireView category="orders">
      <ClientDetail {...props} />
    </RequireView>
  );
}

function ClientDetail({ customerId, page, view, onPageChange, onViewChange }: ClientPageProps) {
  const customer = useQuery(customerQueryOptions(customerId));
  useDocumentTitle(customer.data ? customer.data.company_name : 'Client');
  const { per_page: perPage, ...order } = sortQuery(view, ORDERS_PER_PAGE);
  const orders = useQuery(orderSummariesQueryOptions({ page, search: '', perPage, ...order, customer_id: customerId }));
  const [showing, setShowing] = useState<number | null>(null);
  useClampPage(orders.data?.orders, page, onPageChange);

  if (customer.isPending)
    return (
      <div className="flex justify-center py-6 text-brand-700">
        <Spinner size="lg" label="Chargement…" />
      </div>
    );
  if (customer.isError)
    return (
      <p role="alert" className="text-danger">
        {errorText(customer.error, 'Erreur lors du chargement du client.', 'Client introuvable.')}
      </p>
    );
  const c = customer.data;
  return (
    <section>
      <PageHeader
        title={
          <span className="inline-flex items-center gap-1">
            {c.company_name} <Badge tone={ordersCountTone(c.orders_count)}>{pad2(c.orders_count)} commandes</Badge>
          </span>
        }
        breadcrumb={['Commandes & Clients', 'Clients', c.company_name]}
        actions={
          <Link to="/clients" className="inline-flex items-center gap-0.5 text-sm text-brand-700 hover:underline">
            <ArrowLeft className="size-2" aria-hidden="true" /> Liste des clients
          </Link>
        }
      />
      <Card title="Coordonnées" className="mb-2">
        <dl className="grid gap-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-ink-muted">Société</dt>
            <dd>
              {c.company_email} · {c.company_phone}
              <br />
              {c.company_address}
            </dd>
          </div>
          <div>
            <dt className="text-ink-muted">Représentant</dt>
            <dd>
              {c.representative_name} · {c.representative_phone}
              <br />
              {c.representative_email}
            </dd>
          </div>
          <div>
            <dt className="text-ink-muted">Client depuis le</dt>
            <dd>{formatDate(c.created_at)}</dd>
          </div>
        </dl>
      </Card>
      <CustomerAccount customerId={c.id} />
      <h2 className="mb-1 text-lg font-semibold">Commandes</h2>
      <OrderSummaryTable
        label={`Commandes de ${c.company_name}`}
        list={orders}
        linkClients={false}
        pagination={withPageSize(pagerOf(orders.data?.orders, onPageChange), perPage, onViewChange)}
        sort={{ key: view.sort, dir: view.dir, onChange: (sort, dir) => onViewChange({ sort, dir }) }}
        actions={(order) => <OrderActionsMenu order={order} onShow={setShowing} />}
      />
      {showing !== null ? <OrderDetailDialog orderId={showing} onClose={() => setShowing(null)} /> : null}
    </section>
  );
}
