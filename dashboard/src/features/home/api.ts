import type { DashboardSummaryAnswer, LatestBlogAnswer, LatestOrderAnswer } from '@comptoir/api/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * GET /api/dashboard/summary: the home cards' counts and the charts (only what the user may view),
 * one call shared by the cards and the charts (each reads its part with `select`).
 */
export const summaryQueryOptions = queryOptions({
  queryKey: queryKeys.summary,
  queryFn: async ({ signal }) => await api.get<DashboardSummaryAnswer>('/api/dashboard/summary', { signal }),
  staleTime: 0,
});

/** GET /api/latest-blog: the 5 latest articles. */
export const latestArticlesQueryOptions = queryOptions({
  queryKey: queryKeys.latestArticles,
  queryFn: async ({ signal }) => (await api.get<LatestBlogAnswer>('/api/latest-blog', { signal })).blogs,
  staleTime: 0,
});

/** GET /api/latest-order: the 5 latest order items. */
export const latestOrdersQueryOptions = queryOptions({
  queryKey: queryKeys.latestOrders,
  queryFn: async ({ signal }) => (await api.get<LatestOrderAnswer>('/api/latest-order', { signal })).orderItems,
  staleTime: 0,
});
