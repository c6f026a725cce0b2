import type { EntityManager } from 'typeorm';
import { QuoteVersion } from './entities/quote-version.entity.js';

/**
 * Whether an order's lines count their prices TTC: PRICES_INCLUDE_TAX as its quote's version 1 (the
 * request itself) recorded it, so the devis and the order's detail never change with the setting;
 * the current setting for an order without a version.
 */
export async function orderPricesIncludeTax(manager: EntityManager, orderId: number, current: boolean): Promise<boolean> {
  const first = await manager
    .getRepository(QuoteVersion)
    .findOne({ where: { order_id: orderId, number: 1 }, select: { id: true, prices_include_tax: true } });
  return first ? Boolean(first.prices_include_tax) : current;
}
