import { Badge } from '../../ui/badge';
import { ORDER_STATUS_LABEL, ORDER_STATUS_TONE, orderStatusOf } from './status';

/** The order status badge (any unknown value reads Annulé). */
export function OrderStatusBadge({ status }: { status: string }) {
  const value = orderStatusOf(status);
  return <Badge tone={ORDER_STATUS_TONE[value]}>{ORDER_STATUS_LABEL[value]}</Badge>;
}
