import type { OrderStatusValue } from '@comptoir/api/contract';
import { isOrderStatus, ORDER_STATUS_LABELS, ORDER_STATUSES } from '@comptoir/api/statuses';
import type { BadgeTone } from '../../ui/badge';

export { isOrderStatus, ORDER_STATUSES };

export const ORDER_STATUS_LABEL: Record<OrderStatusValue, string> = ORDER_STATUS_LABELS;

export const ORDER_STATUS_TONE: Record<OrderStatusValue, BadgeTone> = {
  pending: 'warning',
  inprogress: 'info',
  shipped: 'success',
  canceled: 'danger',
};

/** Spec section 4: any other value is shown as Annulé. */
export function orderStatusOf(value: unknown): OrderStatusValue {
  return isOrderStatus(value) ? value : 'canceled';
}
