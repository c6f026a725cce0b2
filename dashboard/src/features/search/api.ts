import type { SearchAnswer } from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The global search starts at 2 characters. */
export const SEARCH_MIN_LENGTH = 2;

/** GET /api/search?query=: up to 5 results per group, only the groups the user may view. */
export function globalSearchQueryOptions(query: string) {
  return queryOptions({
    queryKey: queryKeys.globalSearch(query),
    queryFn: ({ signal }) => api.get<SearchAnswer>('/api/search', { signal, query: { query } }),
    enabled: query.length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
