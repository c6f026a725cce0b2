/**
 * The column labels of an order's line prices: HT or TTC as the prices were entered
 * (PRICES_INCLUDE_TAX, told by the API with the order or the list).
 */
export function linePriceLabels(pricesIncludeTax: boolean): { unitPrice: string; total: string } {
  return pricesIncludeTax
    ? { unitPrice: 'Prix unitaire TTC', total: 'Total TTC' }
    : { unitPrice: 'Prix unitaire HT', total: 'Total HT' };
}
