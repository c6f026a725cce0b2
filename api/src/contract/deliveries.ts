/** Delivery notes (bons de livraison) of an order: staff answers and the client page's list. */
import type { DeliveryKind } from '../shared/statuses.js';

export type DeliveryKindValue = DeliveryKind;

export interface DeliveryLineView {
  order_item_id: number;
  product_id: number | null;
  product_name: string;
  product_reference: string | null;
  /** Negative on a return. */
  quantity: number;
}

export interface DeliveryView {
  id: number;
  number: string;
  kind: DeliveryKindValue;
  delivered_at: string;
  carrier: string | null;
  note: string | null;
  created_by_name: string | null;
  created_at: string;
  lines: DeliveryLineView[];
}

/** An order line as deliveries see it: ordered, delivered so far, what remains. */
export interface DeliverableLine {
  order_item_id: number;
  product_id: number | null;
  product_name: string;
  product_reference: string | null;
  quantity: number;
  delivered_quantity: number;
  remaining: number;
}

export interface OrderDeliveries {
  order_id: number;
  order_num: string;
  status: 'pending' | 'inprogress' | 'shipped' | 'canceled';
  /** Send it back with a new delivery: another delivery recorded meanwhile makes it stale (409). */
  version: number;
  /** Whether a delivery may be recorded now, and why not. */
  can_deliver: boolean;
  cannot_deliver_reason: string | null;
  lines: DeliverableLine[];
  deliveries: DeliveryView[];
}

export interface OrderDeliveriesAnswer {
  success: true;
  message: string;
  deliveries: OrderDeliveries;
}

export interface DeliveryRecordedAnswer extends OrderDeliveriesAnswer {
  delivery: DeliveryView;
}

/** The client page's list: the order's notes, each PDF fetched by POST with the link's token. */
export interface ClientDeliveryView {
  id: number;
  number: string;
  kind: DeliveryKindValue;
  delivered_at: string;
  lines: { product_name: string; quantity: number }[];
}
