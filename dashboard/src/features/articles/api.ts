import type { ArticleStatus, DoneAnswer, StaffArticleAnswer, StaffArticleListAnswer } from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys, type ListParams } from '../../lib/query-keys';

/** "Blog / Tous les articles" shows 8 cards per page. */
export const ARTICLES_PER_PAGE = 8;

export interface ArticleListParams extends ListParams {
  status?: ArticleStatus;
  user_id?: number;
  from?: string;
  to?: string;
  sort?: string;
  direction?: 'asc' | 'desc';
}

/** GET /api/blog?page&per_page&search&status&user_id&from&to&sort&direction (search on the title). */
export function articlesQueryOptions(params: ArticleListParams) {
  return queryOptions({
    queryKey: queryKeys.articles.list(params),
    queryFn: ({ signal }) =>
      api.get<StaffArticleListAnswer>('/api/blog', {
        signal,
        query: {
          page: params.page,
          per_page: params.perPage ?? ARTICLES_PER_PAGE,
          search: params.search,
          status: params.status,
          user_id: params.user_id,
          from: params.from,
          to: params.to,
          sort: params.sort,
          direction: params.direction,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/blog/{id}: the article with its editor document (content_json) and rendered HTML. */
export function articleQueryOptions(id: number) {
  return queryOptions({
    queryKey: queryKeys.articles.detail(id),
    queryFn: async ({ signal }) => (await api.get<StaffArticleAnswer>(`/api/blog/${id}`, { signal })).blog,
    staleTime: 0,
  });
}

/** DELETE /api/blog/{id}/delete. */
export function deleteArticle(id: number) {
  return api.delete<DoneAnswer>(`/api/blog/${id}/delete`);
}
