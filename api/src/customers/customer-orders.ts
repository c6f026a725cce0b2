import type { DataSource, EntityManager } from 'typeorm';
import { Hook } from '../common/hook.js';

/**
 * What the customers need of the orders above them, registered by orders when its module starts: the
 * count of each customer's orders (the list's column) and, in the transaction that deletes a customer,
 * detaching its orders (they keep the company details they were placed with).
 */
export const CUSTOMER_ORDERS = {
  count: new Hook<(db: DataSource, customerIds: number[]) => Promise<Map<number, number>>>(),
  detach: new Hook<(manager: EntityManager, customerId: number) => Promise<unknown>>(),
};
