import type { StaffOrderSummary } from '@comptoir/api/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { formatDate } from '../../lib/format';
import { listTableState, type PagedMeta } from '../../lib/use-list-page';
import { QUOTE_STATE_LABELS } from '@comptoir/api/statuses';
import { Badge, type BadgeTone } from '../../ui/badge';
import { DataTable, type TableSelection, type TableSort } from '../../ui/data-table';
import type { PaginationProps } from '../../ui/pagination';
import { formatMoney } from '../products/money';
import { OrderBalanceCell } from './order-balance-cell';
import { OrderStatusBadge } from './status-badge';

const column = createColumnHelper<StaffOrderSummary>();

const QUOTE_STATE: Record<string, { label: string; tone: BadgeTone }> = {
  draft: { label: QUOTE_STATE_LABELS.draft, tone: 'warning' },
  sent: { label: QUOTE_STATE_LABELS.sent, tone: 'info' },
  accepted: { label: QUOTE_STATE_LABELS.accepted, tone: 'success' },
  declined: { label: QUOTE_STATE_LABELS.declined, tone: 'danger' },
  expired: { label: QUOTE_STATE_LABELS.expired, tone: 'neutral' },
};

export interface OrderSummaryTableProps {
  list: UseQueryResult<{ orders: PagedMeta & { data: StaffOrderSummary[] } }>;
  label: string;
  pagination: PaginationProps | undefined;
  sort?: TableSort;
  /** The row's menu (Afficher, Supprimer). */
  actions: (order: StaffOrderSummary) => ReactNode;
  /** The client column links to the client's page (off on that page itself). */
  linkClients?: boolean;
  /** Row selection for the bulk status change (features/bulk). */
  selection?: TableSelection<StaffOrderSummary>;
}

/** One row per order: number, client, date, lines, totals per currency, converted total, status, quote, invoiced, balance. */
export function OrderSummaryTable({
  list,
  label,
  pagination,
  sort,
  actions,
  linkClients = true,
  selection,
}: OrderSummaryTableProps) {
  const columns = useMemo(
    () => [
      column.accessor('order_num', {
        header: 'N° de commande',
        meta: { className: 'whitespace-nowrap font-mono text-xs', sortKey: 'order_num' },
      }),
      column.accessor('company_name', {
        header: 'Client',
        meta: { sortKey: 'company_name' },
        cell: (info) => {
          const order = info.row.original;
          return linkClients && order.customer_id ? (
            <Link
              to="/client/$id"
              params={{ id: String(order.customer_id) }}
              className="font-medium hover:text-brand-700 hover:underline"
            >
              {info.getValue()}
            </Link>
          ) : (
            <span className="font-medium">{info.getValue()}</span>
          );
        },
      }),
      column.accessor('created_at', {
        header: 'Date',
        meta: { className: 'whitespace-nowrap text-ink-muted', sortKey: 'created_at' },
        cell: (info) => formatDate(info.getValue()),
      }),
      column.accessor('lines_count', {
        header: 'Lignes',
        meta: { className: 'text-center tabular-nums', headerClassName: 'text-center', sortKey: 'lines_count' },
      }),
      column.accessor((row) => row.money.totals, {
        id: 'totals',
        header: 'Totaux par devise',
        // Sorted by the first currency by code (EUR, USD, XOF), then its amount (docs/order-model.md).
        meta: { className: 'whitespace-nowrap text-right tabular-nums', headerClassName: 'text-right', sortKey: 'totals' },
        cell: (info) => {
          const totals = info.getValue();
          return totals.length ? (
            <span className="flex flex-col items-end">
              {totals.map((t) => (
                <span key={t.currency_code}>{formatMoney(t.amount, t.currency_symbol)}</span>
              ))}
            </span>
          ) : (
            formatMoney(info.row.original.total, info.row.original.money.currency_symbol)
          );
        },
      }),
      column.accessor('total', {
        header: 'Total',
        meta: {
          className: 'whitespace-nowrap text-right font-medium tabular-nums',
          headerClassName: 'text-right',
          sortKey: 'total',
        },
        cell: (info) =>
          formatMoney(info.row.original.money.converted_total ?? info.getValue(), info.row.original.money.currency_symbol),
      }),
      column.accessor('status', {
        header: 'Statut',
        meta: { sortKey: 'status' },
        cell: (info) => <OrderStatusBadge status={info.getValue()} />,
      }),
      column.accessor('quote', {
        header: 'Devis',
        meta: { className: 'whitespace-nowrap', sortKey: 'quote' },
        cell: (info) => {
          const quote = info.getValue();
          if (!quote) return <span className="text-ink-subtle">—</span>;
          const state = quote.state ? QUOTE_STATE[quote.state] : undefined;
          return (
            <span className="inline-flex items-center gap-0.5">
              v{quote.version}
              {state ? <Badge tone={state.tone}>{state.label}</Badge> : null}
            </span>
          );
        },
      }),
      column.accessor('balances', {
        id: 'invoiced',
        header: 'Facturé',
        meta: { className: 'whitespace-nowrap text-right tabular-nums', headerClassName: 'text-right', sortKey: 'invoiced' },
        cell: (info) => <OrderBalanceCell balances={info.getValue()} field="invoiced" />,
      }),
      column.accessor('balances', {
        id: 'balance',
        header: 'Solde',
        meta: { className: 'whitespace-nowrap text-right tabular-nums', headerClassName: 'text-right', sortKey: 'balance' },
        cell: (info) => <OrderBalanceCell balances={info.getValue()} field="balance" />,
      }),
      column.display({
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        meta: { className: 'w-[1%] whitespace-nowrap text-right' },
        cell: (info) => actions(info.row.original),
      }),
    ],
    [linkClients, actions],
  );
  return (
    <DataTable
      label={label}
      columns={columns}
      data={list.data?.orders.data}
      getRowId={(row) => String(row.id)}
      {...listTableState(list, 'Erreur lors du chargement des commandes.')}
      emptyMessage="Aucune commande trouvée"
      pagination={pagination}
      sort={sort}
      selection={selection}
    />
  );
}
