import type { BrandListAnswer, BrandSaveAnswer, DoneAnswer } from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, toFormData } from '../../lib/api';
import { queryKeys, type ListParams } from '../../lib/query-keys';

/** The brands table shows 8 per page. */
export const BRANDS_PER_PAGE = 8;

/** GET /api/brands?page&per_page&search (search on the name). */
export function brandsQueryOptions(params: ListParams & { sort?: string; direction?: 'asc' | 'desc' }) {
  return queryOptions({
    queryKey: queryKeys.brands.list(params),
    queryFn: ({ signal }) =>
      api.get<BrandListAnswer>('/api/brands', {
        signal,
        query: {
          page: params.page,
          per_page: params.perPage ?? BRANDS_PER_PAGE,
          search: params.search,
          sort: params.sort,
          direction: params.direction,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export interface BrandFields {
  name: string;
  representative: string;
  description: string;
}

/** POST /api/brands/create (multipart: name, representative, description, image). */
export function createBrand(fields: BrandFields, image: File | null) {
  return api.post<BrandSaveAnswer>('/api/brands/create', toFormData({ ...fields, image: image ?? undefined }));
}

/** POST /api/brands/{id}/update (multipart, `_method=PUT`; the image only when replaced). */
export function updateBrand(id: number, fields: BrandFields, image: File | null, version?: number) {
  return api.post<BrandSaveAnswer>(
    `/api/brands/${id}/update`,
    toFormData({ ...fields, image: image ?? undefined, version }, 'PUT'),
  );
}

/** DELETE /api/brands/{id}/delete. */
export function deleteBrand(id: number) {
  return api.delete<DoneAnswer>(`/api/brands/${id}/delete`);
}
