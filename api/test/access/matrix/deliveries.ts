import { Delivery } from '../../../src/deliveries/entities/delivery.entity.js';
import { DeliveryLine } from '../../../src/deliveries/entities/delivery-line.entity.js';
import { OrderItem } from '../../../src/orders/entities/order-item.entity.js';
import * as fx from '../../backoffice/fixtures.js';
import type { MatrixContext, MatrixRow } from '../matrix-row.js';

/**
 * Delivery notes: `deliveries` view (list, PDF), create (a delivery), delete (a return, the only way to
 * undo a recorded note); the client's PDF route is public, checked by the e-mailed link's token.
 */
export const publicRoutes: string[] = ['POST /api/client/order/delivery-pdf'];
export const signedInRoutes: string[] = [];

/** A confirmed order holding 3 units of one line, `delivered` of them already delivered (with their note). */
const confirmed =
  (delivered = 0) =>
  async ({ t }: MatrixContext) => {
    const product = await fx.product(t, await fx.refs(t), { stock: 10 });
    const order = await fx.order(t, [{ product, quantity: 3 }], { status: 'inprogress' });
    const item = await t.dataSource.getRepository(OrderItem).findOneByOrFail({ order_id: order.id });
    let deliveryId = 0;
    if (delivered) {
      await t.dataSource.getRepository(OrderItem).update({ id: item.id }, { delivered_quantity: delivered });
      const saved = await t.dataSource.getRepository(Delivery).save({
        order_id: order.id,
        number: `BL-TEST-${order.id}`,
        kind: 'delivery',
        delivered_at: new Date(),
        carrier: null,
        note: null,
        created_by: null,
        created_by_name: null,
      });
      await t.dataSource.getRepository(DeliveryLine).insert({
        delivery_id: saved.id,
        position: 0,
        order_item_id: item.id,
        product_id: product.id,
        product_name: product.name,
        product_reference: null,
        quantity: delivered,
      });
      deliveryId = saved.id;
    }
    return { id: order.id, item: item.id, delivery: deliveryId };
  };

export const rows: MatrixRow[] = [
  {
    method: 'GET',
    route: '/api/order/:id/deliveries',
    category: 'deliveries',
    right: 'view',
    setup: confirmed(),
    expectAllowed: [200],
  },
  {
    method: 'POST',
    route: '/api/order/:id/deliveries',
    category: 'deliveries',
    right: 'create',
    setup: confirmed(),
    send: (req, vars) => req.send({ lines: [{ order_item_id: vars.item, quantity: 1 }] }),
    expectAllowed: [201],
  },
  {
    method: 'POST',
    route: '/api/order/:id/returns',
    category: 'deliveries',
    right: 'delete',
    setup: confirmed(2),
    send: (req, vars) => req.send({ lines: [{ order_item_id: vars.item, quantity: 1 }] }),
    expectAllowed: [201],
  },
  {
    method: 'GET',
    route: '/api/delivery/:id/pdf',
    category: 'deliveries',
    right: 'view',
    setup: async (ctx) => {
      const vars = await confirmed(1)(ctx);
      return { id: vars.delivery };
    },
    expectAllowed: [200],
  },
];
