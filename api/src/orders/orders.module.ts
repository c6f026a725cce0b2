import { Module, type OnModuleInit } from '@nestjs/common';
import { OrderItem } from './entities/order-item.entity.js';
import { Order } from './entities/order.entity.js';
import { OrderHoldsService } from './order-holds.service.js';
import { DOCUMENT_LABELS, labelsOf } from '../stock/keeper/document-labels.js';
import { PRODUCT_DELETED } from '../catalogue/product-references.js';
import { CUSTOMER_ORDERS } from '../customers/customer-orders.js';
import { countByParent } from '../common/listing.js';

/**
 * Orders themselves, whoever reads them: the reservations that expire, and what the domains below orders
 * ask of them. The staff order page is staff-orders/, the public order request order-requests/.
 */
@Module({
  providers: [OrderHoldsService],
})
export class OrdersModule implements OnModuleInit {
  /**
   * The stock history names an order's movements by its number; deleting a product empties the product
   * link of its order lines; the customer list counts orders and deleting a customer empties the
   * customer link of its orders.
   */
  onModuleInit(): void {
    DOCUMENT_LABELS.register('order', (db, ids) => labelsOf(db, Order, ids, (order) => order.order_num));
    PRODUCT_DELETED.register('orders', (manager, productId) =>
      manager.getRepository(OrderItem).update({ product_id: productId }, { product_id: null }),
    );
    CUSTOMER_ORDERS.count.register('orders', (db, ids) =>
      countByParent(db.getRepository(Order).createQueryBuilder('ord'), 'ord.customer_id', ids),
    );
    CUSTOMER_ORDERS.detach.register('orders', (manager, customerId) =>
      manager.getRepository(Order).update({ customer_id: customerId }, { customer_id: null }),
    );
  }
}
