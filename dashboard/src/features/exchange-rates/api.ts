import type { ExchangeRateCreatedAnswer, ExchangeRatePayload, ExchangeRatesAnswer } from '@comptoir/api/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** GET /api/exchange-rate (admin view): the rates in force and the history. */
export const exchangeRatesQueryOptions = queryOptions({
  queryKey: queryKeys.exchangeRates,
  queryFn: ({ signal }) => api.get<ExchangeRatesAnswer>('/api/exchange-rate', { signal }),
});

/** POST /api/exchange-rate (admin edit): a new rate; the previous ones stay in the history. */
export function setExchangeRate(payload: ExchangeRatePayload) {
  return api.post<ExchangeRateCreatedAnswer>('/api/exchange-rate', payload);
}
