import { HttpStatus } from '@nestjs/common';
import { toCents } from '../common/money.js';
import type { OrderLine, OrderMoney } from '../contract/index.js';
import { ApiError } from '../core/errors/api-error.js';
import type { PricedLine } from '../orders/order-pricing.js';

/**
 * True prices: the order dialog sends, with each line, the unit price the visitor
 * saw (`seen_price`, in the product's currency). If a price changed since, the request is refused
 * with the new lines and totals, so the dialog shows "Le prix de … est passé de … à …" and the
 * visitor confirms again; a request never quietly costs more (or less) than what was on screen.
 * Lines sent without `seen_price` (older clients, the spec's API) are priced as before.
 */
export const PRICES_CHANGED =
  'Les prix de votre panier ont changé depuis son affichage : vérifiez les nouveaux prix puis envoyez à nouveau.';

export interface PriceChange {
  product_id: number;
  product_name: string;
  seen_price: string;
  price: string;
  currency_code: string;
  currency_symbol: string;
}

/** The lines whose catalogue price differs from the one the visitor saw. */
export function priceChanges(
  items: readonly { product_id: number; seen_price?: string }[],
  priced: readonly PricedLine[],
): PriceChange[] {
  const seen = new Map<number, string>();
  for (const item of items)
    if (item.seen_price !== undefined && !seen.has(item.product_id)) seen.set(item.product_id, item.seen_price);
  const changes: PriceChange[] = [];
  for (const line of priced) {
    const before = seen.get(line.product_id);
    if (before === undefined || toCents(before) === toCents(line.price)) continue;
    changes.push({
      product_id: line.product_id,
      product_name: line.product_name,
      seen_price: before,
      price: line.price,
      currency_code: line.currency_code,
      currency_symbol: line.currency_symbol,
    });
  }
  return changes;
}

/** 409 with the changes, the lines as now priced and the new totals. */
export class PricesChanged extends ApiError {
  constructor(changes: PriceChange[], lines: OrderLine[], money: OrderMoney) {
    super(HttpStatus.CONFLICT, PRICES_CHANGED, { prices_changed: changes, lines, money });
  }
}
