import type { AdminListAnswer, AdminSaveAnswer } from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, toFormData } from '../../../lib/api';
import { queryKeys, type ListParams } from '../../../lib/query-keys';

/** "Liste des administrateurs" shows 8 per page. */
export const ADMINS_PER_PAGE = 8;

export function adminsQueryOptions(params: ListParams & { sort?: string; direction?: 'asc' | 'desc'; role_id?: number }) {
  return queryOptions({
    queryKey: queryKeys.admins.list(params),
    queryFn: ({ signal }) =>
      api.get<AdminListAnswer>('/api/admin', {
        signal,
        query: {
          page: params.page,
          per_page: params.perPage ?? ADMINS_PER_PAGE,
          search: params.search,
          sort: params.sort,
          direction: params.direction,
          role_id: params.role_id,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export interface AdminFields {
  role_id: string;
  firstname: string;
  name: string;
  email: string;
  password: string;
}

/** POST /api/admin/create (multipart): role_id, firstname, name, email, password, optional image. */
export function createAdmin(fields: AdminFields, image: File | null) {
  return api.post<AdminSaveAnswer>('/api/admin/create', toFormData({ ...fields, image: image ?? undefined }));
}

/** POST /api/admin/{id}/update (multipart, `_method=PUT`): the password and image only when given. */
export function updateAdmin(id: number, fields: AdminFields, image: File | null, version?: number) {
  return api.post<AdminSaveAnswer>(
    `/api/admin/${id}/update`,
    toFormData({ ...fields, password: fields.password || undefined, image: image ?? undefined, version }, 'PUT'),
  );
}

/** DELETE /api/admin/{id}/delete. */
export function deleteAdmin(id: number) {
  return api.delete<{ success: boolean; message?: string }>(`/api/admin/${id}/delete`);
}
