import type { EntityManager } from 'typeorm';
import { Hook } from '../common/hook.js';

/**
 * The domains above the catalogue whose rows name a product (order lines) detach them here, in the
 * transaction that deletes the product: the line keeps what it was ordered with, its link empties.
 */
export const PRODUCT_DELETED = new Hook<(manager: EntityManager, productId: number) => Promise<unknown>>();
