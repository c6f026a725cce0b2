import type { DeliveryRecordedAnswer, OrderDeliveriesAnswer } from '@comptoir/api/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The order's delivery notes, under its detail's key so that refreshing the order refreshes them too. */
export const deliveriesKey = (orderId: number) => [...queryKeys.orders.detail(orderId), 'deliveries'] as const;

/** GET /api/order/:id/deliveries: the notes and, per line, ordered, delivered and remaining. */
export function orderDeliveriesQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: deliveriesKey(orderId),
    queryFn: ({ signal }) => api.get<OrderDeliveriesAnswer>(`/api/order/${orderId}/deliveries`, { signal }),
  });
}

export interface DeliveryPayload {
  version: number;
  lines: { order_item_id: number; quantity: number }[];
  delivered_at?: string;
  carrier?: string;
  note?: string;
}

/** POST /api/order/:id/deliveries: records a delivery note (BL-…). */
export function recordDelivery(orderId: number, payload: DeliveryPayload): Promise<DeliveryRecordedAnswer> {
  return api.post<DeliveryRecordedAnswer>(`/api/order/${orderId}/deliveries`, payload);
}

/** The note's PDF (staff route, opened in a new tab or downloaded). */
export const deliveryPdfUrl = (deliveryId: number) => `/api/delivery/${deliveryId}/pdf`;
