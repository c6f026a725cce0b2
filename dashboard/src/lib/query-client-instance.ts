import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';

/** The dashboard's one TanStack Query cache; reach it through `loadQueryClient` (query-client.ts). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (4xx) will not change by asking again; a network or server failure might.
      retry: (failures, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
