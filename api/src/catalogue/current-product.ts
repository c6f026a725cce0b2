import type { EntityManager } from 'typeorm';
import { Product } from './entities/product.entity.js';

/** The product as committed now (a locking read on MySQL, whose plain reads show the transaction's snapshot). */
export async function currentProduct(manager: EntityManager, productId: number): Promise<Product | null> {
  return manager.getRepository(Product).findOne({
    where: { id: productId },
    ...(manager.connection.options.type === 'better-sqlite3' ? {} : { lock: { mode: 'pessimistic_write' as const } }),
  });
}
