import type { OrderStatusValue } from '@comptoir/api/contract';
import type { BadgeTone } from '../../ui/badge';

export const ORDER_STATUSES: readonly OrderStatusValue[] = ['pending', 'inprogress', 'shipped', 'canceled'];

export const ORDER_STATUS_LABEL: Record<OrderStatusValue, string> = {
  pending: 'En attente',
  inprogress: 'En cours',
  shipped: 'Expédié',
  canceled: 'Annulé',
};

export const ORDER_STATUS_TONE: Record<OrderStatusValue, BadgeTone> = {
  pending: 'warning',
  inprogress: 'info',
  shipped: 'success',
  canceled: 'danger',
};

export function isOrderStatus(value: unknown): value is OrderStatusValue {
  return value === 'pending' || value === 'inprogress' || value === 'shipped' || value === 'canceled';
}

/** Spec section 4: any other value is shown as Annulé. */
export function orderStatusOf(value: unknown): OrderStatusValue {
  return isOrderStatus(value) ? value : 'canceled';
}
