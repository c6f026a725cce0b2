import type {
  CategoriesAnswer,
  CategoryListAnswer,
  CategorySaveAnswer,
  CurrencyListAnswer,
  DoneAnswer,
} from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, toFormData } from '../../lib/api';
import { queryKeys, type ListParams } from '../../lib/query-keys';

/** The categories table shows 8 per page (the spec's other reading says 4). */
export const CATEGORIES_PER_PAGE = 8;

/** GET /api/category?page&per_page&search (search on the designation). */
export function categoriesQueryOptions(params: ListParams & { sort?: string; direction?: 'asc' | 'desc' }) {
  return queryOptions({
    queryKey: queryKeys.categories.list(params),
    queryFn: ({ signal }) =>
      api.get<CategoryListAnswer>('/api/category', {
        signal,
        query: {
          page: params.page,
          per_page: params.perPage ?? CATEGORIES_PER_PAGE,
          search: params.search,
          sort: params.sort,
          direction: params.direction,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/categories: every category, for the product form's select. */
export const categoryOptionsQueryOptions = queryOptions({
  queryKey: queryKeys.categories.options,
  queryFn: async ({ signal }) => (await api.get<CategoriesAnswer>('/api/categories', { signal })).categories,
  staleTime: 60_000,
});

/** GET /api/currencies. */
export const currenciesQueryOptions = queryOptions({
  queryKey: queryKeys.currencies,
  queryFn: async ({ signal }) => (await api.get<CurrencyListAnswer>('/api/currencies', { signal })).currencies,
  staleTime: 5 * 60_000,
});

export interface CategoryFields {
  designation: string;
  description: string;
}

/** POST /api/category/create (multipart: designation, description). */
export function createCategory(fields: CategoryFields) {
  return api.post<CategorySaveAnswer>('/api/category/create', toFormData({ ...fields }));
}

/** POST /api/category/{id}/update (multipart, `_method=PUT`). */
export function updateCategory(id: number, fields: CategoryFields, version?: number) {
  return api.post<CategorySaveAnswer>(`/api/category/${id}/update`, toFormData({ ...fields, version }, 'PUT'));
}

/** DELETE /api/category/{id}/delete. */
export function deleteCategory(id: number) {
  return api.delete<DoneAnswer>(`/api/category/${id}/delete`);
}
