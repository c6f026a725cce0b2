import type {
  StockAlertsAnswer,
  StockListFilter,
  StockProductsAnswer,
  StockValuationAnswer,
  StockValuationHistoryAnswer,
} from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys, type ListParams } from '../../lib/query-keys';

export { STOCK_FILTERS } from './stock-search';
export const DEFAULT_EXPIRY_DAYS = 30;

/** The filter's label in the product list ("Stock bas"...). */
export function stockFilterLabel(filter: StockListFilter, days = DEFAULT_EXPIRY_DAYS): string {
  switch (filter) {
    case 'low':
      return 'Stock bas';
    case 'out':
      return 'En rupture';
    case 'expiring':
      return `Expire sous ${days} jours`;
    case 'expired':
      return 'Lots périmés';
  }
}

/** GET /api/stock/products: the product list filtered by stock (same rows as the public list, plus stock figures). */
export function stockProductsQueryOptions(params: ListParams & { stock: StockListFilter; days?: number; perPage: number }) {
  return queryOptions({
    queryKey: queryKeys.stockInsights.products(params),
    queryFn: ({ signal }) =>
      api.get<StockProductsAnswer>('/api/stock/products', {
        signal,
        query: { page: params.page, per_page: params.perPage, search: params.search, stock: params.stock, days: params.days },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/stock/alerts: products low, out, expiring within 30 days, with expired lots. */
export const stockAlertsQueryOptions = queryOptions({
  queryKey: queryKeys.stockInsights.alerts,
  queryFn: async ({ signal }) => (await api.get<StockAlertsAnswer>('/api/stock/alerts', { signal, background: true })).alerts,
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
  retry: false,
});

export const valuationQueryOptions = queryOptions({
  queryKey: queryKeys.stockInsights.valuation,
  queryFn: ({ signal }) => api.get<StockValuationAnswer>('/api/stock/valuation', { signal }),
});

export function valuationHistoryQueryOptions(from: string, to: string) {
  return queryOptions({
    queryKey: queryKeys.stockInsights.history(from, to),
    queryFn: ({ signal }) =>
      api.get<StockValuationHistoryAnswer>('/api/stock/valuation/history', { signal, query: { from, to } }),
    placeholderData: keepPreviousData,
  });
}

/** The export's address (a plain link: the session cookie goes with it, the browser downloads the file). */
export const valuationExportUrl = (format: 'csv' | 'xlsx') => `/api/stock/valuation/export?format=${format}`;
