import type { DoneAnswer, OrderAnswer, OrderListAnswer, OrderStatusValue } from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys, type ListParams } from '../../lib/query-keys';

/** The orders table shows 7 rows (order items) per page. */
export const ORDERS_PER_PAGE = 7;

export interface OrderListParams extends ListParams {
  status?: OrderStatusValue;
}

/** GET /api/order?page&per_page&search&status: one row per order item, with the counts per status. */
export function ordersQueryOptions(params: OrderListParams) {
  return queryOptions({
    queryKey: queryKeys.orders.list(params),
    queryFn: ({ signal }) =>
      api.get<OrderListAnswer>('/api/order', {
        signal,
        query: { page: params.page, per_page: params.perPage ?? ORDERS_PER_PAGE, search: params.search, status: params.status },
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
  return api.put<OrderAnswer>(`/api/order/${id}/status`, { status });
}

/** DELETE /api/order/{id}/delete. */
export function deleteOrder(id: number) {
  return api.delete<DoneAnswer>(`/api/order/${id}/delete`);
}
