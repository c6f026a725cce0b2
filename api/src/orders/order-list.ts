import type { ObjectLiteral } from 'typeorm';
import {
  dateBound,
  DateFilter,
  equals,
  IdFilter,
  OneOfFilter,
  type ListDefinition,
  type ListFilter,
} from '../common/list-order.js';
import { ListQueryDto } from '../common/listing.js';
import { ORDER_STATUS_MESSAGE } from '../shared/statuses.js';
import { ORDER_CURRENCIES, ORDER_STATUSES, type OrderCurrency, type OrderStatus } from './entities/order.entity.js';
import type { OrderItem } from './entities/order-item.entity.js';
import type { Order } from './entities/order.entity.js';

/**
 * GET /api/order's sorts and filters. The list's rows are order lines (`item`) joined to their
 * order (`ord`): sorted on the order's columns, ties by the order's id (its lines stay together).
 */
/** The sorts of both order lists, on the order's columns (alias `ord`). */
const ORDER_SORTS = {
  created_at: 'ord.created_at',
  order_num: 'ord.order_num',
  company_name: 'ord.company_name',
  status: 'ord.status',
  currency: 'ord.currency',
  total: 'ord.total',
  hold_until: 'ord.hold_until',
};

/** The filters of both order lists, on the order's columns. */
function orderFilters<E extends ObjectLiteral>() {
  return {
    status: { apply: equals<E>('ord.status'), doc: { description: 'Statut de la commande.', enum: ORDER_STATUSES } },
    currency: { apply: equals<E>('ord.currency'), doc: { description: 'Devise de la commande.', enum: ORDER_CURRENCIES } },
    from: { apply: dateBound<E>('ord.created_at', 'from'), doc: { description: 'Passée à partir de ce jour (AAAA-MM-JJ).' } },
    to: { apply: dateBound<E>('ord.created_at', 'to'), doc: { description: 'Passée jusqu’à ce jour inclus (AAAA-MM-JJ).' } },
  };
}

/**
 * GET /api/order's sorts and filters. The list's rows are order lines (`item`) joined to their
 * order (`ord`): sorted on the order's columns, ties by the order's id (its lines stay together).
 */
export const ORDER_LIST: ListDefinition<OrderItem> = {
  sorts: ORDER_SORTS,
  defaultSort: { key: 'created_at', direction: 'desc' },
  id: 'ord.id',
  filters: orderFilters<OrderItem>(),
};

/**
 * With a date bound, MariaDB walked the sort's own index (IDX_orders_lines_count, IDX_orders_billed_balance…)
 * hoping to meet the range's orders early: a month a year back read most of 100,000 entries and their rows
 * (43 ms), where the covering IDX_orders_created_sorts reads the month alone and sorts it (1.7 ms). With a
 * date bound the per-order list keeps to the indexes that start from the dates, a facet or the ids (a
 * search); SQLite already chooses them, and TypeORM writes the hint for MySQL and MariaDB only.
 */
const DATE_RANGE_INDEXES = [
  'PRIMARY',
  'IDX_orders_created_sorts',
  'IDX_orders_created_at',
  'IDX_orders_status_created',
  'IDX_orders_currency_created',
  'IDX_orders_status_currency_created',
  'IDX_orders_customer_created',
];

function summaryFilters() {
  const filters = orderFilters<Order>();
  const ranged = (filter: (typeof filters)['from']) => ({
    doc: filter.doc,
    apply: ((qb, value, parameter) => {
      filter.apply(qb, value, parameter);
      qb.useIndex(DATE_RANGE_INDEXES);
    }) as ListFilter<Order>,
  });
  return { ...filters, from: ranged(filters.from), to: ranged(filters.to) };
}

/** GET /api/order/list: one row per order (`ord`), the same sorts and filters, and the client's orders. */
export const ORDER_SUMMARY_LIST: ListDefinition<Order> = {
  sorts: {
    ...ORDER_SORTS,
    // « Facturé » and « Solde »: the first currency's amounts, grouped by currency (orders without an
    // invoice first in ascending order), from the columns invoices/order-billing.ts keeps.
    invoiced: { expression: 'ord.billed_currency', then: ['ord.invoiced_minor'] },
    balance: { expression: 'ord.billed_currency', then: ['ord.balance_minor'] },
    // « Lignes », « Totaux par devise » (the first currency by code, then its amount) and « Devis » (the
    // latest version's number, orders without a quote first in ascending order), from the columns
    // orders/order-list-columns.ts keeps. One expression each where it can, so deep pages keep their anchors.
    lines_count: 'ord.lines_count',
    totals: { expression: 'ord.totals_currency', then: ['ord.totals_minor'] },
    quote: 'ord.quote_version',
  },
  defaultSort: { key: 'created_at', direction: 'desc' },
  id: 'ord.id',
  filters: {
    ...summaryFilters(),
    customer_id: {
      apply: equals<Order>('ord.customer_id'),
      doc: { description: 'Client (id) : ses commandes.', type: 'integer' },
    },
  },
};

/** Filters beyond the status: the per-status counts kept by the database no longer give the total. */
export const ORDER_NARROWING_FILTERS = ['currency', 'from', 'to'] as const;

export class StaffOrderListQueryDto extends ListQueryDto {
  @OneOfFilter(ORDER_STATUSES, ORDER_STATUS_MESSAGE)
  status?: OrderStatus;

  @OneOfFilter(ORDER_CURRENCIES, 'La devise doit être Dollar, Euro ou FCFA.')
  currency?: OrderCurrency;

  @DateFilter('La date de début doit être au format AAAA-MM-JJ.')
  from?: string;

  @DateFilter('La date de fin doit être au format AAAA-MM-JJ.')
  to?: string;
}

export class StaffOrderSummaryQueryDto extends StaffOrderListQueryDto {
  @IdFilter('Le client est invalide.')
  customer_id?: number;
}
