import type { CustomerForm, CustomerListAnswer, CustomerSaveAnswer, DoneAnswer } from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, toFormData } from '../../lib/api';
import { queryKeys, type ListParams } from '../../lib/query-keys';

/** "Liste de clients" shows 8 per page. */
export const CUSTOMERS_PER_PAGE = 8;

/** GET /api/customer?page&per_page&search (search on the company name). */
export function customersQueryOptions(
  params: ListParams & { sort?: string; direction?: 'asc' | 'desc'; from?: string; to?: string },
) {
  return queryOptions({
    queryKey: queryKeys.customers.list(params),
    queryFn: ({ signal }) =>
      api.get<CustomerListAnswer>('/api/customer', {
        signal,
        query: {
          page: params.page,
          per_page: params.perPage ?? CUSTOMERS_PER_PAGE,
          search: params.search,
          sort: params.sort,
          direction: params.direction,
          from: params.from,
          to: params.to,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/customer/{id}: one client and its number of orders (the client page). */
export function customerQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...queryKeys.customers.all, 'detail', id] as const,
    queryFn: async ({ signal }) => (await api.get<CustomerSaveAnswer>(`/api/customer/${id}`, { signal })).customer,
  });
}

/** POST /api/customer/create (multipart, the seven fields). */
export function createCustomer(fields: CustomerForm) {
  return api.post<CustomerSaveAnswer>('/api/customer/create', toFormData({ ...fields }));
}

/** POST /api/customer/{id}/update (multipart, `_method=PUT`). */
export function updateCustomer(id: number, fields: CustomerForm, version?: number) {
  return api.post<CustomerSaveAnswer>(`/api/customer/${id}/update`, toFormData({ ...fields, version }, 'PUT'));
}

/** DELETE /api/customer/{id}/delete. */
export function deleteCustomer(id: number) {
  return api.delete<DoneAnswer>(`/api/customer/${id}/delete`);
}
