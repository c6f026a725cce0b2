import type {
  DoneAnswer,
  OrderAnswer,
  OrderStatusAnswer,
  OrderListAnswer,
  OrderStatusValue,
  OrderSummaryListAnswer,
} from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys, type ListParams } from '../../lib/query-keys';

/** The orders table shows 7 rows (order items) per page. */
export const ORDERS_PER_PAGE = 7;

export interface OrderListParams extends ListParams {
  status?: OrderStatusValue;
}

/** The order and facets both order lists take (GET /api/order and /api/order/list). */
export interface OrderViewParams {
  sort?: string;
  direction?: 'asc' | 'desc';
  currency?: 'Dollar' | 'Euro' | 'Fcfa';
  from?: string;
  to?: string;
}

/** GET /api/order/list: one row per order (lines count, totals per currency, quote), a client's with `customer_id`. */
export function orderSummariesQueryOptions(params: OrderListParams & OrderViewParams & { customer_id?: number }) {
  return queryOptions({
    queryKey: [...queryKeys.orders.all, 'by-order', params] as const,
    queryFn: ({ signal }) =>
      api.get<OrderSummaryListAnswer>('/api/order/list', {
        signal,
        query: {
          page: params.page,
          per_page: params.perPage ?? ORDERS_PER_PAGE,
          search: params.search,
          status: params.status,
          sort: params.sort,
          direction: params.direction,
          currency: params.currency,
          from: params.from,
          to: params.to,
          customer_id: params.customer_id,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/order?page&per_page&search&status: one row per order item, with the counts per status. */
export function ordersQueryOptions(params: OrderListParams & OrderViewParams) {
  return queryOptions({
    queryKey: queryKeys.orders.list(params),
    queryFn: ({ signal }) =>
      api.get<OrderListAnswer>('/api/order', {
        signal,
        query: {
          page: params.page,
          per_page: params.perPage ?? ORDERS_PER_PAGE,
          search: params.search,
          status: params.status,
          sort: params.sort,
          direction: params.direction,
          currency: params.currency,
          from: params.from,
          to: params.to,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/order/{id}: the order with all its lines. */
export function orderQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.orders.detail(id),
    queryFn: async ({ signal }) => (await api.get<OrderAnswer>(`/api/order/${id}`, { signal })).order,
    staleTime: 0,
  });
}

/** PUT /api/order/{id}/status (JSON { status }); 409 with a French message when the stock is short. */
export function changeOrderStatus(id: number, status: OrderStatusValue) {
  return api.put<OrderStatusAnswer>(`/api/order/${id}/status`, { status });
}

/** POST /api/order/{id}/status/undo: takes the last status change back while its e-mails wait (409 after). */
export function undoOrderStatus(id: number) {
  return api.post<OrderAnswer>(`/api/order/${id}/status/undo`);
}

/** DELETE /api/order/{id}/delete. */
export function deleteOrder(id: number) {
  return api.delete<DoneAnswer>(`/api/order/${id}/delete`);
}
