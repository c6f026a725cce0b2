import type { StockListFilter } from '@comptoir/api/contract';

/** The product list's stock filters (`?stock=`), in the order the filter bar shows them. */
export const STOCK_FILTERS: readonly StockListFilter[] = ['low', 'out', 'expiring', 'expired'];

/**
 * `?stock=&days=` of the product list's URL. Kept apart from the filter bar: the route reads it in the
 * app's first file, which should not carry the bar and the data hooks it needs.
 */
export function validateStockSearch(raw: Record<string, unknown>): { stock?: StockListFilter; days?: number } {
  const stock = STOCK_FILTERS.find((filter) => filter === raw.stock);
  const days = Number(raw.days);
  return {
    stock,
    days: stock === 'expiring' && Number.isInteger(days) && days >= 0 && days <= 3650 ? days : undefined,
  };
}
