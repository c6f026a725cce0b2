import type { OrderItemRow, OrderStatusValue, StaffOrder, StaffOrderSummary } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { errorText } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate, totalText, truncate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pagerOf } from '../../lib/use-list-page';
import { Badge } from '../../ui/badge';
import { useConfirm } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { OrderActionsMenu } from './order-actions-menu';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/page-header';
import { SearchInput } from '../../ui/search-input';
import { RequireView, usePermissions } from '../auth/permissions';
import type { ListPageProps } from '../products/list-page';
import { currencyLabel, formatMoney } from '../products/money';
import { deleteOrder, ORDERS_PER_PAGE, orderSummariesQueryOptions, ordersQueryOptions } from './api';
import { OrderSummaryTable } from './order-summary-table';
import { listFilterQuery } from '../bulk/api';
import { OrderBulkActions } from '../bulk/order-bulk-actions';
import { useRowSelection } from '../bulk/use-row-selection';
import { SavedViewsMenu } from '../saved-views/saved-views-menu';
import { ExportMenu } from '../../ui/export-menu';
import { sortQuery, viewQueryOf, type ListViewProps, type SortSearch } from '../../lib/list-sort';
import { withPageSize } from '../../lib/use-list-page';
import { DayFilter, FacetFilter, ListToolbar } from '../../ui/facet-filter';
import { OrderDetailDialog } from './order-detail-dialog';
import { linePriceLabels } from './price-labels';
import { ORDER_STATUS_LABEL, ORDER_STATUSES } from './status';
import { OrderStatusBadge } from './status-badge';

const column = createColumnHelper<OrderItemRow>();

/** The orders screen's URL beyond page, search and status: order, size, facets, and which rows. */
export interface OrdersView extends SortSearch {
  currency?: 'Dollar' | 'Euro' | 'Fcfa';
  from?: string;
  to?: string;
  /** `lignes`: one row per product line; one row per order otherwise (the default). */
  vue?: 'lignes';
}

export interface OrdersPageProps extends ListPageProps, ListViewProps<OrdersView> {
  status: OrderStatusValue | undefined;
  onStatusChange: (status: OrderStatusValue | undefined) => void;
}

/** /dashboard/commandes: "Commandes & Clients / Commandes" (orders view). */
export function OrdersPage(props: OrdersPageProps) {
  useDocumentTitle('Commandes');
  return (
    <RequireView category="orders">
      <OrdersList {...props} />
    </RequireView>
  );
}

const orderId = (order: StaffOrderSummary) => order.id;
const orderNumber = (order: StaffOrderSummary) => `la commande ${order.order_num}`;

function OrdersList({
  page,
  search,
  status,
  onPageChange,
  onSearchChange,
  onStatusChange,
  view,
  onViewChange,
  onViewReplace,
}: OrdersPageProps) {
  const { can } = usePermissions();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [showing, setShowing] = useState<number | null>(null);
  const byLine = view.vue === 'lignes';
  const { per_page: perPage, ...order } = sortQuery(view, ORDERS_PER_PAGE);
  const params = { page, search, status, perPage, ...order, currency: view.currency, from: view.from, to: view.to };
  const list = useQuery({ ...ordersQueryOptions(params), enabled: byLine });
  const summaries = useQuery({ ...orderSummariesQueryOptions(params), enabled: !byLine });
  const items = byLine ? list.data?.orderItems : summaries.data?.orders;
  const counts = (byLine ? list.data : summaries.data)?.status_counts;
  // Bulk status change on the one-row-per-order view, with the list's own filter when « all ».
  const bulkFilter = useMemo(() => listFilterQuery(search, { ...view, status }), [search, view, status]);
  const bulk = useRowSelection<StaffOrderSummary>({
    filterKey: JSON.stringify(bulkFilter),
    total: summaries.data?.orders.total,
    rowId: orderId,
    rowLabel: orderNumber,
  });
  const selectable = can('orders', 'edit') && !byLine;
  const tableSort = {
    key: view.sort,
    dir: view.dir,
    onChange: (sort: string, dir: 'asc' | 'desc') => onViewChange({ sort, dir }),
  };

  useEffect(() => {
    if (items && items.last_page >= 1 && page > items.last_page) onPageChange(items.last_page);
  }, [items, page, onPageChange]);

  const canDelete = can('orders', 'delete');

  const pricesIncludeTax = list.data?.prices_include_tax ?? false;
  const { columns, actionsFor } = useMemo(() => {
    const labels = linePriceLabels(pricesIncludeTax);
    const remove = (order: Pick<StaffOrder, 'id' | 'order_num'>) =>
      confirm({
        message: 'Voulez-vous vraiment supprimer cette commande ?',
        title: `Commande ${order.order_num}`,
        confirmLabel: 'Supprimer',
        action: async () => {
          try {
            await deleteOrder(order.id);
            notifySuccess('Commande supprimée avec succès !');
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
              queryClient.invalidateQueries({ queryKey: queryKeys.summary }),
              queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
              queryClient.invalidateQueries({ queryKey: queryKeys.customers.all }),
            ]);
          } catch (error) {
            notifyError(
              errorText(error, 'Erreur lors de la suppression de la commande.', 'Erreur lors de la suppression de la commande.'),
            );
          }
        },
      });
    const actionsFor = (order: Pick<StaffOrder, 'id' | 'order_num'>) => (
      <OrderActionsMenu order={order} onShow={setShowing} onDelete={canDelete ? () => void remove(order) : undefined} />
    );
    return {
      actionsFor,
      columns: [
        column.accessor((row) => row.order.status, {
          id: 'status',
          header: 'Statut',
          meta: { sortKey: 'status' },
          cell: (info) => <OrderStatusBadge status={info.getValue()} />,
        }),
        column.accessor('created_at', {
          header: "Date d'achat",
          meta: { className: 'whitespace-nowrap text-ink-muted', sortKey: 'created_at' },
          cell: (info) => formatDate(info.getValue()),
        }),
        column.accessor((row) => row.order.company_name, {
          id: 'client',
          header: 'Client',
          meta: { sortKey: 'company_name' },
          cell: (info) => <span className="font-medium">{info.getValue()}</span>,
        }),
        column.accessor((row) => row.order.order_num, {
          id: 'order_num',
          header: 'N° de commande',
          meta: { className: 'whitespace-nowrap font-mono text-xs', sortKey: 'order_num' },
        }),
        column.accessor((row) => row.product?.name ?? row.product_name, {
          id: 'product',
          header: 'Produit',
          cell: (info) => <span title={info.getValue()}>{truncate(info.getValue(), 23)}</span>,
        }),
        column.accessor('quantity', {
          header: 'Quantité',
          meta: { className: 'text-center tabular-nums', headerClassName: 'text-center' },
        }),
        column.accessor('price', {
          header: labels.unitPrice,
          meta: { className: 'whitespace-nowrap text-right tabular-nums', headerClassName: 'text-right' },
          // Each line in its product's currency (a cart may mix currencies).
          cell: (info) => formatMoney(info.getValue(), info.row.original.currency_symbol),
        }),
        column.accessor('total_price', {
          header: labels.total,
          meta: { className: 'whitespace-nowrap text-right font-medium tabular-nums', headerClassName: 'text-right' },
          cell: (info) => formatMoney(info.getValue(), info.row.original.currency_symbol),
        }),
        column.accessor((row) => currencyLabel(row.order.currency), {
          id: 'currency',
          header: 'Devise',
          meta: { sortKey: 'currency' },
        }),
        column.accessor((row) => row.order.payment_by, {
          id: 'payment_by',
          header: 'Paiement par',
          meta: { className: 'whitespace-nowrap' },
        }),
        column.accessor((row) => row.order.credit_level, { id: 'credit_level', header: 'Niveau de crédit' }),
        column.accessor((row) => row.order.payment_term, { id: 'payment_term', header: 'Délai de paiement' }),
        column.accessor((row) => row.order.delivery_method, { id: 'delivery', header: 'Mode de livraison' }),
        column.accessor(
          (row) => (row.order.status === 'shipped' ? formatDate(row.order.shipped_at ?? row.order.updated_at) : '-'),
          {
            id: 'shipped',
            header: "Date d'expédition",
            meta: { className: 'whitespace-nowrap text-ink-muted' },
          },
        ),
        column.display({
          id: 'actions',
          header: () => <span className="sr-only">Actions</span>,
          meta: { className: 'w-[1%] whitespace-nowrap text-right' },
          cell: (info) => actionsFor(info.row.original.order),
        }),
      ],
    };
  }, [canDelete, confirm, queryClient, pricesIncludeTax]);

  const chips: Array<{ value: OrderStatusValue | undefined; label: string; count: number | undefined }> = [
    { value: undefined, label: 'Toutes', count: counts?.all },
    ...ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABEL[value], count: counts?.[value] })),
  ];
  const countText = (value: OrderStatusValue | undefined, count: number) =>
    totalText(count, counts?.capped?.includes(value ?? 'all'));

  return (
    <section>
      <PageHeader
        title={
          <span className="inline-flex items-center gap-1">
            Commandes {counts ? <Badge tone="info">{countText(undefined, counts.all)}</Badge> : null}
          </span>
        }
        breadcrumb={['Commandes & Clients', 'Commandes']}
      />
      <div className="mb-2 flex flex-wrap items-center justify-between gap-1.5">
        <SearchInput value={search} onChange={onSearchChange} placeholder="Rechercher par société ou n° de commande" />
        <div className="flex flex-wrap gap-0.5" role="group" aria-label="Filtrer par statut" data-testid="order-status-chips">
          {chips.map((chip) => {
            const active = chip.value === status;
            return (
              <button
                key={chip.label}
                type="button"
                aria-pressed={active}
                data-status={chip.value ?? 'all'}
                onClick={() => onStatusChange(chip.value)}
                className={cn(
                  'inline-flex h-4 items-center gap-0.5 rounded-full border px-1.5 text-sm font-medium transition-colors',
                  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500',
                  active
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-line bg-surface text-ink-muted hover:bg-surface-muted',
                )}
              >
                {chip.label}
                <span
                  className={cn(
                    'rounded-full px-0.5 text-xs tabular-nums',
                    active ? 'bg-white/20 text-white' : 'bg-surface-muted text-ink',
                  )}
                  data-testid="chip-count"
                >
                  {chip.count === undefined ? '–' : countText(chip.value, chip.count)}
                </span>
              </button>
            );
          })}
        </div>
      </div>
      <ListToolbar label="Affichage et filtres des commandes">
        <div className="inline-flex rounded-md border border-line" role="group" aria-label="Une ligne par">
          {(
            [
              [undefined, 'Par commande'],
              ['lignes', 'Par ligne de produit'],
            ] as const
          ).map(([value, text]) => (
            <button
              key={text}
              type="button"
              aria-pressed={view.vue === value}
              onClick={() => onViewChange({ vue: value, sort: undefined, dir: undefined })}
              className={cn(
                'h-4 px-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md',
                'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500',
                view.vue === value ? 'bg-brand-700 text-white' : 'bg-surface text-ink-muted hover:bg-surface-muted',
              )}
            >
              {text}
            </button>
          ))}
        </div>
        <FacetFilter
          label="Devise"
          allLabel="Toutes"
          value={view.currency}
          options={[
            { value: 'Fcfa', label: 'FCFA' },
            { value: 'Euro', label: 'Euro' },
            { value: 'Dollar', label: 'Dollar' },
          ]}
          onChange={(value) =>
            onViewChange({ currency: value === 'Fcfa' || value === 'Euro' || value === 'Dollar' ? value : undefined })
          }
        />
        <DayFilter label="Du" value={view.from} onChange={(from) => onViewChange({ from })} />
        <DayFilter label="Au" value={view.to} onChange={(to) => onViewChange({ to })} />
        <span className="ml-auto flex gap-1">
          <ExportMenu path="/api/order/export" search={search} view={{ ...view, status }} />
          <SavedViewsMenu list="orders" current={viewQueryOf(search, { ...view, status })} onApply={onViewReplace} />
        </span>
      </ListToolbar>
      {selectable ? <OrderBulkActions rows={bulk} filter={bulkFilter} /> : null}
      {byLine ? (
        <DataTable
          label="Liste des lignes de commande"
          columns={columns}
          data={list.data?.orderItems.data}
          getRowId={(row) => String(row.id)}
          isLoading={list.isPending}
          isFetching={list.isFetching && list.isPlaceholderData}
          error={
            list.isError
              ? errorText(list.error, 'Erreur lors du chargement des commandes.', 'Erreur lors du chargement des commandes.')
              : null
          }
          onRetry={() => void list.refetch()}
          emptyMessage="Aucune commande trouvée"
          pagination={withPageSize(pagerOf(items, onPageChange), perPage, onViewChange)}
          sort={tableSort}
        />
      ) : (
        <OrderSummaryTable
          label="Liste des commandes"
          selection={selectable ? bulk.table : undefined}
          list={summaries}
          pagination={withPageSize(pagerOf(items, onPageChange), perPage, onViewChange)}
          sort={tableSort}
          actions={actionsFor}
        />
      )}
      {showing !== null ? <OrderDetailDialog orderId={showing} onClose={() => setShowing(null)} /> : null}
    </section>
  );
}
